import { toDisplayDate, toDisplayDateTime } from '@freguesia/shared/domain/dates';
import { formatMoney, numberToCents } from '@freguesia/shared/domain/money';

/**
 * The formatters of every screen (spec part 1 §9): dates `DD/MM/YYYY` in America/Sao_Paulo,
 * money `R$ 1.234,56`, big totals as k/M, and one sign for "no value".
 */

/** What a cell shows when there is no value. */
export const EMPTY = '-';

/** `DD/MM/YYYY`: bare days as written, instants in Brasília time; {@link EMPTY} when empty. */
export const formatDate = (value: string | null | undefined): string => toDisplayDate(value) ?? EMPTY;

/** `DD/MM/YYYY HH:mm` in Brasília time; {@link EMPTY} when empty. */
export const formatDateTime = (value: string | null | undefined): string => toDisplayDateTime(value) ?? EMPTY;

/** Integer centavos as `R$ 1.234,56`; {@link EMPTY} when null. */
export const formatCentavos = (centavos: number | null | undefined): string =>
  centavos === null || centavos === undefined ? EMPTY : formatMoney(centavos);

/** A wire amount in reais (number with ≤ 2 decimals) as `R$ 1.234,56`; {@link EMPTY} when null. */
export function formatAmount(value: number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY;
  return formatMoney(numberToCents(value) ?? Math.round(value * 100));
}

/** A count: `1.234`. */
export const formatCount = (n: number): string => n.toLocaleString('pt-BR');

/**
 * A count with a k or M suffix, one decimal with a comma, rounded down so a total is never
 * overstated: 999 → '999', 2_100 → '2,1k', 2_000 → '2k', 1_250_000 → '1,2M'.
 */
export function abbreviate(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.floor(Math.abs(n));
  const scaled = (divisor: number, suffix: string) => {
    const tenths = Math.floor((abs * 10) / divisor);
    const decimal = tenths % 10;
    return `${sign}${Math.floor(tenths / 10)}${decimal ? `,${decimal}` : ''}${suffix}`;
  };
  if (abs >= 1_000_000) return scaled(1_000_000, 'M');
  if (abs >= 1_000) return scaled(1_000, 'k');
  return `${sign}${abs}`;
}

/**
 * The lists' total text: `Total de 1.234 produto(s)`. `noun` is either one form used for every
 * count ('produto(s)') or a singular/plural pair; `abbreviated` shows k/M ('Total de 2,1k
 * clientes'); `estimated` says 'mais de' when the server only knows a lower bound.
 */
export function totalText(
  total: number,
  noun: string | { one: string; many: string },
  options: { abbreviated?: boolean; estimated?: boolean } = {},
): string {
  const word = typeof noun === 'string' ? noun : total === 1 ? noun.one : noun.many;
  const figure = options.abbreviated ? abbreviate(total) : formatCount(total);
  return `Total de ${options.estimated ? 'mais de ' : ''}${figure} ${word}`;
}

/** 'Y' / true → 'Sim', anything else → 'Não'. */
export const yesNo = (flag: string | boolean | null | undefined): string =>
  flag === 'Y' || flag === true ? 'Sim' : 'Não';
