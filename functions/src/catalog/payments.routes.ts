import * as z from 'zod';
import { PaymentInput } from '@freguesia/shared/schemas/catalog';
import { pageQuery } from '../lib/ddb/pagination';
import { route } from '../lib/http/route';
import { createPayment, getPayment, listPayments, updatePayment } from './payments.service';

const READ = { action: 'read', subject: 'Payments' } as const;
/** Part 3 §6 says write is "not shown separately"; creating and editing require write Payments. */
const WRITE = { action: 'write', subject: 'Payments' } as const;

const visibleFilter = z
  .enum(['true', 'false', 'Y', 'N', '1', '0', ''], { error: "visible deve ser 'true' ou 'false'." })
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === 'Y' || v === '1'));

const paymentId = z.object({ id: z.coerce.number().int().positive('Forma de pagamento inválida.') });

/** Payment methods (part 3 §3, §5, §7). */
export const paymentRoutes = [
  route({
    method: 'GET',
    path: '/api/web/payments',
    permission: READ,
    query: pageQuery(20, 1000).extend({ q: z.string().trim().max(100).default(''), visible: visibleFilter }),
    handler: async ({ service, query }) => listPayments(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/payments/{id}',
    permission: READ,
    params: paymentId,
    handler: async ({ service, params }) => getPayment(service, params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/payments',
    permission: WRITE,
    body: PaymentInput,
    handler: async ({ service, body }) => createPayment(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/payments/{id}',
    permission: WRITE,
    params: paymentId,
    body: PaymentInput,
    handler: async ({ service, params, body }) => updatePayment(service, params.id, body),
  }),
];
