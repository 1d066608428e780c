import { isDay } from '../domain/dates';
import * as z from '../domain/zod-pt';
import { isCronExpression } from '../domain/cron';

/**
 * Communication campaigns on the wire (spec part 3 §3 'Communication campaign', §4, §5, §9): the
 * e-mail, e-mail template, SMS, push and app-art records share the campaign model and API of the
 * discount campaigns (`POST /web/campaign/new`, `PUT /web/campaign/update`, the list and details),
 * told apart by `type`. The editors and the API validate with these schemas.
 *
 * Where the spec names a field without saying what fills it, this is the reading (README,
 * "Communications"):
 * - `info.layout_title` is the e-mail subject and the push title; `info.layout_header` the push
 *   header; `info.layout_body` the e-mail HTML (sanitised on save), the SMS text and the push body;
 * - `info.flow` is the visual editor's project (JSON text) of an e-mail or template;
 * - `info.run_on` is a local date-time 'YYYY-MM-DD HH:mm' in America/Sao_Paulo; `run_frequency` a
 *   5-field cron in the same zone;
 * - `info.url` is the push click URL and, for app art, the image URL; an art's click URL is
 *   `info.layout_body`;
 * - `info.recipients`: when given, the send goes to those addresses only (';'-separated, at most
 *   100 characters), never to the lead or the whole base;
 * - `info.value` is the estimated cost in reais, computed by the server on save (§9 unit prices or
 *   the `pricing_*` settings);
 * - `info.approvement` 'Aprovado por: {name} Em: {date}' once someone agreed with the cost; a
 *   campaign without it is never sent.
 */

export * from '../domain/communication';
import {
  COMMUNICATION_MESSAGES,
  COMMUNICATION_TYPES,
  TEMPLATE_VARIABLES,
  LIMITS,
  isEmailAddress,
  isWebUrl,
  recipientList,
  runOnInstant,
  smsText,
} from '../domain/communication';

// ---------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------

const empty = (v: unknown) => v === undefined || v === null || v === '';
const yesNo = (fallback: 'Y' | 'N') =>
  z.preprocess(
    (v) => (v === true ? 'Y' : v === false ? 'N' : empty(v) ? undefined : v),
    z.enum(['Y', 'N'], { error: "Use 'Y' ou 'N'." }).default(fallback),
  );
const text = (max: number, message = `Máximo de ${max} caracteres.`) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(max, message),
  );
const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const nullableText = (max: number) =>
  z
    .preprocess(
      (v) => (empty(v) ? null : v),
      z.string().trim().max(max, `Máximo de ${max} caracteres.`).nullable(),
    )
    .default(null);

export { TEMPLATE_VARIABLES };

/** The `{{…}}` of a text that are not template variables, each once, as written ('{{ Nome }}' → 'Nome'). */
export function unknownTemplateVariables(text: string): string[] {
  const known: readonly string[] = TEMPLATE_VARIABLES;
  const found = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) if (!known.includes(m[1]!)) found.add(m[1]!);
  return [...found];
}

/** The `info` of a communication campaign (spec part 3 §3). */
export const CommunicationInfo = z.object({
  layout_title: text(200).default(''),
  layout_header: text(LIMITS.pushHeader, `Máximo de ${LIMITS.pushHeader} caracteres.`).default(''),
  /** E-mail HTML (up to 512 KB), SMS text or push body. */
  layout_body: text(512 * 1024, 'O conteúdo passou do tamanho máximo (512 KB).').default(''),
  /** The e-mail editor's project, JSON text. */
  flow: text(2 * 1024 * 1024, 'O projeto do editor passou do tamanho máximo (2 MB).').default(''),
  type: z.preprocess(
    (v) => (empty(v) ? 'O' : v),
    z.enum(['O', 'R'], { error: "Use 'O' (uma vez) ou 'R' (recorrente)." }),
  ),
  run_on: nullableText(19),
  run_frequency: nullableText(100),
  url: text(2_000).default(''),
  need_terms: yesNo('N'),
  approvement: nullableText(200),
  recipients: text(LIMITS.recipients, COMMUNICATION_MESSAGES.recipients).default(''),
  can_repeat_customer: yesNo('Y'),
  channel_id: z
    .preprocess((v) => (empty(v) || v === 0 ? null : v), id('Canal inválido.').nullable())
    .default(null),
  /** Read-only: the server keeps these (estimated cost, execution, cancellation). */
  value: z.unknown().optional(),
  executed_at: z.unknown().optional(),
  canceled_at: z.unknown().optional(),
  canceled_by: z.unknown().optional(),
});
export type CommunicationInfo = z.output<typeof CommunicationInfo>;

