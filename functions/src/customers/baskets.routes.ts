import * as z from 'zod';
import { isIsoDate } from '@freguesia/shared/domain/masks';
import { CUSTOMER_MESSAGES } from '@freguesia/shared/domain/customer-messages';
import { pageQuery } from '../lib/ddb/pagination';
import { route } from '../lib/http/route';
import {
  ASSOCIATE_MAX,
  associateBaskets,
  basketOrigins,
  customerBaskets,
  filterBaskets,
} from './baskets.service';

const READ = { action: 'read', subject: 'Customers' } as const;
const WRITE = { action: 'write', subject: 'Customers' } as const;

const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isIsoDate(v.slice(0, 10)), message)
    .transform((v) => v.slice(0, 10));

const customerId = z.coerce.number({ error: 'Informe o cliente.' }).int().positive('Informe o cliente.');

/** Purchases on the customer details page (spec part 1 §7, part 3 §7). */
export const basketRoutes = [
  /**
   * A customer's purchases in a period, newest first, 15 per page. Without dates the period
   * is the last `average_baskets_days` days (setting, default 90) up to the end of the month.
   */
  route({
    method: 'GET',
    path: '/api/web/baskets/get',
    permission: READ,
    query: pageQuery(15).extend({
      id: customerId,
      gte_date: day('Data inicial inválida: use AAAA-MM-DD.').optional(),
      lte_date: day('Data final inválida: use AAAA-MM-DD.').optional(),
    }),
    handler: ({ service, query }) => customerBaskets(service, query),
  }),
  /**
   * Purchases of a day to associate with a customer: by store (and checkout) through the
   * day index, coupon and `basket_loyal` (Y identified, N not identified) as filters.
   */
  route({
    method: 'GET',
    path: '/api/web/baskets/filter',
    permission: READ,
    query: pageQuery(15).extend({
      date: day('Informe a data da compra (AAAA-MM-DD).'),
      id_store: z.coerce.number().int().positive('Loja inválida.').optional(),
      checkout: z
        .string()
        .trim()
        .max(20)
        .optional()
        .transform((v) => v || undefined),
      coupon: z
        .string()
        .trim()
        .max(30)
        .optional()
        .transform((v) => v || undefined),
      basket_loyal: z
        .string()
        .optional()
        .transform((v) =>
          v === undefined || v === '' ? undefined : ['Y', 'S', '1', 'TRUE'].includes(v.trim().toUpperCase()),
        ),
    }),
    handler: ({ service, query }) => filterBaskets(service, query),
  }),
  route({
    method: 'POST',
    path: '/api/web/baskets/associate',
    permission: WRITE,
    query: z.object({ id_customer: customerId }),
    body: z
      .array(z.coerce.number().int().positive('Id de compra inválido.'), {
        error: 'Envie a lista de ids das compras.',
      })
      .min(1, 'Escolha ao menos uma compra.')
      .max(ASSOCIATE_MAX, `Associe no máximo ${ASSOCIATE_MAX} compras por vez.`)
      .transform((ids) => [...new Set(ids)]),
    handler: async ({ service, query, body }) => ({
      message: CUSTOMER_MESSAGES.associated,
      associated: await associateBaskets(service, query.id_customer, body),
    }),
  }),
  /** Distinct purchase origins (lead conditions, filters): [{origin}]. Any signed-in staff. */
  route({
    method: 'GET',
    path: '/api/web/baskets/origins',
    permission: null,
    handler: async ({ service }) => (await basketOrigins(service)).map((origin) => ({ origin })),
  }),
];
