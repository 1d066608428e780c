import { z } from 'zod';
import { PaymentInput, type PaymentMethod } from '@freguesia/shared/schemas/catalog';
import { pageQuery, paginateArray } from '../lib/ddb/pagination';
import { notFound } from '../lib/errors';
import { route } from '../lib/http/route';
import type { PaymentMethodItem } from './entities';
import { PAYMENT_NOT_FOUND, paymentsRepository } from './payments.repository';
import { byLabel, containsText } from './text-filter';

const READ = { action: 'read', subject: 'Payments' } as const;
/** Part 3 §6 says write is "not shown separately"; creating and editing require write Payments. */
const WRITE = { action: 'write', subject: 'Payments' } as const;

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

const visibleFilter = z
  .enum(['true', 'false', 'Y', 'N', '1', '0', ''], { error: "visible deve ser 'true' ou 'false'." })
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === 'Y' || v === '1'));

const paymentId = z.object({ id: z.coerce.number().int().positive('Forma de pagamento inválida.') });

/** Payment methods (part 3 §3, §5, §7): a small collection read whole per tenant. */
export const paymentRoutes = [
  route({
    method: 'GET',
    path: '/api/web/payments',
    permission: READ,
    query: pageQuery(20, 1000).extend({ q: z.string().trim().max(100).default(''), visible: visibleFilter }),
    handler: async ({ tenant, query }) => {
      const all = (await paymentsRepository(tenant.id).all()).sort(byLabel((p) => p.description));
      const filtered = all.filter(
        (p) =>
          (query.visible === undefined || p.visible === query.visible) &&
          (!query.q || containsText(p.description, query.q) || containsText(p.reference_code, query.q)),
      );
      return paginateArray(filtered.map(paymentAnswer), query.page, query.per_page);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/payments/{id}',
    permission: READ,
    params: paymentId,
    handler: async ({ tenant, params }) => {
      const payment = await paymentsRepository(tenant.id).get(params.id);
      if (!payment) throw notFound(PAYMENT_NOT_FOUND);
      return paymentAnswer(payment);
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/payments',
    permission: WRITE,
    body: PaymentInput,
    handler: async ({ tenant, body }) => paymentAnswer(await paymentsRepository(tenant.id).create(body)),
  }),
  route({
    method: 'PUT',
    path: '/api/web/payments/{id}',
    permission: WRITE,
    params: paymentId,
    body: PaymentInput,
    handler: async ({ tenant, params, body }) => paymentAnswer(await paymentsRepository(tenant.id).update(params.id, body)),
  }),
];
