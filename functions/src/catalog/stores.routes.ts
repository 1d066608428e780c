import { z } from 'zod';
import { StoreInput, StoreUpdate } from '@freguesia/shared/schemas/catalog';
import { notFound } from '../lib/errors';
import { route } from '../lib/http/route';
import { STORE_NOT_FOUND, storeAnswer, storesRepository, visibleTo } from './stores.repository';

const READ = { action: 'read', subject: 'Stores' } as const;
const WRITE = { action: 'write', subject: 'Stores' } as const;

/**
 * Stores (part 1 §2, §7). Lists follow the store-visibility rule: a user without all stores sees
 * (and edits) only their own store. There is no delete: purchases, users, prices and campaigns
 * reference stores and nothing could guarantee a store is unreferenced.
 * GET /api/web/stores/geolocation belongs to the customers domain (its longer prefix wins).
 */
export const storeRoutes = [
  route({
    method: 'GET',
    path: '/api/web/stores',
    permission: READ,
    handler: async ({ tenant, principal }) => {
      const stores = await storesRepository(tenant.id).all();
      return stores.filter((s) => visibleTo(principal, s)).map(storeAnswer);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/store/{id}',
    permission: READ,
    params: z.object({ id: z.coerce.number().int().positive('Loja inválida.') }),
    handler: async ({ tenant, params, principal }) => {
      const store = await storesRepository(tenant.id).get(params.id);
      if (!store || !visibleTo(principal, store)) throw notFound(STORE_NOT_FOUND);
      return storeAnswer(store);
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/store/new',
    permission: WRITE,
    body: StoreInput,
    handler: async ({ tenant, body }) => storeAnswer(await storesRepository(tenant.id).create(body)),
  }),
  route({
    method: 'PUT',
    path: '/api/web/store/update',
    permission: WRITE,
    body: StoreUpdate,
    handler: async ({ tenant, body, principal }) => {
      const repo = storesRepository(tenant.id);
      const current = await repo.get(body.id);
      if (!current || !visibleTo(principal, current)) throw notFound(STORE_NOT_FOUND);
      return storeAnswer(await repo.update(current, body));
    },
  }),
];
