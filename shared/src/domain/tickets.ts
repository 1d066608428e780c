/**
 * The pure rules of ticket campaigns (spec part 2 §2.4, §3 'Ticket campaign', 'Accelerator rule',
 * 'Prize schedule import row', §5): how many tickets a purchase earns, and how a prize schedule
 * sheet becomes the gifts of the selected stores. No I/O and no zod: the issuance (functions) and
 * the editor's import (browser) run the same code.
 */

export const ACCELERATOR_TYPES = ['product', 'partner', 'brand', 'category', 'payment'] as const;
export type AcceleratorType = (typeof ACCELERATOR_TYPES)[number];

export const ACCELERATOR_TYPE_LABELS: Readonly<Record<AcceleratorType, string>> = {
  product: 'Produtos',
  partner: 'Fornecedores',
  brand: 'Marcas',
  category: 'Categorias',
  payment: 'Formas de pagamento',
};

/** An accelerator rule as the issuance reads it (the wire's, money in centavos). */
export interface AcceleratorRuleFacts {
  logical_operator: 'and' | 'or';
  type: AcceleratorType;
  multiplier_factor: number;
  /** '>=': the matched lines (or payments) must add up to `minCents`. */
  condition: '>=' | null;
  minCents: number;
  requisite: 'all' | 'any';
  items: readonly string[];
}

/** A purchased line with the catalogue's classification of its product. */
export interface PurchaseLineFacts {
  code: string;
  totalCents: number;
  brands: readonly string[];
  partners: readonly string[];
  /** The product's category and its ancestors. */
  categories: readonly string[];
}

export interface PurchasePaymentFacts {
  /** The payment method id (as text), or the POS's method text when it names no known method. */
  method: string;
  valueCents: number;
}

export interface PurchaseFactsForTickets {
  totalCents: number;
  lines: readonly PurchaseLineFacts[];
  payments: readonly PurchasePaymentFacts[];
}

/** The keys a rule of `type` matches a line or payment by. */
function keysOf(type: AcceleratorType, line: PurchaseLineFacts): readonly string[] {
  switch (type) {
    case 'product':
      return [line.code];
    case 'brand':
      return line.brands;
    case 'partner':
      return line.partners;
    case 'category':
      return line.categories;
    case 'payment':
      return [];
  }
}

/**
 * Whether one rule holds for a purchase. `requisite` 'all': every listed item is in the purchase
 * (a product bought, a brand/partner/category among the lines, a method among the payments);
 * 'any': at least one. With condition '>=', the lines (or payments) that match the rule's items
 * must also add up to at least the minimum value.
 */
export function ruleHolds(rule: AcceleratorRuleFacts, purchase: PurchaseFactsForTickets): boolean {
  const wanted = new Set(rule.items);
  if (wanted.size === 0) return false;
  const seen = new Set<string>();
  let matchedCents = 0;
  if (rule.type === 'payment') {
    for (const p of purchase.payments) {
      if (!wanted.has(p.method)) continue;
      seen.add(p.method);
      matchedCents += p.valueCents;
    }
  } else {
    for (const line of purchase.lines) {
      const hits = keysOf(rule.type, line).filter((k) => wanted.has(k));
      if (hits.length === 0) continue;
      hits.forEach((k) => seen.add(k));
      matchedCents += line.totalCents;
    }
  }
  const itemsOk = rule.requisite === 'all' ? seen.size === wanted.size : seen.size > 0;
  if (!itemsOk) return false;
  return rule.condition !== '>=' || matchedCents >= rule.minCents;
}

/**
 * The accelerator factor of a purchase. The rules read in order, each joined to what comes before
 * by its `logical_operator` (the first rule's is ignored), 'and' binding tighter than 'or' (as in
 * a boolean expression): the list is cut at every 'or' into groups of rules joined by 'and'. A
 * group holds when all its rules hold; its factor is the product of its rules' factors ('and'
 * multiplies: brand × 2 and card × 3 gives × 6). Between groups ('or') the best holding group
 * applies, alone: alternatives do not add up. No group holding (or no rules) gives 1.
 */
