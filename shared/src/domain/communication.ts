import { formatMoney } from './money';
import { TZDate } from '@date-fns/tz';
import { isDay, TIME_ZONE } from './dates';

/**
 * The communication campaigns' constants and plain helpers (types, messages, limits, prices, the
 * recipient list, the SMS text, the send instant), without zod or the cron parser, so the sending
 * pipeline (planner, senders, controls) carries only what it calls. The wire schemas in
 * `schemas/communication.ts` re-export all of it.
 */

export const COMMUNICATION_TYPES = ['EMAIL', 'TEMAIL', 'SMS', 'PUSH', 'APPF', 'APPB'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];
/**
 * The types that are sent to customers (the others are templates and app art). The WhatsApp
 * campaigns (WPPM to customers, WPPG to a group, WPPC to a channel; domain/whatsapp.ts) go through
 * the same pipeline on their own queue, though their records are saved by the whatsapp domain.
 */
export const SENDABLE_TYPES = ['EMAIL', 'SMS', 'PUSH', 'WPPM', 'WPPG', 'WPPC'] as const;
export type SendableType = (typeof SENDABLE_TYPES)[number];
export const isSendable = (type: string): type is SendableType =>
  (SENDABLE_TYPES as readonly string[]).includes(type);
export const isCommunicationType = (type: string): type is CommunicationType =>
  (COMMUNICATION_TYPES as readonly string[]).includes(type);

/** The template variables a message may use (filled per recipient when sent; escaped in HTML). */
export const TEMPLATE_VARIABLES = ['nome', 'primeiro_nome', 'email', 'celular', 'documento', 'loja'] as const;

export const COMMUNICATION_MESSAGES = {
  unknownVariable: (names: readonly string[]) =>
    `${names.length === 1 ? 'Variável desconhecida' : 'Variáveis desconhecidas'}: ${names.map((n) => `{{${n}}}`).join(', ')}. Use ${TEMPLATE_VARIABLES.slice(
      0,
      -1,
    )
      .map((n) => `{{${n}}}`)
      .join(', ')} ou {{${TEMPLATE_VARIABLES[TEMPLATE_VARIABLES.length - 1]}}}.`,
  emailDescription: 'Informe a descrição da comunicação',
  subject: 'Informe o assunto do e-mail',
  frequency: 'Informe a frequência de execução',
  frequencyInvalid: 'Frequência inválida: use uma expressão cron de 5 campos.',
  runOn: 'Informe a data e a hora do envio.',
  runOnPast: 'A data de envio não pode ser anterior a agora.',
  executed: 'Campanha nao pôde ser alterada o envio já foi realizado.',
  templateDescription: 'Informe a descrição do template',
  smsDescription: 'Descrição pendente',
  smsBody: 'Informe o texto do SMS.',
  pushDescription: 'Informe a descrição da comunicação',
  pushHeader: 'Informe o cabeçalho da notificação.',
  pushBody: 'Informe a mensagem da notificação.',
  artDescription: 'Informe a descrição da arte',
  artPeriod: 'Selecione o Período',
  artType: 'Selecione o tipo da arte.',
  artUrl: 'Informe a URL da arte.',
  testEmail: 'Preencha o e-mail corretamente',
  testSubject: 'Preencha o assunto',
  testSent: 'Teste de email enviado com sucesso !',
  /** Push test send (issue 20 item 14): to one customer's app, chosen by CPF/CNPJ. */
  pushTestDocument: 'Informe o CPF ou CNPJ do cliente que recebe o teste.',
  pushTestCustomer: 'Cliente não encontrado.',
  pushTestUrl: 'Informe um link que comece com http:// ou https://.',
  pushTestSent: 'Notificação de teste enviada com sucesso!',
  notApproved: 'Aprove o custo estimado antes de enviar a campanha.',
  approvalLapsed:
    'O público ou o custo estimado aumentou depois da aprovação: aprove o novo custo novamente.',
  recipients: 'Máximo de 100 caracteres.',
  recipientsEmail: (value: string) => `Destinatário inválido: ${value}`,
  webUrl: 'Use uma URL http(s).',
} as const;

/** Text limits of spec part 3 §9. */
export const LIMITS = {
  recipients: 100,
  smsBody: 160,
  pushTitle: 100,
  pushHeader: 100,
  pushBody: 100,
} as const;