const shape = z.object({
  id: id('Campanha inválida.').optional(),
  description: text(200),
  type: z.enum(COMMUNICATION_TYPES, { error: 'Tipo de comunicação inválido.' }),
  active: yesNo('Y'),
  id_lead: z
    .preprocess((v) => (empty(v) || v === 0 ? null : v), id('Lead inválido.').nullable())
    .default(null),
  start_at: z.preprocess(
    (v) => (empty(v) ? undefined : v),
    z.string().trim().refine(isDay, 'Data inválida: use AAAA-MM-DD.').optional(),
  ),
  end_at: z.preprocess(
    (v) => (empty(v) ? undefined : v),
    z.string().trim().refine(isDay, 'Data inválida: use AAAA-MM-DD.').optional(),
  ),
  always_valid: yesNo('N'),
  updated_at: z.string().optional(),
  info: CommunicationInfo,
});

type Shape = z.output<typeof shape>;
type Issue = { path: (string | number)[]; message: string };

/** The rules of spec part 3 §5 for each type. */
export function communicationIssues(c: Shape, now: Date = new Date()): Issue[] {
  const issues: Issue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const info = c.info;
  const schedule = () => {
    if (info.type === 'R') {
      if (!info.run_frequency) add(['info', 'run_frequency'], COMMUNICATION_MESSAGES.frequency);
      else if (!isCronExpression(info.run_frequency))
        add(['info', 'run_frequency'], COMMUNICATION_MESSAGES.frequencyInvalid);
    } else if (info.run_on) {
      const at = runOnInstant(info.run_on);
      if (!at) add(['info', 'run_on'], 'Data inválida: use AAAA-MM-DD HH:mm.');
      // A save of an unchanged past date (an edit after the send) is judged by the service.
      else if (!c.id && at.getTime() < now.getTime() - 60_000)
        add(['info', 'run_on'], COMMUNICATION_MESSAGES.runOnPast);
    }
  };
  // Every {{variable}} of a message must be one the sender fills (issue 20 item 13): an unknown one
  // would reach customers as literal text.
  if (c.type === 'EMAIL' || c.type === 'TEMAIL' || c.type === 'SMS' || c.type === 'PUSH') {
    for (const field of ['layout_title', 'layout_header', 'layout_body'] as const) {
      const unknown = unknownTemplateVariables(info[field]);
      if (unknown.length > 0) add(['info', field], COMMUNICATION_MESSAGES.unknownVariable(unknown));
    }
  }
  switch (c.type) {
    case 'EMAIL': {
      if (!c.description) add(['description'], COMMUNICATION_MESSAGES.emailDescription);
      if (!info.layout_title) add(['info', 'layout_title'], COMMUNICATION_MESSAGES.subject);
      for (const r of recipientList(info.recipients))
        if (!isEmailAddress(r)) add(['info', 'recipients'], COMMUNICATION_MESSAGES.recipientsEmail(r));
      schedule();
      break;
    }
    case 'TEMAIL':
      if (!c.description) add(['description'], COMMUNICATION_MESSAGES.templateDescription);
      break;
    case 'SMS': {
      if (!c.description) add(['description'], COMMUNICATION_MESSAGES.smsDescription);
      if (!smsText(info.layout_body).trim()) add(['info', 'layout_body'], COMMUNICATION_MESSAGES.smsBody);
      if (info.layout_body.length > LIMITS.smsBody)
        add(['info', 'layout_body'], `Máximo de ${LIMITS.smsBody} caracteres.`);
      for (const r of recipientList(info.recipients))
        if (!/^\d{10,13}$/.test(r)) add(['info', 'recipients'], `Telefone inválido: ${r}`);
      schedule();
      break;
    }
    case 'PUSH': {
      if (!c.description) add(['description'], COMMUNICATION_MESSAGES.pushDescription);
      if (info.layout_title.length > LIMITS.pushTitle)
        add(['info', 'layout_title'], `Máximo de ${LIMITS.pushTitle} caracteres.`);
      if (!info.layout_header) add(['info', 'layout_header'], COMMUNICATION_MESSAGES.pushHeader);
      if (!info.layout_body) add(['info', 'layout_body'], COMMUNICATION_MESSAGES.pushBody);
      else if (info.layout_body.length > LIMITS.pushBody)
        add(['info', 'layout_body'], `Máximo de ${LIMITS.pushBody} caracteres.`);
      // The click URL is optional; when given, the app opens it: http(s) only.
      if (info.url && !isWebUrl(info.url)) add(['info', 'url'], COMMUNICATION_MESSAGES.webUrl);
      schedule();
      break;
    }
    case 'APPF':
    case 'APPB': {
      if (!c.description) add(['description'], COMMUNICATION_MESSAGES.artDescription);
      if (!c.start_at || (c.always_valid !== 'Y' && !c.end_at))
        add(['start_at'], COMMUNICATION_MESSAGES.artPeriod);
      if (c.start_at && c.end_at && c.always_valid !== 'Y' && c.end_at < c.start_at)
        add(['end_at'], 'A data final deve ser igual ou posterior à inicial.');
      if (!info.url) add(['info', 'url'], COMMUNICATION_MESSAGES.artUrl);
      else if (!isWebUrl(info.url)) add(['info', 'url'], COMMUNICATION_MESSAGES.webUrl);
      // The art's click URL (optional).
      if (info.layout_body && !isWebUrl(info.layout_body))
        add(['info', 'layout_body'], COMMUNICATION_MESSAGES.webUrl);
      break;
    }
  }
  return issues;
}