export function acceleratorFactor(
  rules: readonly AcceleratorRuleFacts[],
  purchase: PurchaseFactsForTickets,
): number {
  const groups: AcceleratorRuleFacts[][] = [];
  rules.forEach((rule, index) => {
    if (index === 0 || rule.logical_operator === 'or') groups.push([rule]);
    else groups[groups.length - 1]!.push(rule);
  });
  let best: number | undefined;
  for (const group of groups) {
    if (!group.every((r) => ruleHolds(r, purchase))) continue;
    const factor = group.reduce((f, r) => f * r.multiplier_factor, 1);
    if (best === undefined || factor > best) best = factor;
  }
  return best ?? 1;
}

/**
 * Tickets for a purchase: floor((carried + total × factor) / value), all in centavos, and what is
 * left to carry when the campaign accumulates (`can_accumulate` 'Y': the part of a purchase below
 * the exchange value counts towards the customer's next purchase; 'N': nothing carries over).
 */
export function ticketsEarned(input: {
  totalCents: number;
  factor: number;
  valueCents: number;
  carriedCents: number;
  canAccumulate: boolean;
}): { tickets: number; carryCents: number } {
  if (input.valueCents <= 0 || input.totalCents <= 0) {
    return { tickets: 0, carryCents: input.canAccumulate ? input.carriedCents : 0 };
  }
  // Factors are whole numbers (spec: min 0, step 1); the product stays an exact integer.
  const earnedCents = Math.round(input.totalCents * input.factor);
  const pool = earnedCents + (input.canAccumulate ? input.carriedCents : 0);
  const tickets = Math.floor(pool / input.valueCents);
  return { tickets, carryCents: input.canAccumulate ? pool - tickets * input.valueCents : 0 };
}

// ---------------------------------------------------------------------------------------------
// Prize schedule import (spec part 2 §3 'Prize schedule import row', §5)
// ---------------------------------------------------------------------------------------------

export const SCHEDULE_COLUMNS = ['loja', 'premio', 'data', 'hora_min', 'hora_max', 'hora_liberado'] as const;
export const SCHEDULE_LAYOUT_ERROR = 'Layout incorreto verifique o template e tente novamente!';
/** The business offset of every release instant (spec: time zone -0300). */
export const SCHEDULE_OFFSET = '-03:00';
/** Where the static template is served from (web/public/files). */
export const SCHEDULE_TEMPLATE_PATH = '/templates/modelo-premios.xlsx';

/** A prize of the campaign: a gift at a store, released at an instant. */
export interface ScheduledGift {
  id_store: number;
  /** 'YYYY-MM-DDTHH:mm:00-03:00'. */
  available_at: string;
  gift: string;
  qt_print: number;
}

export type ScheduleRow = Partial<Record<(typeof SCHEDULE_COLUMNS)[number], unknown>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** A sheet's date cell: 'DD/MM/YYYY', 'YYYY-MM-DD', a Date or an Excel serial day → 'YYYY-MM-DD'. */
export function scheduleDay(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime()))
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    // Excel's serial day (1900 system): day 25569 is 1970-01-01.
    const d = new Date(Math.round((Math.floor(value) - 25569) * 86_400_000));
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = br ? null : /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const parts = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return undefined;
  const [y, mo, d] = parts.map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d)
    return undefined;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** An hour cell: 14, '14', '14:00', '14h', or a fraction of a day (Excel time) → 0..23. */
export function scheduleHour(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) {
    const hour = value > 0 && value < 1 ? Math.round(value * 24 * 60) / 60 : value;
    return Number.isInteger(Math.floor(hour)) && hour >= 0 && hour < 24 ? Math.floor(hour) : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{1,2})(?::(\d{2})(?::\d{2})?|h)?$/i.exec(value.trim());
  if (!m) return undefined;
  const hour = Number(m[1]);
  return hour >= 0 && hour <= 23 ? hour : undefined;
}

/** An exact time cell ('14:35', '14:35:00', 14.5 hours as a fraction of a day) → [hour, minute]. */
function exactTime(value: unknown): [number, number] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 1) {
    const minutes = Math.round(value * 24 * 60);
    return [Math.floor(minutes / 60), minutes % 60];
  }
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 23) return [value, 0];
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{1,2})(?::(\d{2}))?(?::\d{2})?$/.exec(value.trim());
  if (!m) return undefined;
  const hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  return hour <= 23 && minute <= 59 ? [hour, minute] : undefined;
}

