import type { Basket } from '@freguesia/shared/schemas/customer';
import type { BasketItem } from './entities';
import { reais } from './customers.model';

/** Purchases: the validated shape, the ingestion outcome and the answer mapping. No I/O. */

/** A validated purchase, money in centavos (see integration/baskets.schema.ts). */
export type NewBasket = Omit<BasketItem, 'tenant' | 'id' | 'idCustomer' | 'createdAt'>;

/** One row of a POS request and what became of it. */
export interface IngestResult {
  index: number;
  id: number | null;
  duplicate?: true;
  errors?: Record<string, string>;
}

/** Identity of a sale: the same store, checkout, coupon and instant is the same purchase. */
export const saleKey = (b: Pick<NewBasket, 'idStore' | 'checkout' | 'coupon' | 'date'>) =>
  `${b.idStore}|${b.checkout}|${b.coupon}|${b.date}`;

export function toBasket(b: BasketItem, storeNames: ReadonlyMap<number, string>): Basket {
  return {
    id: b.id,
    id_customer: b.idCustomer > 0 ? b.idCustomer : null,
    id_store: b.idStore,
    store_name: storeNames.get(b.idStore) ?? null,
    checkout: b.checkout,
    coupon: b.coupon,
    date: b.date,
    created_at: b.createdAt,
    amount: reais(b.amount),
    discount: reais(b.discount),
    origin: b.origin,
    itens: b.itens,
    products: b.products.map((p) => ({
      code: p.code ?? '',
      description: p.description ?? '',
      quantity: p.quantity ?? 0,
      unit_value: reais(p.unit_value ?? 0),
      total_value: reais(p.total_value ?? 0),
      discount: reais(p.discount ?? 0),
    })),
    payments: b.payments.map((p) => ({
      method: p.method ?? '',
      value: reais(p.value ?? 0),
      installments: p.installments ?? 1,
    })),
  };
}