/** Estimated cost per recipient, R$ (spec part 3 §9); the `pricing_*` settings replace them. */
export const UNIT_PRICES: Readonly<Record<SendableType | 'WHATSAPP', number>> = {
  EMAIL: 0.007,
  SMS: 0.1,
  PUSH: 0.0000005,
  // WhatsApp: no spec price; the `pricing_whatsapp` setting gives it.
  WPPM: 0,
  WPPG: 0,
  WPPC: 0,
  WHATSAPP: 0,
};

/** Estimated cost in reais, rounded to 2 decimals (spec part 3 §9). */
export const estimatedCost = (recipients: number, unitPrice: number): number =>
  Math.round(recipients * unitPrice * 100) / 100;

/**
 * Why a cost approval no longer holds: the audience or the estimated cost grew after it was given
 * (issue 20). Undefined while it holds. `approved` is what was approved (a record approved before
 * this rule has only its value).
 */
export function approvalLapse(
  approved: { value?: number | null; recipients?: number | null },
  now: { value: number; recipients: number },
): string | undefined {
  const grewValue = typeof approved.value === 'number' && now.value > approved.value + 1e-9;
  const grewAudience = typeof approved.recipients === 'number' && now.recipients > approved.recipients;
  if (!grewValue && !grewAudience) return undefined;
  const brl = (v: number) => formatMoney(Math.round(v * 100));
  const audience =
    typeof approved.recipients === 'number'
      ? ` (${approved.recipients.toLocaleString('pt-BR')} → ${now.recipients.toLocaleString('pt-BR')} destinatários)`
      : '';
  return `${COMMUNICATION_MESSAGES.approvalLapsed} Aprovado: ${brl(approved.value ?? 0)}; agora: ${brl(now.value)}${audience}.`;
}

/** Recipients of a ';'-separated list (blanks dropped). */
export const recipientList = (recipients: string): string[] =>
  recipients
    .split(';')
    .map((r) => r.trim())
    .filter(Boolean);

const SMS_ALLOWED = /[^A-Za-z0-9 .,;:!?()\-/%$@+*#&'"=_{}\n]/g;
/**
 * The SMS text as sent (spec part 3 §5): accents removed, then every character outside letters,
 * digits, space and a small punctuation set stripped (braces stay: `{{primeiro_nome}}` is a
 * template variable), at most 160 characters.
 */
export const smsText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(SMS_ALLOWED, '')
    .slice(0, LIMITS.smsBody);

const WEB_URL = /^https?:\/\/[^\s"'<>`\\]+$/i;
/**
 * An address a push or an app art may open or show: http(s) only (never `javascript:`, `data:` or
 * an app scheme) and nothing that could close the attribute it is written into (quotes, angle
 * brackets, spaces, backslashes). Checked the same way in the browser form and on save.
 */
export const isWebUrl = (value: string): boolean => {
  if (!WEB_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const EMAIL = /^[^\s@;]+@[^\s@;]+\.[^\s@;]+$/;
export const isEmailAddress = (value: string): boolean => EMAIL.test(value) && value.length <= 254;

/** 'YYYY-MM-DD HH:mm' (seconds optional) in the business zone → the instant. */
export function runOnInstant(runOn: string): Date | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(runOn.trim());
  if (!m || !isDay(m[1]!)) return undefined;
  const [y, mo, d] = m[1]!.split('-').map(Number) as [number, number, number];
  const h = Number(m[2]);
  const mi = Number(m[3]);
  if (h > 23 || mi > 59) return undefined;
  return new Date(new TZDate(y, mo - 1, d, h, mi, Number(m[4] ?? 0), TIME_ZONE).getTime());
}

/** The actions each channel records (the spec's filters), in display order. */
export const ANALYTICS_ACTIONS = {
  EMAIL: ['sent', 'delivered', 'open', 'click', 'dropped', 'deferred', 'bounce', 'complaint'],
  SMS: ['SENT', 'DELIVERED', 'NOT DELIVERED', 'REJECTED'],
  PUSH: ['sent', 'successful', 'converted', 'failed', 'errored'],
  WPPM: ['sent', 'delivered', 'read', 'failed'],
  WPPG: ['sent', 'delivered', 'read', 'failed'],
  WPPC: ['sent', 'delivered', 'read', 'failed'],
} as const satisfies Record<SendableType, readonly string[]>;
