import * as z from 'zod';
import '@freguesia/shared/domain/zod-pt';
import { normalizeDocument } from '@freguesia/shared/domain/document';
import { localDateTime } from '@freguesia/shared/domain/dates';
import {
  LIMIT_MESSAGES,
  MAX_BASKET_CENTS,
  MAX_ITEM_PRICE_CENTS,
  MAX_QUANTITY_MILLI,
} from '@freguesia/shared/schemas/customer-limits';
import type { NewBasket } from '../customers/baskets.service';

/**
 * The POS purchase contract (POST /api/integration/baskets). Money: a JSON number or a
 * decimal string with at most 2 decimals ('12.34'), converted to integer centavos without
 * floating-point arithmetic. Quantities: up to 3 decimals (weighed goods).
 * Consistency (tolerance R$ 0,01 for the POS's rounding):
 * - each item: quantity × unit_value − discount = total_value;
 * - the purchase: Σ items.total_value − discount = amount;
 * - payments, when sent: Σ value ≥ amount (cash may exceed it: change).
 * Bounds (`shared/schemas/customer-limits.ts`): unit price up to R$ 9.999.999,99; item total,
 * discounts, amount and each payment up to R$ 99.999.999,99; quantity up to 99.999,999. They keep
 * every sum of a purchase, and a customer's purchase total (which saturates), in safe integers.
 */

export const MAX_BASKETS_PER_REQUEST = 100;
export const MAX_ITEMS_PER_BASKET = 500;
/** One centavo of tolerance for the POS's own rounding. */
const TOLERANCE = 1;

/** Parses a decimal with at most `decimals` places into an integer of 10^decimals units. */
export function parseDecimal(value: unknown, decimals: number): number | undefined {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : '';
  const match = new RegExp(`^(\\d{1,12})(?:\\.(\\d{1,${decimals}}))?$`).exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 10 ** decimals + Number((match[2] ?? '').padEnd(decimals, '0'));
}

/** A bound: the largest value accepted and the message beyond it. */
type Limit = { max: number; message: string };

const money = (message: string, limit: Limit, { positive = false } = {}) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const cents = parseDecimal(v, 2);
      if (cents === undefined || (positive && cents === 0)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (cents > limit.max) {
        ctx.addIssue({ code: 'custom', message: limit.message });
        return z.NEVER;
      }
      return cents;
    });

const optionalMoney = (message: string, limit: Limit) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return 0;
      const cents = parseDecimal(v, 2);
      if (cents === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (cents > limit.max) {
        ctx.addIssue({ code: 'custom', message: limit.message });
        return z.NEVER;
      }
      return cents;
    });

const BASKET_LIMIT = (message: string): Limit => ({ max: MAX_BASKET_CENTS, message });

const code = (message: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v).trim())
    .refine((v) => v.length > 0 && v.length <= max, message);

