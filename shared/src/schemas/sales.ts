import { parseMoney } from '../domain/money';
import { MAX_INSTALLMENTS, SALE_STATUSES, type SaleStatus } from '../domain/sales';
import * as z from '../domain/zod-pt';

/**
 * The sale (cart) of spec part 3 §3 and its calls (§7 'Sales and payments'). Money on the wire is
 * a number of reais with at most 2 decimals (as the checkout answers), centavos inside.
 */

/** Largest amount of one field of a sale: R$ 99.999.999,99 (keeps every sum a safe integer). */
const MAX_CENTS = 9_999_999_999;

const money = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.unknown().transform((value, ctx) => {
      const cents = typeof value === 'number' || typeof value === 'string' ? parseMoney(value) : undefined;
      if (cents === undefined || cents < 0 || cents > MAX_CENTS) {
        ctx.addIssue({ code: 'custom', message: `${label} inválido: use um valor de 0 a 99.999.999,99.` });
        return z.NEVER;
      }
      return cents;
    }),
  );

const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string({ error: 'Texto inválido.' }).trim().max(max, `Máximo de ${max} caracteres.`),
  );

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(999_999_999, message);

const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' || v === 0 ? undefined : v),
    id(message).optional(),
  );

/** 'YYYY-MM-DD HH:mm:ss' (§9 delivery windows) or empty. */
const dateTime = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string({ error: 'Data inválida.' })
    .trim()
    .refine(
      (v) => v === '' || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v),
      'Data inválida: use AAAA-MM-DD HH:mm:ss.',
    )
    .transform((v) => (v.length === 16 ? `${v}:00` : v)),
);

export const SaleStatusSchema = z.enum(SALE_STATUSES, { error: 'Status de venda inválido.' });

export const SaleProductInput = z.object({
  id: id('Produto inválido.'),
  reference_code: text(40).default(''),
  description: text(120).default(''),
  barcode: z
    .union([z.string(), z.number()], { error: 'Código de barras inválido.' })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,14}$/.test(v), 'Código de barras inválido: use de 1 a 14 dígitos.'),
  quantity: z.coerce
    .number({ error: 'Quantidade inválida.' })
    .int('Quantidade inválida: use um número inteiro.')
    .min(1, 'A quantidade mínima é 1.')
    .max(99_999, 'Quantidade acima do limite.'),
  unit_value: money('Valor unitário'),
  /** Manual discount: 'money' (reais) or 'percent' (0 to 100, up to 2 decimals). */
  discount_type: z.enum(['money', 'percent'], { error: 'Tipo de desconto inválido.' }).default('money'),
  discount: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.unknown().transform((value, ctx) => {
      const hundredths =
        typeof value === 'number' || typeof value === 'string' ? parseMoney(value) : undefined;
      if (hundredths === undefined || hundredths < 0 || hundredths > MAX_CENTS) {
        ctx.addIssue({ code: 'custom', message: 'Desconto inválido: use um valor a partir de 0.' });
        return z.NEVER;
      }
      return hundredths;
    }),
  ),
});
export type SaleProductInput = z.output<typeof SaleProductInput>;

export const SalePaymentInput = z.object({
  /** The payment method's id (GET /web/payments). */
  id: id('Forma de pagamento inválida.'),
  installments: z.coerce
    .number({ error: 'Parcelas inválidas.' })
    .int('Parcelas inválidas.')
    .min(1, `Parcelas inválidas: de 1 a ${MAX_INSTALLMENTS}.`)
    .max(MAX_INSTALLMENTS, `Parcelas inválidas: de 1 a ${MAX_INSTALLMENTS}.`)
    .default(1),
  total_value: money('Valor do pagamento'),
  change_value: money('Valor do troco'),
});
export type SalePaymentInput = z.output<typeof SalePaymentInput>;

const shippingFields = {
  shipping_name: text(120).default(''),
  shipping_document: text(20).default(''),
  shipping_zipcode: text(9).default(''),
  shipping_address: text(120).default(''),
  shipping_number: text(20).default(''),
  shipping_complement: text(80).default(''),
  shipping_neighborhood: text(80).default(''),
  shipping_city: text(80).default(''),
  shipping_state: text(2).default(''),
};

