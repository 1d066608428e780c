import type { PaymentInput, PaymentMethod } from '@freguesia/shared/schemas/catalog';
import type { ServiceContext } from '../lib/context';
import { paginateArray, type Paginated } from '../lib/ddb/pagination';
import { notFound } from '../lib/errors';
import type { PaymentMethodItem } from './entities';
import { PAYMENT_NOT_FOUND, paymentsRepository } from './payments.repository';
import { byLabel, containsText } from './text-filter.model';

/** Payment methods (part 3 §3, §5, §7): a small collection read whole per tenant. */

export function paymentAnswer(p: PaymentMethodItem): PaymentMethod {
  return {
    id: p.id,
    reference_code: p.reference_code,
    description: p.description,
    visible: p.visible,
    max_installments: p.max_installments,
    has_change: p.has_change,
    created_at: p.createdAt ?? '',
    updated_at: p.updatedAt ?? '',
  };
}

/** Methods by description, filtered by visibility and by `q` on description or reference code, paged. */
export async function listPayments(
  ctx: ServiceContext,
  query: { q: string; visible?: boolean | undefined; page: number; per_page: number },
): Promise<Paginated<PaymentMethod>> {
  const all = (await paymentsRepository(ctx.tenant).all()).sort(byLabel((p) => p.description));
  const filtered = all.filter(
    (p) =>
      (query.visible === undefined || p.visible === query.visible) &&
      (!query.q || containsText(p.description, query.q) || containsText(p.reference_code, query.q)),
  );
  return paginateArray(filtered.map(paymentAnswer), query.page, query.per_page);
}

export async function getPayment(ctx: ServiceContext, id: number): Promise<PaymentMethod> {
  const payment = await paymentsRepository(ctx.tenant).get(id);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  return paymentAnswer(payment);
}

/** Creates a method; its reference code defaults to its id. */
export async function createPayment(ctx: ServiceContext, input: PaymentInput): Promise<PaymentMethod> {
  return paymentAnswer(await paymentsRepository(ctx.tenant).create(input));
}

export async function updatePayment(
  ctx: ServiceContext,
  id: number,
  input: PaymentInput,
): Promise<PaymentMethod> {
  return paymentAnswer(await paymentsRepository(ctx.tenant).update(id, input));
}
