import {
  addressComplete,
  DEFAULT_SALE_CHANNEL,
  isEditable,
  outsideCoverage,
  SALE_MESSAGES,
  type SaleStatus,
} from '@freguesia/shared/domain/sales';
import type { Sale } from '@freguesia/shared/schemas/sales';

/**
 * The wizard's form (spec part 3 §4, §5): what each step checks, the body of POST/PUT /web/carts,
 * and the clone of a sale. Money in reais as the API answers (the server prices the draft).
 */

export interface FormLine {
  id: number;
  reference_code: string;
  description: string;
  barcode: string;
  pack: number;
  quantity: number;
  unit_value: number;
  discount_type: 'money' | 'percent';
  discount: number;
}

export interface FormPayment {
  id: number;
  method: string;
  installments: number;
  total_value: number;
  change_value: number;
  has_change: boolean;
  discounts: number;
  backend_code: string;
}

export interface SaleForm {
  id?: number;
  version?: number;
  status: SaleStatus;
  channel: string;
  store_id?: number;
  user_id?: number;
  customer?: { id: number; fullname: string; document: string; state: string };
  observation: string;
  shipping_type: 'delivery' | 'takeaway';
  delivery_start_at: string;
  delivery_end_at: string;
  shipping: {
    name: string;
    document: string;
    zipcode: string;
    address: string;
    number: string;
    complement: string;
    neighborhood: string;
    city: string;
    state: string;
  };
  shipping_value: number;
  products: FormLine[];
  payments: FormPayment[];
  vouchers: string[];
}

export const EMPTY_SHIPPING: SaleForm['shipping'] = {
  name: '',
  document: '',
  zipcode: '',
  address: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
};

export const emptyForm = (): SaleForm => ({
  status: 'Rascunho',
  channel: DEFAULT_SALE_CHANNEL,
  observation: '',
  shipping_type: 'delivery',
  delivery_start_at: '',
  delivery_end_at: '',
  shipping: { ...EMPTY_SHIPPING },
  shipping_value: 0,
  products: [],
  payments: [],
  vouchers: [],
});

/** 'YYYY-MM-DD HH:mm:ss' in São Paulo, now. */
export function nowLocal(date = new Date()): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(date);
  return parts.replace('T', ' ');
}

export function fromSale(sale: Sale): SaleForm {
  return {
    id: sale.id,
    version: sale.version,
    status: sale.status,
    channel: sale.channel,
    store_id: sale.store_id,
    user_id: sale.user_id,
    customer: {
      id: sale.customer.id,
      fullname: sale.customer.fullname,
      document: sale.customer.document,
      state: sale.customer.state,
    },
    observation: sale.observation,
    shipping_type: sale.shipping_type,
    delivery_start_at: sale.delivery_start_at,
    delivery_end_at: sale.delivery_end_at,
    shipping: {
      name: sale.shipping_name,
      document: sale.shipping_document,
      zipcode: sale.shipping_zipcode,
      address: sale.shipping_address,
      number: sale.shipping_number,
      complement: sale.shipping_complement,
      neighborhood: sale.shipping_neighborhood,
      city: sale.shipping_city,
      state: sale.shipping_state,
    },
    shipping_value: sale.shipping_value,
    products: sale.products.map((p) => ({
      id: p.id,
      reference_code: p.reference_code,
      description: p.description,
      barcode: p.barcode,
      pack: 1,
      quantity: p.quantity,
      unit_value: p.unit_value,
      discount_type: p.discount_type,
      discount: p.discount,
    })),
    payments: sale.payments.map((p) => ({
      id: p.id,
      method: p.method,
      installments: p.installments,
      total_value: p.total_value,
      change_value: p.change_value,
      has_change: p.has_change,
      discounts: p.discounts,
      backend_code: p.backend_code,
    })),
    vouchers: sale.vouchers,
  };
}

/** §4: a clone keeps customer, store, products and address; payments cleared, dates now, Rascunho, no id. */
export function cloneOf(form: SaleForm, now = nowLocal()): SaleForm {
  return {
    ...form,
    id: undefined,
    version: undefined,
    // The clone is the current user's sale (the server picks the seller of a new sale).
    user_id: undefined,
    status: 'Rascunho',
    payments: [],
    delivery_start_at: now,
    delivery_end_at: now,
  };
}

/** The body of POST/PUT /web/carts. */
export function toBody(form: SaleForm, status?: SaleStatus): Record<string, unknown> {
  return {
    store_id: form.store_id,
    customer_id: form.customer?.id,
    channel: form.channel,
    user_id: form.user_id,
    shipping_type: form.shipping_type,
    delivery_start_at: form.delivery_start_at,
    delivery_end_at: form.delivery_end_at,
    shipping_name: form.shipping.name,
    shipping_document: form.shipping.document,
    shipping_zipcode: form.shipping.zipcode,
    shipping_address: form.shipping.address,
    shipping_number: form.shipping.number,
    shipping_complement: form.shipping.complement,
    shipping_neighborhood: form.shipping.neighborhood,
    shipping_city: form.shipping.city,
    shipping_state: form.shipping.state,
    observation: form.observation,
    shipping_value: form.shipping_value,
    products: form.products.map((p) => ({
      id: p.id,
      reference_code: p.reference_code,
      description: p.description,
      barcode: p.barcode,
      quantity: p.quantity,
      unit_value: p.unit_value,
      discount_type: p.discount_type,
      discount: p.discount,
    })),
    payments: form.payments.map((p) => ({
      id: p.id,
      installments: p.installments,
      total_value: p.total_value,
      change_value: p.change_value,
    })),
    vouchers: form.vouchers,
    ...(form.version !== undefined ? { version: form.version } : {}),
    ...(status ? { status } : {}),
  };
}

/** The message of the first rule of step `step` (§5) the form breaks, or undefined. */
export function stepError(step: number, form: SaleForm, coverage: readonly string[]): string | undefined {
  if (step === 0) {
    if (!form.customer) return SALE_MESSAGES.customer;
    if (!form.store_id) return SALE_MESSAGES.store;
  }
  if (step === 1 && form.products.length === 0) return SALE_MESSAGES.products;
  if (step === 2) {
    if (!form.delivery_start_at || !form.delivery_end_at) return SALE_MESSAGES.deliveryDate;
    if (!addressComplete(form.shipping)) return SALE_MESSAGES.address;
    if (blocked(form, coverage)) return SALE_MESSAGES.blocked;
  }
  return undefined;
}

/** §4 Coverage: 'Cliente Bloqueado' when the customer's or shipping state is outside the configured ones. */
export const blocked = (form: SaleForm, coverage: readonly string[]) =>
  outsideCoverage(coverage, form.customer?.state, form.shipping.state);

/** §4: only Rascunho and Erro_IBGE go back or are finalised; the others open at the summary. */
export const firstStep = (form: SaleForm, clone: boolean) =>
  clone ? 2 : form.id !== undefined && !isEditable(form.status) ? 4 : form.id !== undefined ? 1 : 0;

/** Cents of reais (two decimals). */
export const toCents = (reais: number) => Math.round(reais * 100);

/** §5 step 4: total above 0 and equal to the payments minus the change. */
export function paymentsOk(total: number, payments: readonly FormPayment[]): boolean {
  const paid = payments.reduce((s, p) => s + toCents(p.total_value) - toCents(p.change_value), 0);
  return toCents(total) > 0 && paid === toCents(total);
}