/** POST /web/carts and PUT /web/carts/{id}. `version` is required on PUT (optimistic concurrency). */
export const SaleInput = z
  .object({
    store_id: id('Selecione uma loja para a venda! '),
    customer_id: id('Selecione um cliente para a venda! '),
    channel: text(40).default(''),
    status: z.preprocess((v) => (v === '' || v === null ? undefined : v), SaleStatusSchema.optional()),
    user_id: optionalId('Vendedor inválido.'),
    shipping_type: z
      .enum(['delivery', 'takeaway'], { error: 'Tipo de entrega inválido.' })
      .default('delivery'),
    delivery_start_at: dateTime,
    delivery_end_at: dateTime,
    ...shippingFields,
    observation: text(1000).default(''),
    products: z
      .array(SaleProductInput, { error: 'Produtos inválidos.' })
      .max(200, 'No máximo 200 produtos por venda.')
      .default([]),
    payments: z
      .array(SalePaymentInput, { error: 'Pagamentos inválidos.' })
      .max(20, 'No máximo 20 pagamentos por venda.')
      .default([]),
    shipping_value: money('Valor do frete'),
    /** Voucher codes the customer presents (passed to the checkout when it takes them). */
    vouchers: z
      .array(text(40), { error: 'Vouchers inválidos.' })
      .max(20, 'No máximo 20 vouchers.')
      .default([]),
    version: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: 'Versão inválida.' })
        .int('Versão inválida.')
        .min(0, 'Versão inválida.')
        .optional(),
    ),
  })
  .superRefine((sale, ctx) => {
    sale.products.forEach((p, i) => {
      if (p.discount_type === 'percent' && p.discount > 10_000)
        ctx.addIssue({
          code: 'custom',
          path: ['products', i, 'discount'],
          message: 'O desconto em % vai de 0 a 100.',
        });
    });
  });
export type SaleInput = z.output<typeof SaleInput>;

/** GET /web/carts query (page size 100, §9). */
export const SaleListQuery = z.object({
  page: z.coerce
    .number({ error: 'Página inválida.' })
    .int('Página inválida.')
    .min(1, 'A página deve ser 1 ou maior.')
    .max(100_000, 'Página inválida.')
    .default(1),
  per_page: z.coerce
    .number({ error: 'per_page inválido.' })
    .int('per_page inválido.')
    .min(1, 'per_page deve ser 1 ou maior.')
    .max(99_999, 'per_page deve ser no máximo 99999.')
    .default(100),
  q: text(60).default(''),
  customer_id: optionalId('Cliente inválido.'),
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), SaleStatusSchema.optional()),
  user_id: optionalId('Vendedor inválido.'),
  store_id: optionalId('Loja inválida.'),
});
export type SaleListQuery = z.output<typeof SaleListQuery>;

/** A line of a sale as answered. */
export interface SaleProduct {
  id: number;
  sequence: number;
  reference_code: string;
  description: string;
  barcode: string;
  quantity: number;
  unit_value: number;
  discount_type: 'money' | 'percent';
  /** The manual discount as typed: reais or percent. */
  discount: number;
  /** The manual discount in reais. */
  manual_discount_value: number;
  /** What the promotion engine deducted from the line, reais. */
  offer_discount_value: number;
  /** Manual + engine. */
  discount_value: number;
  total_value: number;
}

export interface SalePayment {
  id: number;
  reference_code: string;
  method: string;
  installments: number;
  has_change: boolean;
  total_value: number;
  change_value: number;
  /** The payment method's discount (DBP campaigns), reais. */
  discounts: number;
  /** The code the back office hands to the payment system ('Backend copiado!'). */
  backend_code: string;
}

export interface SaleCustomer {
  id: number;
  fullname: string;
  document: string;
  favorite_store: string;
  favorite_store_id: number | null;
  zipcode: string;
  address: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  attributes: { email: string; cellphone: string };
}

/** The sale of §3 as GET /web/carts/{id} answers it. */
export interface Sale {
  id: number;
  version: number;
  store_id: number;
  store_name: string;
  channel: string;
  status: SaleStatus;
  user: string;
  user_id: number;
  shipping_type: 'delivery' | 'takeaway';
  delivery_start_at: string;
  delivery_end_at: string;
  customer_id: number;
  customer: SaleCustomer;
  shipping_name: string;
  shipping_document: string;
  shipping_zipcode: string;
  shipping_address: string;
  shipping_number: string;
  shipping_complement: string;
  shipping_neighborhood: string;
  shipping_city: string;
  shipping_state: string;
  observation: string;
  products: SaleProduct[];
  payments: SalePayment[];
  vouchers: string[];
  subtotal_value: number;
  shipping_value: number;
  discount_value: number;
  payment_discount_value: number;
  total_value: number;
  item_quantity: number;
  /** The customer's purchase this sale became (once invoiced), and when. */
  basket_id: number | null;
  synced_at: string | null;
  invoiced_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A row of GET /web/carts. */
export interface SaleRow {
  id: number;
  status: SaleStatus;
  store_id: number;
  store_name: string;
  user_id: number;
  user: string;
  customer_id: number;
  customer_name: string;
  customer_document: string;
  channel: string;
  item_quantity: number;
  total_value: number;
  created_at: string;
  updated_at: string;
}

export const SALE_STATUS_VALUES: readonly SaleStatus[] = SALE_STATUSES;