/** 'YYYY-MM-DD HH:mm:ss' (local, São Paulo) or ISO 8601 with Z/offset → local 'YYYY-MM-DD HH:mm:ss'. */
export function parsePurchaseDate(value: string): string | undefined {
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (local) {
    const [, y, mo, d, h, mi, s = '00'] = local;
    const check = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
    if (
      Number.isNaN(check.getTime()) ||
      check.toISOString().slice(0, 19) !== `${y}-${mo}-${d}T${h}:${mi}:${s}`
    )
      return undefined;
    return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : localDateTime(instant);
}

const BasketItemInput = z
  .object({
    code: z
      .union([z.string(), z.number()], { error: 'Informe o código (EAN) do item.' })
      .transform((v) => String(v).trim())
      .refine((v) => /^\d{1,14}$/.test(v), 'Código do item inválido: use de 1 a 14 dígitos.'),
    description: z
      .string({ error: 'Informe a descrição do item.' })
      .trim()
      .min(1, 'Informe a descrição do item.')
      .max(120, 'Descrição do item muito longa (máximo 120).'),
    quantity: z
      .unknown()
      .optional()
      .transform((v, ctx) => {
        const milli = parseDecimal(v, 3);
        if (!milli) {
          ctx.addIssue({
            code: 'custom',
            message: 'Quantidade inválida: use um número maior que zero com até 3 casas decimais.',
          });
          return z.NEVER;
        }
        if (milli > MAX_QUANTITY_MILLI) {
          ctx.addIssue({ code: 'custom', message: LIMIT_MESSAGES.quantity });
          return z.NEVER;
        }
        return milli;
      }),
    unit_value: money('Valor unitário inválido: use um número com até 2 casas decimais.', {
      max: MAX_ITEM_PRICE_CENTS,
      message: LIMIT_MESSAGES.unitValue,
    }),
    total_value: money(
      'Valor total do item inválido: use um número com até 2 casas decimais.',
      BASKET_LIMIT(LIMIT_MESSAGES.totalValue),
    ),
    discount: optionalMoney(
      'Desconto do item inválido: use um número com até 2 casas decimais.',
      BASKET_LIMIT(LIMIT_MESSAGES.itemDiscount),
    ),
  })
  .superRefine((item, ctx) => {
    // quantity (thousandths) × price reaches ~10^17: exact in BigInt, rounded half up to centavos.
    const gross = (BigInt(item.quantity) * BigInt(item.unit_value) + 500n) / 1000n;
    const expected = Number(gross) - item.discount;
    if (Math.abs(expected - item.total_value) > TOLERANCE) {
      ctx.addIssue({
        code: 'custom',
        path: ['total_value'],
        message: 'O total do item não confere com quantidade × valor unitário − desconto.',
      });
    }
  });

const PaymentInput = z.object({
  method: z
    .string({ error: 'Informe a forma de pagamento.' })
    .trim()
    .min(1, 'Informe a forma de pagamento.')
    .max(40, 'Forma de pagamento muito longa (máximo 40).'),
  value: money(
    'Valor do pagamento inválido: use um número maior que zero com até 2 casas decimais.',
    BASKET_LIMIT(LIMIT_MESSAGES.payment),
    { positive: true },
  ),
  installments: z.coerce
    .number({ error: 'Parcelas inválidas.' })
    .int('Parcelas inválidas.')
    .min(1, 'Parcelas inválidas: de 1 a 48.')
    .max(48, 'Parcelas inválidas: de 1 a 48.')
    .default(1),
});

/**
 * One purchase as the POS sends it, judged against the clock `now` (a purchase may not be
 * in the future). Services pass their context's clock.
 */
export const basketInput = (now: () => Date) =>
  z
    .object({
      id_store: z.coerce
        .number({ error: 'Informe a loja (id_store).' })
        .int('Loja inválida.')
        .positive('Informe a loja (id_store).'),
      checkout: code('Informe o caixa (checkout), até 20 caracteres.', 20),
      coupon: code('Informe o cupom (coupon), até 30 caracteres.', 30),
      date: z
        .string({ error: 'Informe a data da compra (date).' })
        .trim()
        .transform((v, ctx) => {
          const local = parsePurchaseDate(v);
          if (!local) {
            ctx.addIssue({ code: 'custom', message: 'Data inválida: use AAAA-MM-DD HH:mm:ss ou ISO 8601.' });
            return z.NEVER;
          }
          // Five minutes of clock skew between the POS and us are tolerated.
          if (local > localDateTime(new Date(now().getTime() + 5 * 60_000))) {
            ctx.addIssue({ code: 'custom', message: 'A data da compra não pode estar no futuro.' });
            return z.NEVER;
          }
          return local;
        }),
      document: z
        .union([z.string(), z.number()], { error: 'Documento (CPF/CNPJ) inválido.' })
        .nullish()
        .transform((v, ctx) => {
          if (v === undefined || v === null || String(v).trim() === '') return undefined;
          const document = normalizeDocument(String(v));
          if (!document) {
            ctx.addIssue({ code: 'custom', message: 'Documento (CPF/CNPJ) inválido.' });
            return z.NEVER;
          }
          return document;
        }),
      amount: money(
        'Valor da compra (amount) inválido: use um número com até 2 casas decimais.',
        BASKET_LIMIT(LIMIT_MESSAGES.amount),
      ),
      discount: optionalMoney(
        'Desconto (discount) inválido: use um número com até 2 casas decimais.',
        BASKET_LIMIT(LIMIT_MESSAGES.discount),
      ),
      origin: z
        .string({ error: 'Origem (origin) inválida.' })
        .trim()
        .max(30, 'Origem (origin) muito longa (máximo 30).')
        .nullish()
        .transform((v) => v || 'PDV'),
      items: z
        .array(BasketItemInput, { error: 'Informe os itens da compra (items).' })
        .min(1, 'Informe os itens da compra (items).')
        .max(MAX_ITEMS_PER_BASKET, `No máximo ${MAX_ITEMS_PER_BASKET} itens por compra.`),
      payments: z
        .array(PaymentInput, { error: 'Pagamentos (payments) inválidos.' })
        .max(20, 'No máximo 20 pagamentos por compra.')
        .nullish()
        .transform((v) => v ?? []),
    })
    .superRefine((b, ctx) => {
      const items = b.items.reduce((sum, i) => sum + i.total_value, 0);
      if (Math.abs(items - b.discount - b.amount) > TOLERANCE) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: 'O valor da compra (amount) não confere com a soma dos itens menos o desconto.',
        });
      }
      const paid = b.payments.reduce((sum, p) => sum + p.value, 0);
      if (b.payments.length > 0 && paid < b.amount - TOLERANCE) {
        ctx.addIssue({
          code: 'custom',
          path: ['payments'],
          message: 'A soma dos pagamentos é menor que o valor da compra.',
        });
      }
    })
    .transform((b): NewBasket => ({
      idStore: b.id_store,
      checkout: b.checkout,
      coupon: b.coupon,
      date: b.date,
      day: b.date.slice(0, 10),
      document: b.document,
      amount: b.amount,
      discount: b.discount,
      origin: b.origin,
      itens: b.items.length,
      products: b.items.map((i) => ({
        code: i.code,
        description: i.description,
        quantity: i.quantity / 1000,
        unit_value: i.unit_value,
        total_value: i.total_value,
        discount: i.discount,
      })),
      payments: b.payments,
    }));

/** One purchase as the POS sends it, against the wall clock. */
export const BasketInput = basketInput(() => new Date());

/** A single purchase, `{baskets: [...]}` or a bare array; 1 to 100 purchases. */
export function basketRows(body: unknown): unknown[] | string {
  const rows = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { baskets?: unknown }).baskets)
      ? (body as { baskets: unknown[] }).baskets
      : body && typeof body === 'object'
        ? [body]
        : [];
  if (rows.length === 0) return 'Envie ao menos uma compra.';
  if (rows.length > MAX_BASKETS_PER_REQUEST)
    return `Envie no máximo ${MAX_BASKETS_PER_REQUEST} compras por requisição.`;
  return rows;
}
