import { maskDocument, maskPhone, onlyDigits } from '@freguesia/shared/domain/masks';
import { formatMoney } from '@freguesia/shared/domain/money';

/**
 * Display helpers of the customer screens (pure: unit-tested in node).
 * UI dates are DD/MM/YYYY, money is 'R$ 1.234,56' (spec part 1 §9).
 */

/**
 * Abbreviates a count with a k or M suffix, one decimal with a comma, rounded down so a total is
 * never overstated: 999 → '999', 2_100 → '2,1k', 2_000 → '2k', 1_250_000 → '1,2M'.
 */
export function abbreviate(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.floor(Math.abs(n));
  const scaled = (value: number, divisor: number, suffix: string) => {
    const tenths = Math.floor((value * 10) / divisor);
    const whole = Math.floor(tenths / 10);
    const decimal = tenths % 10;
    return `${sign}${whole}${decimal ? `,${decimal}` : ''}${suffix}`;
  };
  if (abs >= 1_000_000) return scaled(abs, 1_000_000, 'M');
  if (abs >= 1_000) return scaled(abs, 1_000, 'k');
  return `${sign}${abs}`;
}

/** 'Total de 2,1k clientes' / 'Total de 1 cliente'. */
export function customersTotalText(total: number, estimated = false): string {
  const noun = total === 1 ? 'cliente' : 'clientes';
  return `Total de ${estimated ? 'mais de ' : ''}${abbreviate(total)} ${noun}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date for people, DD/MM/YYYY. Accepts 'YYYY-MM-DD', local 'YYYY-MM-DD HH:mm:ss' (shown as
 * written) and ISO instants with a zone ('…Z', shown in the browser's time zone). '' when empty.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(value) && value.includes('T')) {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return '';
    return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** DD/MM/YYYY HH:mm, with the same rules as `formatDate`. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(value) && value.includes('T')) {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return '';
    return `${formatDate(value)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]} ${match[4]}:${match[5]}` : formatDate(value);
}

/** Reais (a JSON number with up to two decimals) → 'R$ 1.234,56'. */
export function formatReais(value: number | null | undefined): string {
  return formatMoney(Math.round((value ?? 0) * 100));
}

/** The document with its mask (CPF up to 11 digits, CNPJ beyond), '-' when empty. */
export function displayDocument(value: string | null | undefined): string {
  return onlyDigits(value) ? maskDocument(value) : '-';
}

/** A phone with the landline or cellphone mask, '-' when empty. */
export function displayPhone(value: string | null | undefined): string {
  return onlyDigits(value) ? maskPhone(value) : '-';
}

/** 'São Paulo/SP', 'São Paulo', 'SP' or '-'. */
export function cityUf(city: string | null | undefined, state: string | null | undefined): string {
  return [city, state].filter((part) => part && part.trim()).join('/') || '-';
}

/** Local calendar day as 'YYYY-MM-DD'. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The purchases window (spec part 1 §7): the last `days` days up to the end of the current
 * month, as 'YYYY-MM-DD' bounds.
 */
export function purchasesWindow(days: number, today = new Date()): { start: string; end: string } {
  const safeDays = Number.isFinite(days) && days >= 1 ? Math.floor(days) : 90;
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - safeDays);
  const end = new Date(today.getFullYear(), today.getMonth() + 1, 0);
  return { start: isoDay(start), end: isoDay(end) };
}

/** The `average_baskets_days` setting as a number of days (90 when absent or invalid). */
export function basketDays(value: string | number | null | undefined): number {
  const days = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(days) && days >= 1 ? Math.floor(days) : 90;
}

// ---------------------------------------------------------------- timeline

const EVENT_LABELS: Record<string, string> = {
  created: 'Cadastro',
  updated: 'Alteração cadastral',
  deleted: 'Exclusão',
  purchase: 'Compra',
  associated: 'Cupom associado',
  consent: 'Consentimento',
  portal_update: 'Atualização pelo portal',
};

/** Portuguese title of a timeline event type. */
export function eventTypeLabel(type: string): string {
  return EVENT_LABELS[type] ?? type;
}

const CONSENT_LABELS: Record<string, string> = {
  gdpr_agreement: 'Aceite do regulamento (LGPD)',
  cellphone_optout: 'Opt-out de SMS',
  whatsapp_optout: 'Opt-out de WhatsApp',
  email_optout: 'Opt-out de e-mail',
  app_optout: 'Opt-out do aplicativo',
};

const yesNoLabel = (v: string | null | undefined) => (v === 'Y' ? 'Sim' : v === 'N' ? 'Não' : '—');

/** 'Opt-out de SMS: Não → Sim' for a consent change. */
export function consentChangeText(consent: { field: string; from: string | null; to: string }): string {
  const label = CONSENT_LABELS[consent.field] ?? consent.field;
  return `${label}: ${yesNoLabel(consent.from)} → ${yesNoLabel(consent.to)}`;
}

/** Newest first by `created_at` (ISO instants), ties by id descending. */
export function newestFirst<T extends { created_at: string; id: string }>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}
