import * as z from 'zod';
import { PRODUCT_SEARCH_FIELDS, ProductInput, ProductUpdate } from '@freguesia/shared/schemas/catalog';
import { pageQuery } from '../lib/ddb/pagination';
import { route } from '../lib/http/route';
import { listPrices } from './prices.service';
import {
  createProduct,
  findProductByCode,
  getProduct,
  listProducts,
  searchProducts,
  updateProduct,
} from './products.service';

const READ = { action: 'read', subject: 'Products' } as const;
const WRITE = { action: 'write', subject: 'Products' } as const;

const idStore = z.coerce
  .number({ error: 'Loja inválida.' })
  .int('Loja inválida.')
  .positive('Loja inválida.')
  .optional();
const searchQuery = pageQuery(50).extend({
  q: z.string().trim().max(100, 'Busca muito longa.').default(''),
  field: z.enum(PRODUCT_SEARCH_FIELDS, { error: 'Campo de busca inválido.' }).optional(),
  id_store: idStore,
});

/** Products (spec part 1 §7 "Products, categories, pricing, stores"; part 2 §7 product search). */
export const productRoutes = [
  route({
    method: 'GET',
    path: '/api/web/products',
    permission: READ,
    query: searchQuery,
    handler: async ({ service, query }) => listProducts(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/products/search',
    permission: READ,
    query: searchQuery,
    handler: async ({ service, query }) => searchProducts(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/product/find',
    permission: READ,
    query: z.object({
      code: z
        .string({ error: 'Informe o código (EAN).' })
        .trim()
        .min(1, 'Informe o código (EAN).')
        .max(14, 'Código inválido.'),
      id_store: idStore,
    }),
    handler: async ({ service, query }) => findProductByCode(service, query.code, query.id_store),
  }),
  route({
    method: 'GET',
    path: '/api/web/product/prices',
    permission: READ,
    query: z.object({
      id: z.coerce.number({ error: 'Mercadoria inválida.' }).int().positive('Mercadoria inválida.'),
      id_store: idStore,
    }),
    handler: async ({ service, query }) =>
      listPrices(service, { id_product: query.id, id_store: query.id_store }),
  }),
  route({
    method: 'GET',
    path: '/api/web/product/{id}',
    permission: READ,
    params: z.object({ id: z.coerce.number().int().positive('Mercadoria inválida.') }),
    query: z.object({ id_store: idStore }),
    handler: async ({ service, params, query }) => getProduct(service, params.id, query.id_store),
  }),
  route({
    method: 'POST',
    path: '/api/web/product/new',
    permission: WRITE,
    body: ProductInput,
    handler: async ({ service, body }) => createProduct(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/product/update',
    permission: WRITE,
    body: ProductUpdate,
    handler: async ({ service, body }) => updateProduct(service, body),
  }),
];
