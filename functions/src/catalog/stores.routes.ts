import * as z from 'zod';
import { StoreInput, StoreUpdate } from '@freguesia/shared/schemas/catalog';
import { route } from '../lib/http/route';
import { createStore, getStore, listStores, updateStore } from './stores.service';

const READ = { action: 'read', subject: 'Stores' } as const;
const WRITE = { action: 'write', subject: 'Stores' } as const;

/**
 * Stores (part 1 §2, §7); the visibility rule lives in stores.service.ts.
 * GET /api/web/stores/geolocation belongs to the customers domain (its longer prefix wins).
 */
export const storeRoutes = [
  route({
    method: 'GET',
    path: '/api/web/stores',
    permission: READ,
    handler: async ({ service }) => listStores(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/store/{id}',
    permission: READ,
    params: z.object({ id: z.coerce.number().int().positive('Loja inválida.') }),
    handler: async ({ service, params }) => getStore(service, params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/store/new',
    permission: WRITE,
    body: StoreInput,
    handler: async ({ service, body }) => createStore(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/store/update',
    permission: WRITE,
    body: StoreUpdate,
    handler: async ({ service, body }) => updateStore(service, body),
  }),
];
