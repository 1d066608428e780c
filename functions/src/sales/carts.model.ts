import { centsToNumber } from '@freguesia/shared/domain/money';
import { saleTotals, type ManualDiscount, type SaleStatus } from '@freguesia/shared/domain/sales';
import type { Sale, SaleCustomer, SaleRow } from '@freguesia/shared/schemas/sales';

/** A line as stored: money in centavos, the engine's share kept so the totals never move after finalising. */
export interface StoredLine {
  id: number;
  reference_code: string;
  description: string;
  barcode: string;
  quantity: number;
  unit_cents: number;
  manual: ManualDiscount;
  engine_cents: number;
}

export interface StoredPayment {
  id: number;
  reference_code: string;
  method: string;
  installments: number;
  has_change: boolean;
  total_cents: number;
  change_cents: number;
  discount_cents: number;
  backend_code: string;
}

/** The sale as stored in the cart item's `sale` attribute. */
export interface StoredSale {
  channel: string;
  status: SaleStatus;
  store_id: number;
  store_name: string;
  user_id: number;
  user: string;
  shipping_type: 'delivery' | 'takeaway';
  delivery_start_at: string;
  delivery_end_at: string;
  customer_id: number;
  customer: SaleCustomer;
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
  observation: string;
  products: StoredLine[];
  payments: StoredPayment[];
  vouchers: string[];
  shipping_cents: number;
  /** The checkout session holding the draft's campaign budgets (null: none held). */
  hold_session: string | null;
  /** Bumped when a hold expired or the store changed: the next hold is a fresh session. */
  hold_generation: number;
  invoiced_at: string | null;
  basket_id: number | null;
  synced_at: string | null;
}

/** What the list can filter on; a missing dimension is '*'. */
export interface ScopeKeys {
  store: number;
  status: SaleStatus;
  user: number;
  customer: number;
}

type Dim = 's' | 't' | 'u' | 'c';
const DIMS: readonly Dim[] = ['s', 't', 'u', 'c'];

const scopeKey = (values: Partial<Record<Dim, string | number>>): string =>
  DIMS.map((d) => `${d}=${values[d] ?? '*'}`).join('|');

/**
 * Every list scope a cart appears in: one per subset of its four dimensions (store, status, seller,
 * customer), 16 in all, so each filter combination of the screen (drafts toggle, seller filter,
 * store-bound users, a customer's drafts) is one partition read newest first.
 */
export function listScopes(keys: ScopeKeys): string[] {
  const values: Record<Dim, string | number> = {
    s: keys.store,
    t: keys.status,
    u: keys.user,
    c: keys.customer,
  };
  const scopes: string[] = [];
  for (let mask = 0; mask < 16; mask++) {
    const chosen: Partial<Record<Dim, string | number>> = {};
    DIMS.forEach((d, i) => {
      if (mask & (1 << i)) chosen[d] = values[d];
    });
    scopes.push(scopeKey(chosen));
  }
  return scopes;
}

/** The scope a list query reads. */
export const queryScope = (filter: Partial<ScopeKeys>): string =>
  scopeKey({ s: filter.store, t: filter.status, u: filter.user, c: filter.customer });

export const counterName = (scope: string) => `total:cart|${scope}`;

export const scopeKeysOf = (sale: StoredSale): ScopeKeys => ({
  store: sale.store_id,
  status: sale.status,
  user: sale.user_id,
  customer: sale.customer_id,
});

export function totalsOf(sale: StoredSale) {
  return saleTotals(
    sale.products.map((p) => ({
      quantity: p.quantity,
      unit_cents: p.unit_cents,
      manual: p.manual,
      engine_cents: p.engine_cents,
    })),
    sale.shipping_cents,
    sale.payments,
  );
}

export function toRow(id: number, sale: StoredSale, createdAt: string, updatedAt: string): SaleRow {
  const totals = totalsOf(sale);
  return {
    id,
    status: sale.status,
    store_id: sale.store_id,
    store_name: sale.store_name,
    user_id: sale.user_id,
    user: sale.user,
    customer_id: sale.customer_id,
    customer_name: sale.customer.fullname,
    customer_document: sale.customer.document,
    channel: sale.channel,
    item_quantity: totals.item_quantity,
    total_value: centsToNumber(totals.total_cents),
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

const reais = centsToNumber;

export function toSale(
  id: number,
  version: number,
  sale: StoredSale,
  createdAt: string,
  updatedAt: string,
): Sale {
  const totals = totalsOf(sale);
  return {
    id,
    version,
    store_id: sale.store_id,
    store_name: sale.store_name,
    channel: sale.channel,
    status: sale.status,
    user: sale.user,
    user_id: sale.user_id,
    shipping_type: sale.shipping_type,
    delivery_start_at: sale.delivery_start_at,
    delivery_end_at: sale.delivery_end_at,
    customer_id: sale.customer_id,
    customer: sale.customer,
    shipping_name: sale.shipping.name,
    shipping_document: sale.shipping.document,
    shipping_zipcode: sale.shipping.zipcode,
    shipping_address: sale.shipping.address,
    shipping_number: sale.shipping.number,
    shipping_complement: sale.shipping.complement,
    shipping_neighborhood: sale.shipping.neighborhood,
    shipping_city: sale.shipping.city,
    shipping_state: sale.shipping.state,
    observation: sale.observation,
    products: sale.products.map((p, i) => {
      const line = totals.lines[i]!;
      return {
        id: p.id,
        sequence: i + 1,
        reference_code: p.reference_code,
        description: p.description,
        barcode: p.barcode,
        quantity: p.quantity,
        unit_value: reais(p.unit_cents),
        discount_type: p.manual.type,
        discount: reais(p.manual.value),
        manual_discount_value: reais(line.manual_cents),
        offer_discount_value: reais(line.discount_cents - line.manual_cents),
        discount_value: reais(line.discount_cents),
        total_value: reais(line.total_cents),
      };
    }),
    payments: sale.payments.map((p) => ({
      id: p.id,
      reference_code: p.reference_code,
      method: p.method,
      installments: p.installments,
      has_change: p.has_change,
      total_value: reais(p.total_cents),
      change_value: reais(p.change_cents),
      discounts: reais(p.discount_cents),
      backend_code: p.backend_code,
    })),
    vouchers: sale.vouchers,
    subtotal_value: reais(totals.subtotal_cents),
    shipping_value: reais(totals.shipping_cents),
    discount_value: reais(totals.discount_cents),
    payment_discount_value: reais(totals.payment_discount_cents),
    total_value: reais(totals.total_cents),
    item_quantity: totals.item_quantity,
    basket_id: sale.basket_id,
    synced_at: sale.synced_at,
    invoiced_at: sale.invoiced_at,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}
