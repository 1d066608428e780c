import { parseMoney, parseStock } from '../domain/money';
import * as z from '../domain/zod-pt';
import { MAX_BASKET_CENTS, MAX_ITEM_PRICE_CENTS, MAX_QUANTITY_MILLI } from './customer-limits';

/**
 * The checkout of spec part 3 §7: the point of sale asks for the discounts of a basket
 * (`POST /checkout/subtotal`) and of a payment method (`POST /checkout/discounts/payments`).
 *
 * Apart from the campaign form (./campaign re-exports these) on purpose: the checkout function
 * bundles this file and nothing of the back office's schemas (every zod schema built at module
 * scope is code that runs at each cold start).
 */

const empty = (v: unknown) => v === undefined || v === null || v === '';

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(max, `Máximo de ${max} caracteres.`),
  );

/** Money of a checkout request → integer centavos (not negative, at most `max`). */
const requestCents = (label: string, max: number) =>
  z.unknown().transform((value, ctx) => {
    const cents = typeof value === 'number' || typeof value === 'string' ? parseMoney(value) : undefined;
    if (cents === undefined || cents < 0) {
      ctx.addIssue({ code: 'custom', message: `${label} inválido: use um número com até 2 casas decimais.` });
      return z.NEVER;
    }
    if (cents > max) {
      ctx.addIssue({ code: 'custom', message: `${label} acima do limite.` });
      return z.NEVER;
    }
    return cents;
  });

/** A quantity with up to 3 decimals (weighed goods) → thousandths, above zero. */
const requestThousandths = z.unknown().transform((value, ctx) => {
  const parsed = typeof value === 'number' || typeof value === 'string' ? parseStock(value) : undefined;
  const milli = parsed === undefined ? 0 : Math.round(parsed * 1000);
  if (milli <= 0 || milli > MAX_QUANTITY_MILLI) {
    ctx.addIssue({
      code: 'custom',
      message: 'Quantidade inválida: use um número maior que zero com até 3 casas decimais.',
    });
    return z.NEVER;
  }
  return milli;
});

const barcode = z
  .union([z.string(), z.number()], { error: 'Informe o código de barras (barcode) do item.' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,14}$/.test(v), 'Código de barras inválido: use de 1 a 14 dígitos.');

/** An item of POST /checkout/subtotal; money in centavos, quantity in thousandths. */
export const CheckoutItem = z.object({
  sequence: id('Sequência do item inválida.'),
  barcode,
  quantity: requestThousandths,
  unit_value: requestCents('Valor unitário', MAX_ITEM_PRICE_CENTS),
  total_value: requestCents('Valor total do item', MAX_BASKET_CENTS),
  /** What the point of sale already deducted from the item (an offer), centavos. */
  discounts: z.preprocess((v) => (empty(v) ? 0 : v), requestCents('Desconto do item', MAX_BASKET_CENTS)),
});
export type CheckoutItem = z.output<typeof CheckoutItem>;

/** Most vouchers one sale may present. */
export const MAX_VOUCHERS = 10;
export const VOUCHERS_MESSAGE = 'Informe os vouchers como uma lista de códigos (vouchers: ["CÓDIGO"]).';

/**
 * The voucher codes the customer presented (`vouchers: ["CODE", …]`, beside `basket`): compared
 * without case or surrounding spaces, repeated and empty codes dropped. `basket.coupon` stays the
 * fiscal receipt (it keys settlement); a voucher is only what unlocks an 'Ativar por voucher' campaign.
 */
export const Vouchers = z
  .preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z
      .array(
        z.union([z.string(), z.number()], { error: VOUCHERS_MESSAGE }).transform((v) => String(v).trim()),
        { error: VOUCHERS_MESSAGE },
      )
      .max(MAX_VOUCHERS, `Envie no máximo ${MAX_VOUCHERS} vouchers.`),
  )
  .superRefine((codes, ctx) => {
    codes.forEach((code, i) => {
      if (code.length > 60)
        ctx.addIssue({ code: 'custom', path: [i], message: 'Voucher inválido: máximo de 60 caracteres.' });
    });
  })
  .transform((codes) => [...new Set(codes.filter(Boolean).map((c) => c.toUpperCase()))]);

