import * as z from 'zod';
import { SaleInput, SaleListQuery } from '@freguesia/shared/schemas/sales';
import { route } from '../lib/http/route';
import {
  cartSellers,
  createCart,
  deleteCart,
  getCart,
  listCarts,
  salesCoverage,
  syncCart,
  updateCart,
} from './carts.service';

const READ = { action: 'read', subject: 'Sell' } as const;
const WRITE = { action: 'write', subject: 'Sell' } as const;

const cartId = z.object({
  id: z.coerce
    .number({ error: 'Venda inválida.' })
    .int('Venda inválida.')
    .positive('Venda inválida.')
    .max(999_999_999, 'Venda inválida.'),
});

/** Sales orders (spec part 3 §7 'Sales and payments'). */
export const cartRoutes = [
  route({
    method: 'GET',
    path: '/api/web/carts',
    permission: READ,
    query: SaleListQuery,
    handler: ({ service, query }) => listCarts(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/carts/users',
    permission: READ,
    handler: async ({ service }) => ({ data: await cartSellers(service) }),
  }),
  // Ours: the coverage states for the wizard's 'Cliente Bloqueado' check (sellers may not read Settings).
  route({
    method: 'GET',
    path: '/api/web/carts/coverage',
    permission: READ,
    handler: ({ service }) => salesCoverage(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/carts/{id}',
    permission: READ,
    params: cartId,
    handler: ({ service, params }) => getCart(service, params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/carts',
    permission: WRITE,
    body: SaleInput,
    handler: ({ service, body }) => createCart(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/carts/{id}',
    permission: WRITE,
    params: cartId,
    body: SaleInput,
    handler: ({ service, params, body }) => updateCart(service, params.id, body),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/carts/{id}',
    permission: WRITE,
    params: cartId,
    handler: async ({ service, params }) => {
      await deleteCart(service, params.id);
      return { id: params.id };
    },
  }),
  // Ours (the spec shows only the notice 'Venda sincronizada com sucesso'): see carts.service syncCart.
  route({
    method: 'POST',
    path: '/api/web/carts/{id}/sync',
    permission: WRITE,
    params: cartId,
    handler: ({ service, params }) => syncCart(service, params.id),
  }),
];
