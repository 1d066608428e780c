import {
  centsToNumber,
  formatMoney,
  numberToCents,
  parseMoney,
  parseStock,
} from '@freguesia/shared/domain/money';
import { z } from 'zod';
import type { PriceBody, ProductPrice } from '../../api/catalog';

/** Pure logic of the pricing form: rows as typed ('12,50'), their checks and the POST body (unit tested). */

/** A wire amount in the input format '12,50' ('' when null). */
export function amountToInput(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const cents = numberToCents(value) ?? Math.round(value * 100);
  return formatMoney(cents, { symbol: false });
}

/** Stock for an input: 12.5 → '12,5'. */
export function stockToInput(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace('.', ',');
}

/** Disabled store ids of one pricing row: the stores chosen in the OTHER rows. */
export function storesUsedElsewhere(
  rows: readonly { id_store: number | null }[],
  index: number,
): Set<number> {
  const used = new Set<number>();
  rows.forEach((row, i) => {
    if (i !== index && row.id_store !== null) used.add(row.id_store);
  });
  return used;
}

/** One row of the pricing form, as typed ('12,50'). */
export interface PriceDraft {
  key: string;
  id_store: number | null;
  cust_price: string;
  regular_price: string;
  offer_price: string;
  stock: string;
  attribute: string;
}

export type PriceRowErrors = Partial<Record<Exclude<keyof PriceDraft, 'key'>, string>>;

let sequence = 0;
const nextKey = () => `row-${++sequence}`;

export function emptyPriceRow(): PriceDraft {
  return {
    key: nextKey(),
    id_store: null,
    cust_price: '',
    regular_price: '',
    offer_price: '',
    stock: '',
    attribute: '',
  };
}

export function priceRowOf(price: ProductPrice): PriceDraft {
  return {
    key: nextKey(),
    id_store: price.id_store,
    cust_price: amountToInput(price.cust_price),
    regular_price: amountToInput(price.regular_price),
    offer_price: amountToInput(price.offer_price),
    stock: stockToInput(price.stock),
    attribute: price.attribute ?? '',
  };
}

/** Re-formats a typed amount as '1.234,50' (unchanged when it cannot be read). */
export function normalizeMoneyInput(text: string): string {
  if (!text.trim()) return '';
  const cents = parseMoney(text);
  return cents === undefined || cents < 0 ? text : formatMoney(cents, { symbol: false });
}

function money(text: string, required: boolean, label: string): { value: number | null; error?: string } {
  if (!text.trim()) return required ? { value: null, error: `Informe o ${label}.` } : { value: null };
  const cents = parseMoney(text);
  if (cents === undefined || cents < 0)
    return { value: null, error: 'Valor inválido: use R$ com vírgula, ex.: 12,50.' };
  return { value: centsToNumber(cents) };
}

/**
 * Validates the rows and builds the POST /web/price/new body (money as numbers with 2 decimals,
 * the stock's comma turned into a dot). `errors[i]` holds the errors of row i.
 */
export function buildPriceBody(
  idProduct: number,
  rows: readonly PriceDraft[],
): { body: PriceBody[]; errors: PriceRowErrors[]; valid: boolean } {
  const used = new Set<number>();
  const errors: PriceRowErrors[] = [];
  const body: PriceBody[] = [];
  for (const row of rows) {
    const rowErrors: PriceRowErrors = {};
    if (row.id_store === null) rowErrors.id_store = 'Selecione a loja.';
    else if (used.has(row.id_store)) rowErrors.id_store = 'Esta loja já foi usada em outra linha.';
    if (row.id_store !== null) used.add(row.id_store);
    const cost = money(row.cust_price, false, 'preço de custo');
    const regular = money(row.regular_price, true, 'preço regular');
    const offer = money(row.offer_price, false, 'preço de oferta');
    if (cost.error) rowErrors.cust_price = cost.error;
    if (regular.error) rowErrors.regular_price = regular.error;
    if (offer.error) rowErrors.offer_price = offer.error;
    let stock = 0;
    if (row.stock.trim()) {
      const parsed = parseStock(row.stock);
      if (parsed === undefined) rowErrors.stock = 'Estoque inválido: use um número, ex.: 12,5.';
      else stock = parsed;
    }
    if (row.attribute.trim().length > 60) rowErrors.attribute = 'Máximo de 60 caracteres.';
    errors.push(rowErrors);
    if (row.id_store !== null && regular.value !== null) {
      body.push({
        id_product: idProduct,
        id_store: row.id_store,
        cust_price: cost.value,
        regular_price: regular.value,
        offer_price: offer.value,
        attribute: row.attribute.trim() || null,
        stock,
      });
    }
  }
  return { body, errors, valid: errors.every((e) => Object.keys(e).length === 0) };
}

/** Server errors keyed '0.regular_price' → per-row errors. */
export function rowErrorsFromServer(errors: Record<string, string>, count: number): PriceRowErrors[] {
  const out: PriceRowErrors[] = Array.from({ length: count }, () => ({}));
  for (const [key, message] of Object.entries(errors)) {
    const match = /^(?:prices\.)?(\d+)\.(\w+)$/.exec(key);
    if (!match) continue;
    const row = out[Number(match[1])];
    if (row) row[match[2] as keyof PriceRowErrors] = message;
  }
  return out;
}

const PriceDraft = z.object({
  key: z.string(),
  id_store: z.number().nullable(),
  cust_price: z.string(),
  regular_price: z.string(),
  offer_price: z.string(),
  stock: z.string(),
  attribute: z.string(),
});

/**
 * The pricing form's schema: the typed rows in, the POST body out; each row's messages (from
 * `buildPriceBody`) under that row's fields (`rows.1.regular_price`).
 */
export const pricingFormSchema = (idProduct: number) =>
  z.object({ rows: z.array(PriceDraft) }).transform((value, ctx) => {
    const built = buildPriceBody(idProduct, value.rows);
    built.errors.forEach((rowErrors, index) => {
      for (const [field, message] of Object.entries(rowErrors))
        ctx.addIssue({ code: 'custom', message, path: ['rows', index, field] });
    });
    return built.valid ? built.body : z.NEVER;
  });
