import { daysBetween, isDay, localDay, toDisplayDate } from '@freguesia/shared/domain/dates';
import { formatMoney } from '@freguesia/shared/domain/money';
import type { ExpenseChannel, ExpenseReport } from '@freguesia/shared/schemas/communication';

/**
 * The pure part of 'Investimentos' (spec part 3 §2 'Reports', §9): the default period, the cost of
 * each row (sends × unit price), the totals per channel and overall, and the money texts.
 * Money is summed in whole centavos, each row rounded once (spec: R$ with two decimals).
 */

export interface Period {
  start_at: string;
  end_at: string;
}

/** The channels in the page's order, with their labels. */
export const CHANNELS: readonly { type: ExpenseChannel; label: string }[] = [
  { type: 'EMAIL', label: 'E-mail' },
  { type: 'SMS', label: 'SMS' },
  { type: 'PUSH', label: 'Push' },
  { type: 'WHATSAPP', label: 'WhatsApp' },
];

/** The current month in Brasília: its first day to its last. */
export function currentMonth(now: Date = new Date()): Period {
  const today = localDay(now);
  const start = `${today.slice(0, 8)}01`;
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start_at: start, end_at: `${today.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

/** Why a picked period cannot be asked for (the server's own rules), or undefined. */
export function periodProblem(p: { start_at?: string; end_at?: string }): string | undefined {
  if (!p.start_at || !p.end_at) return 'Informe o período.';
  if (!isDay(p.start_at) || !isDay(p.end_at)) return 'Data inválida.';
  if (p.end_at < p.start_at) return 'A data final deve ser igual ou posterior à inicial.';
  if (p.end_at > `${Number(p.start_at.slice(0, 4)) + 1}${p.start_at.slice(4)}`)
    return 'Consulte no máximo um ano.';
  return undefined;
}

/** 'DD/MM/YYYY a DD/MM/YYYY (N dias)'. */
export function periodText(p: Period): string {
  const days = daysBetween(p.start_at, p.end_at) + 1;
  return `${toDisplayDate(p.start_at)} a ${toDisplayDate(p.end_at)} (${days} ${days === 1 ? 'dia' : 'dias'})`;
}

/**
 * Centavos of `quantity` messages at `unitPrice` reais each, rounded half up to the centavo. The
 * product is cut to 12 significant digits first, so a binary error (15 × 0.007 = 0.10499…) does
 * not turn a half centavo down.
 */
export const costCentavos = (quantity: number, unitPrice: number): number =>
  Math.round(Number((quantity * unitPrice * 100).toPrecision(12)));

/** `R$ 1.234,56` of centavos. */
export const formatBrl = (centavos: number): string => formatMoney(centavos);

/** A unit price in reais with as many decimals as it has (2 to 7): `R$ 0,007`, `R$ 0,0000005`, `R$ 0,10`. */
export function formatUnitPrice(reais: number): string {
  const text = reais.toLocaleString('pt-BR', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 7,
    useGrouping: true,
  });
  return `R$ ${text}`;
}

/** A count `1.234`. */
export const formatQuantity = (n: number): string => n.toLocaleString('pt-BR');

export interface ExpenseRow {
  id_campaign: number;
  description: string;
  quantity: number;
  unit_price: number;
  centavos: number;
  /** The campaign was deleted since (its sends stay). */
  archived?: boolean;
}

export interface ChannelExpenses {
  type: ExpenseChannel;
  label: string;
  rows: ExpenseRow[];
  quantity: number;
  unit_price: number;
  centavos: number;
}

export interface NpsRow {
  origin: string;
  quantity: number;
  unit_price: number;
  centavos: number;
}

export interface ExpenseSummary {
  channels: ChannelExpenses[];
  nps: NpsRow[];
  npsCentavos: number;
  totalQuantity: number;
  totalCentavos: number;
}

/** The unit price of an NPS message by its origin (spec part 3 §9: e-mail, SMS, otherwise push). */
export function npsUnitPrice(origin: string, prices: ExpenseReport['unit_prices']): number {
  const o = origin.trim().toUpperCase().replace('-', '');
  if (o === 'EMAIL') return prices.EMAIL;
  if (o === 'SMS') return prices.SMS;
  return prices.PUSH;
}

/** The page's figures from the report: per channel (every channel, even without sends), NPS and the totals. */
export function summarize(report: ExpenseReport): ExpenseSummary {
  const channels = CHANNELS.map(({ type, label }) => {
    const unit = report.unit_prices[type];
    const rows = report.marketing_messages
      .filter((m) => m.type === type)
      .map((m) => ({
        id_campaign: m.id_campaign,
        description: m.description,
        quantity: m.quantity,
        // Each send at the unit price it was made at (the report's value); today's price otherwise.
        unit_price:
          m.value !== undefined && m.quantity > 0 ? Number((m.value / m.quantity).toPrecision(10)) : unit,
        centavos: m.value !== undefined ? costCentavos(1, m.value) : costCentavos(m.quantity, unit),
        ...(m.archived ? { archived: true } : {}),
      }));
    return {
      type,
      label,
      rows,
      unit_price: unit,
      quantity: rows.reduce((s, r) => s + r.quantity, 0),
      centavos: rows.reduce((s, r) => s + r.centavos, 0),
    };
  });
  const nps = report.nps_messages.map((n) => {
    const unit = npsUnitPrice(n.origin, report.unit_prices);
    return {
      origin: n.origin,
      quantity: n.quantity,
      unit_price: unit,
      centavos: costCentavos(n.quantity, unit),
    };
  });
  const npsCentavos = nps.reduce((s, r) => s + r.centavos, 0);
  return {
    channels,
    nps,
    npsCentavos,
    totalQuantity: channels.reduce((s, c) => s + c.quantity, 0) + nps.reduce((s, r) => s + r.quantity, 0),
    totalCentavos: channels.reduce((s, c) => s + c.centavos, 0) + npsCentavos,
  };
}
