import { maskDocument, maskPhone, onlyDigits } from '@freguesia/shared/domain/masks';
import { EMPTY } from '../../components/format';

/**
 * Display helpers of the customer screens (pure: unit-tested in node). Dates, money and totals
 * come from `components/format` (DD/MM/YYYY in Brasília time, 'R$ 1.234,56', k/M).
 */

/** The list total's noun: 'Total de 2,1k clientes' / 'Total de 1 cliente'. */
export const CUSTOMER_NOUN = { one: 'cliente', many: 'clientes' } as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** The document with its mask (CPF up to 11 digits, CNPJ beyond), '-' when empty. */
export function displayDocument(value: string | null | undefined): string {
  return onlyDigits(value) ? maskDocument(value) : EMPTY;
}

/** A phone with the landline or cellphone mask, '-' when empty. */
export function displayPhone(value: string | null | undefined): string {
  return onlyDigits(value) ? maskPhone(value) : EMPTY;
}

/** 'São Paulo/SP', 'São Paulo', 'SP' or '-'. */
export function cityUf(city: string | null | undefined, state: string | null | undefined): string {
  return [city, state].filter((part) => part && part.trim()).join('/') || EMPTY;
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
