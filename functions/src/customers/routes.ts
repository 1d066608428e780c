import { z } from 'zod';
import { normalizeDocument } from '@freguesia/shared/domain/document';
import { CUSTOMER_MESSAGES, CustomerForm, CustomerUpdate } from '@freguesia/shared/schemas/customer';
import { hashPassword } from '../lib/auth/password';
import { pageQuery, paginated } from '../lib/ddb/pagination';
import { InvalidError, notFound } from '../lib/errors';
import { route, type StaffPrincipal } from '../lib/http/route';
import { basketRoutes } from './baskets-routes';
import { customersRepository, GEO_CAP, type Actor } from './repository';
import { profileFromForm, searchKey, toDetails } from './service';
import { storeRefs } from './stores';

const READ = { action: 'read', subject: 'Customers' } as const;
const WRITE = { action: 'write', subject: 'Customers' } as const;

export const staffActor = (p: StaffPrincipal): Actor => ({ channel: 'Plataforma', userId: p.userId, userName: p.shortname });

const idParam = z.object({ id: z.coerce.number({ error: 'Id inválido.' }).int().positive('Id inválido.') });

const listQuery = pageQuery(10).extend({
  q: z.string().trim().max(100, 'Busca muito longa.').default(''),
  field: z
    .enum(['document', 'fullname', 'email', 'cellphone'], { error: 'Campo de busca inválido.' })
    .optional()
    .catch(undefined),
});

/** Staff customer registry (spec part 1 §7 "Customers (staff)"). */
export const routes = [
  /**
   * The list: without `q`, every customer newest first with the `total:customer` counter;
   * with `q`, one Query on the field's index (auto-detected when `field` is absent), total
   * exact up to 200 matches and flagged `pagination.estimated` beyond.
   */
  route({
    method: 'GET',
    path: '/api/web/customers',
    permission: READ,
    query: listQuery,
    handler: async ({ tenant, query }) => {
      const repo = customersRepository(tenant.id);
      const key = searchKey(query.q, query.field);
      if (!key) {
        const [items, total] = await Promise.all([repo.listPage(query.page, query.per_page), repo.total()]);
        return paginated(items, total, query.page, query.per_page);
      }
      let result = await repo.search(key, query.page, query.per_page);
      // A bare 11-digit number may be a cellphone that happens to pass the CPF check.
      if (result.total === 0 && !query.field && key.kind === 'document' && key.value.length === 11) {
        result = await repo.search({ kind: 'phone', value: key.value }, query.page, query.per_page);
      }
      const answer = paginated(result.items, result.total, query.page, query.per_page);
      return result.estimated ? { ...answer, pagination: { ...answer.pagination, estimated: true } } : answer;
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/customers/channels',
    permission: READ,
    handler: async ({ tenant }) => customersRepository(tenant.id).channels(),
  }),
  /** Segments are the customer tags: [{segment, total}], largest first. */
  route({
    method: 'GET',
    path: '/api/web/customers/segments',
    permission: READ,
    handler: async ({ tenant }) => customersRepository(tenant.id).segments(),
  }),
  /** Map points [{id, latitude, longitude}], at most 5,000 (in id order). */
  route({
    method: 'GET',
    path: '/api/web/customers/geo',
    permission: READ,
    handler: async ({ tenant }) => customersRepository(tenant.id).geo(GEO_CAP),
  }),
  route({
    method: 'GET',
    path: '/api/web/customer/{id}',
    permission: READ,
    params: idParam,
    handler: async ({ tenant, params }) => {
      const repo = customersRepository(tenant.id);
      const [customer, events] = await Promise.all([repo.get(params.id), repo.events(params.id)]);
      if (!customer) throw notFound('Cliente não encontrado.');
      return toDetails(customer, events);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/customer/exists/{document}',
    permission: READ,
    params: z.object({ document: z.string() }),
    handler: async ({ tenant, params }) => {
      const document = normalizeDocument(params.document);
      if (!document) throw new InvalidError({ document: CUSTOMER_MESSAGES.invalidDocument }, CUSTOMER_MESSAGES.invalidDocument);
      return { id: (await customersRepository(tenant.id).idByDocument(document)) ?? 0 };
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/web/customer/delete',
    permission: WRITE,
    query: idParam,
    handler: async ({ tenant, query }) => {
      await customersRepository(tenant.id).remove(query.id);
      return { message: 'Cliente excluído com sucesso' };
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/customer/new',
    permission: WRITE,
    body: CustomerForm,
    handler: async ({ tenant, principal, body }) => {
      await assertStore(tenant.id, body.favorite_store);
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      const created = await customersRepository(tenant.id).create(profileFromForm(body), { actor: staffActor(principal), passwordHash });
      return { id: created.id, message: CUSTOMER_MESSAGES.created };
    },
  }),
  route({
    method: 'PUT',
    path: '/api/web/customer/update',
    permission: WRITE,
    body: CustomerUpdate,
    handler: async ({ tenant, principal, body }) => {
      const repo = customersRepository(tenant.id);
      const current = await repo.get(body.id);
      if (!current) throw notFound('Cliente não encontrado.');
      await assertStore(tenant.id, body.favorite_store);
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      const { id: _id, ...form } = body;
      await repo.update(current, profileFromForm(form, current), { actor: staffActor(principal), passwordHash });
      return { id: current.id, message: CUSTOMER_MESSAGES.updated };
    },
  }),
  /** Stores with coordinates for the maps: [{id, name, latitude, longitude}] (store visibility applies). */
  route({
    method: 'GET',
    path: '/api/web/stores/geolocation',
    permission: null,
    handler: async ({ tenant, principal }) =>
      (await storeRefs(tenant.id))
        .filter((s) => principal.allStores || s.id === principal.storeId)
        .filter((s) => s.latitude !== null && s.longitude !== null)
        .map(({ id, name, latitude, longitude }) => ({ id, name, latitude, longitude })),
  }),
  ...basketRoutes,
];

/** A favourite store must be one of the tenant's stores. */
async function assertStore(tenant: string, storeId: number | undefined): Promise<void> {
  if (storeId === undefined) return;
  const stores = await storeRefs(tenant);
  if (!stores.some((s) => s.id === storeId)) {
    throw new InvalidError({ favorite_store: 'Loja favorita não encontrada.' }, 'Loja favorita não encontrada.');
  }
}