const customer = z
  .object({ document: text(20).transform((v) => v.replace(/\D/g, '')) })
  .nullish()
  .transform((c) => (c && c.document ? c : null));

const items = z
  .array(CheckoutItem, { error: 'Informe os itens da compra.' })
  .min(1, 'Informe os itens da compra.')
  .max(500, 'Envie no máximo 500 itens.')
  .superRefine((items, ctx) => {
    const seen = new Set<number>();
    items.forEach((item, i) => {
      if (seen.has(item.sequence))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'sequence'],
          message: `Sequência ${item.sequence} repetida.`,
        });
      seen.add(item.sequence);
    });
  });

/** POST /checkout/subtotal: the basket being rung up, with the customer's document when known. */
export const SubtotalRequest = z.object({
  session: text(200).default(''),
  customer,
  vouchers: Vouchers,
  basket: z.object({
    coupon: text(30).default(''),
    id_store: id('Informe a loja (id_store).'),
    checkout: text(20).default(''),
    operator: text(60).default(''),
    items,
  }),
});
export type SubtotalRequest = z.output<typeof SubtotalRequest>;

// Answers describe the wire exactly: money as numbers of reais, quantities with 3 decimals.

/** An item of the subtotal answer: what the engine deducts from it and which campaigns did. */
export const SubtotalAnswerItem = z.object({
  sequence: z.number(),
  barcode: z.string(),
  quantity: z.number(),
  unit_value: z.number(),
  total_value: z.number(),
  /** Total discount of the item (item and ticket campaigns), reais. */
  discounts: z.number(),
  unit_discount_value: z.number(),
  discount_quantity: z.number(),
  campaigns: z.array(z.object({ id_campaign: z.number(), value: z.number() })),
});
export type SubtotalAnswerItem = z.output<typeof SubtotalAnswerItem>;

/** The answer of POST /checkout/subtotal; `discounts` are the ticket-level campaigns with their split. */
export const SubtotalAnswer = z.object({
  basket: z.object({
    items: z.array(SubtotalAnswerItem),
    discounts: z.array(
      z.object({
        id_campaign: z.number(),
        value: z.number(),
        items: z.array(z.object({ sequence: z.number(), value: z.number() })),
      }),
    ),
    total_discount: z.number(),
    total_with_discount: z.number(),
  }),
});
export type SubtotalAnswer = z.output<typeof SubtotalAnswer>;

export const PAYMENT_TOTAL_MISMATCH =
  'O valor total (total_value) não confere com os itens enviados (total_value − discounts de cada item).';

/**
 * POST /checkout/discounts/payments: the ticket's total and the payment method chosen. Optional,
 * shaped as in /checkout/subtotal: `session`, `customer`, `vouchers`, and in `basket` the sale's
 * `coupon`/`checkout`/`operator` (what settles the budget hold) and its `items` (each at its
 * `total_value` minus the `discounts` already given; their sum must be `total_value`), so campaigns
 * with a lead, the terms, a per-customer limit or a quantity dynamic apply as at the subtotal.
 */
export const PaymentDiscountRequest = z.object({
  session: text(200).default(''),
  customer,
  vouchers: Vouchers,
  basket: z
    .object({
      id_store: id('Informe a loja (id_store).'),
      payment_method: id('Informe a forma de pagamento.'),
      total_value: requestCents('Valor total', MAX_BASKET_CENTS),
      coupon: text(30).default(''),
      checkout: text(20).default(''),
      operator: text(60).default(''),
      items: items.optional(),
    })
    .superRefine((basket, ctx) => {
      if (!basket.items) return;
      const sum = basket.items.reduce((s, i) => s + Math.max(0, i.total_value - i.discounts), 0);
      if (Math.abs(sum - basket.total_value) > 1)
        ctx.addIssue({ code: 'custom', path: ['total_value'], message: PAYMENT_TOTAL_MISMATCH });
    }),
});
export type PaymentDiscountRequest = z.output<typeof PaymentDiscountRequest>;

export const PaymentDiscountAnswer = z.object({
  method: z.number(),
  totalDiscount: z.number(),
  totalWithDiscount: z.number(),
});
export type PaymentDiscountAnswer = z.output<typeof PaymentDiscountAnswer>;
