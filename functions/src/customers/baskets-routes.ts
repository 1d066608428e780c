import { z } from 'zod';
import { isIsoDate } from '@freguesia/shared/domain/masks';
import { CUSTOMER_MESSAGES } from '@freguesia/shared/schemas/customer';
import { pageQuery, paginateArray, paginated } from '../lib/ddb/pagination';
import { invalid } from '../lib/errors';
import { route, type StaffPrincipal } from '../lib/http/route';
import { readSettingValue } from '../settings/settings.service';
import { ASSOCIATE_MAX, basketsRepository } from './baskets-repository';
import { addDays, endOfMonth, localDay, toBasket } from './service';
import { storeNames } from './stores';

const READ = { action: 'read', subject: 'Customers' } as const;
const WRITE = { action: 'write', subject: 'Customers' } as const;

const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isIsoDate(v.slice(0, 10)), message)
    .transform((v) => v.slice(0, 10));

const customerId = z.coerce.number({ error: 'Informe o cliente.' }).int().positive('Informe o cliente.');

/** Without all stores, a user only sees purchases of their own store (spec part 1 §6). */
function storeScope(principal: StaffPrincipal, requested: number | undefined): number | undefined {
  if (principal.allStores) return requested;
  return principal.storeId ?? -1;
}

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
    handler: async ({ service, tenant, query }) => {
      const today = localDay(new Date());
      let gte = query.gte_date;
      if (!gte) {
        const days = Number((await readSettingValue(service, 'average_baskets_days')) ?? 90) || 90;
        gte = addDays(today, -days);
      }
      const lte = query.lte_date ?? endOfMonth(today);
      if (gte > lte) throw invalid('A data inicial deve ser anterior à final.');
      const [baskets, names] = await Promise.all([basketsRepository(tenant.id).byCustomer(query.id, gte, lte), storeNames(tenant.id)]);
      const page = paginateArray(baskets, query.page, query.per_page);
      return { ...page, data: page.data.map((b) => toBasket(b, names)), period: { gte_date: gte, lte_date: lte } };
    },
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
      checkout: z.string().trim().max(20).optional().transform((v) => v || undefined),
      coupon: z.string().trim().max(30).optional().transform((v) => v || undefined),
      basket_loyal: z
        .string()
        .optional()
        .transform((v) => (v === undefined || v === '' ? undefined : ['Y', 'S', '1', 'TRUE'].includes(v.trim().toUpperCase()))),
    }),
    handler: async ({ tenant, principal, query }) => {
      const [result, names] = await Promise.all([
        basketsRepository(tenant.id).filter({
          day: query.date,
          idStore: storeScope(principal, query.id_store),
          checkout: query.checkout,
          coupon: query.coupon,
          loyal: query.basket_loyal,
        }),
        storeNames(tenant.id),
      ]);
      const sorted = result.items.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
      const start = (query.page - 1) * query.per_page;
      const answer = paginated(
        sorted.slice(start, start + query.per_page).map((b) => toBasket(b, names)),
        sorted.length,
        query.page,
        query.per_page,
      );
      return result.estimated ? { ...answer, pagination: { ...answer.pagination, estimated: true } } : answer;
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/baskets/associate',
    permission: WRITE,
    query: z.object({ id_customer: customerId }),
    body: z
      .array(z.coerce.number().int().positive('Id de compra inválido.'), { error: 'Envie a lista de ids das compras.' })
      .min(1, 'Escolha ao menos uma compra.')
      .max(ASSOCIATE_MAX, `Associe no máximo ${ASSOCIATE_MAX} compras por vez.`)
      .transform((ids) => [...new Set(ids)]),
    handler: async ({ tenant, principal, query, body }) => {
      const associated = await basketsRepository(tenant.id).associate(query.id_customer, body, {
        channel: 'Plataforma',
        userId: principal.userId,
        userName: principal.shortname,
      });
      return { message: CUSTOMER_MESSAGES.associated, associated };
    },
  }),
  /** Distinct purchase origins (lead conditions, filters): [{origin}]. Any signed-in staff. */
  route({
    method: 'GET',
    path: '/api/web/baskets/origins',
    permission: null,
    handler: async ({ tenant }) => (await basketsRepository(tenant.id).origins()).map((origin) => ({ origin })),
  }),
];