/**
 * A communication campaign: the body of POST /web/campaign/new and PUT /web/campaign/update when
 * `type` is one of {@link COMMUNICATION_TYPES}.
 */
export const CommunicationCampaign = shape.superRefine((campaign, ctx) => {
  for (const issue of communicationIssues(campaign)) ctx.addIssue({ code: 'custom', ...issue });
});
export type CommunicationCampaign = z.output<typeof CommunicationCampaign>;

export { EmailTest, PushTest } from './communication-tests';

/** The state of a campaign's sends (GET /web/communications/{id}/progress). */
export const RUN_STATUSES = ['PLANNING', 'SENDING', 'PAUSED', 'COMPLETED', 'CANCELED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

// ---------------------------------------------------------------------------------------
// Answers (shared by the functions that build them and the screens that parse them)
// ---------------------------------------------------------------------------------------

/** GET /web/campaign/details of a communication campaign. */
export const CommunicationDetails = z.looseObject({
  id: z.number(),
  description: z.string(),
  type: z.enum(COMMUNICATION_TYPES),
  active: z.enum(['Y', 'N']),
  id_lead: z.number().nullable(),
  lead_description: z.string().nullable(),
  start_at: z.string(),
  end_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Deleted campaigns only (GET /web/campaign/details?archived=Y): when it was deleted. */
  archived_at: z.string().optional(),
  info: z.looseObject({
    layout_title: z.string().default(''),
    layout_header: z.string().default(''),
    layout_body: z.string().default(''),
    flow: z.string().default(''),
    type: z.enum(['O', 'R']).default('O'),
    run_on: z.string().nullable().default(null),
    run_frequency: z.string().nullable().default(null),
    url: z.string().default(''),
    approvement: z.string().nullable().default(null),
    recipients: z.string().default(''),
    value: z.number().default(0),
    executed_at: z.string().nullable().default(null),
    canceled_at: z.string().nullable().default(null),
    canceled_by: z.string().nullable().default(null),
  }),
});
export type CommunicationDetails = z.output<typeof CommunicationDetails>;

/** GET /web/communications/estimate: who a send reaches and what it costs (R$). */
export const SendEstimate = z.object({ recipients: z.number(), unit_price: z.number(), value: z.number() });
export type SendEstimate = z.output<typeof SendEstimate>;

/** GET /web/communications/{id}/progress (and the answer of send, pause, resume, cancel). */
export const SendProgress = z.object({
  id_campaign: z.number(),
  /** The run shown: the latest (null before the first send). */
  run: z.string().nullable(),
  status: z.enum([...RUN_STATUSES, 'NONE']),
  planned: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type SendProgress = z.output<typeof SendProgress>;

/** GET /web/campaigns/{id}/analytics: action counts (spec part 3 §3 'Analytics rows'). */
export const AnalyticsRow = z.object({ action: z.string(), quantity: z.number() });
export type AnalyticsRow = z.output<typeof AnalyticsRow>;

/** POST /web/campaigns/{id}/analytics/lead: a lead of the customers behind some actions. */
export const AnalyticsLead = z.object({
  title: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Informe o título do lead.' })
      .min(1, 'Informe o título do lead.')
      .max(200, 'Máximo de 200 caracteres.'),
  ),
  filter: z
    .array(z.string().trim().min(1).max(40), { error: 'Informe as ações.' })
    .min(1, 'Selecione ao menos uma ação.')
    .max(10),
});
export type AnalyticsLead = z.output<typeof AnalyticsLead>;

/** Channels of the expense report's marketing sends (WhatsApp has no sends of its own yet). */
export const EXPENSE_CHANNELS = ['EMAIL', 'SMS', 'PUSH', 'WHATSAPP'] as const;
export type ExpenseChannel = (typeof EXPENSE_CHANNELS)[number];

/** GET /web/reports/expenses (spec part 3 §3 'Reports', §7): sends per campaign and NPS messages per origin in a period. */
export const ExpenseReport = z.object({
  marketing_messages: z.array(
    z.object({
      type: z.enum(EXPENSE_CHANNELS),
      id_campaign: z.number(),
      description: z.string(),
      quantity: z.number(),
      /** R$ of these messages at the unit price each send was made at (absent: priced at today's unit price). */
      value: z.number().optional(),
      /** Deleted since (its history stays). */
      archived: z.boolean().optional(),
    }),
  ),
  nps_messages: z.array(z.object({ origin: z.string(), quantity: z.number() })),
  /** R$ per message of each channel (the tenant's pricing_* settings, else spec part 3 §9). */
  unit_prices: z.object({ EMAIL: z.number(), SMS: z.number(), PUSH: z.number(), WHATSAPP: z.number() }),
});
export type ExpenseReport = z.output<typeof ExpenseReport>;