/**
 * The release instant of one schedule row (spec part 2 §5): `hora_liberado` when given (the
 * exact time); otherwise a random hour between `hora_min` and `hora_max` and a random minute 1–59,
 * the minutes forced to '00' when the hour drawn is `hora_max` (so the prize is out by the maximum
 * hour). `random` returns [0, 1). Undefined when the row has no date, or neither `hora_liberado`
 * nor both hours (or min after max).
 */
export function releaseInstant(row: ScheduleRow, random: () => number): string | undefined {
  const day = scheduleDay(row.data);
  if (!day) return undefined;
  const exact = exactTime(row.hora_liberado);
  if (exact) return `${day}T${pad(exact[0])}:${pad(exact[1])}:00${SCHEDULE_OFFSET}`;
  const min = scheduleHour(row.hora_min);
  const max = scheduleHour(row.hora_max);
  if (min === undefined || max === undefined || min > max) return undefined;
  const hour = min + Math.floor(random() * (max - min + 1));
  const minute = hour === max ? 0 : 1 + Math.floor(random() * 59);
  return `${day}T${pad(hour)}:${pad(minute)}:00${SCHEDULE_OFFSET}`;
}

/** Lower-cased, trimmed header keys ('Loja ' → 'loja'). */
export function normalizeScheduleRow(row: Record<string, unknown>): ScheduleRow {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key.trim().toLowerCase()] = value;
  return out as ScheduleRow;
}

export type ScheduleResult =
  | { ok: true; gifts: ScheduledGift[]; skipped: number }
  | { ok: false; message: typeof SCHEDULE_LAYOUT_ERROR; row: number };

/**
 * A prize schedule sheet → the gifts of the selected stores (spec part 2 §2.4, §5). Any row
 * without a store, a prize, a date and either `hora_liberado` or both hours makes the whole file
 * wrong ('Layout incorreto verifique o template e tente novamente!', and the row number, 1 = the
 * first row under the header). Rows of stores not selected are left out (`skipped`).
 */
export function scheduleGifts(
  rows: readonly Record<string, unknown>[],
  selectedStores: ReadonlySet<number>,
  random: () => number = Math.random,
): ScheduleResult {
  if (rows.length === 0) return { ok: false, message: SCHEDULE_LAYOUT_ERROR, row: 0 };
  const gifts: ScheduledGift[] = [];
  let skipped = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = normalizeScheduleRow(rows[i]!);
    const store = Number(typeof row.loja === 'string' ? row.loja.trim() : row.loja);
    const gift = row.premio === undefined || row.premio === null ? '' : String(row.premio).trim();
    const at = releaseInstant(row, random);
    if (!Number.isInteger(store) || store <= 0 || gift === '' || gift.length > 200 || !at)
      return { ok: false, message: SCHEDULE_LAYOUT_ERROR, row: i + 1 };
    if (!selectedStores.has(store)) {
      skipped++;
      continue;
    }
    gifts.push({ id_store: store, available_at: at, gift, qt_print: 0 });
  }
  return { ok: true, gifts, skipped };
}

/** A purchase's local time 'YYYY-MM-DD HH:mm:ss' (America/Sao_Paulo, -03:00) as a release instant to compare with. */
export const purchaseInstant = (localDateTime: string): string =>
  `${localDateTime.slice(0, 10)}T${localDateTime.slice(11, 19) || '00:00:00'}${SCHEDULE_OFFSET}`;

// ---------------------------------------------------------------------------------------------
// Ticket layout (printed in the browser)
// ---------------------------------------------------------------------------------------------

/** The placeholders a ticket layout (`layout_body`) and a gift layout (`layout_gift`) may use. */
export const TICKET_PLACEHOLDERS = [
  'ticket',
  'campaign',
  'customer',
  'document',
  'date',
  'store',
  'gift',
] as const;
export type TicketPlaceholder = (typeof TICKET_PLACEHOLDERS)[number];

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A layout with its `{{placeholders}}` filled (values HTML-escaped; an unknown placeholder is left
 * empty). The layout itself is staff text: the browser sanitises the result before showing it.
 */
export function renderTicketLayout(
  layout: string,
  values: Partial<Record<TicketPlaceholder, string | number>>,
): string {
  return layout.replace(/\{\{\s*([a-z_]+)\s*\}\}/gi, (_, name: string) => {
    const value = values[name.toLowerCase() as TicketPlaceholder];
    return value === undefined ? '' : escapeHtml(String(value));
  });
}
