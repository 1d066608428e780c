import { z } from 'zod';
import { PRODUCT_SEARCH_FIELDS, ProductInput, ProductUpdate } from '@freguesia/shared/schemas/catalog';
import { pageQuery, paginated } from '../lib/ddb/pagination';
import { InvalidError, notFound } from '../lib/errors';
import { route } from '../lib/http/route';
import { brandsRepository } from './brands.repository';
import { categoriesRepository } from './categories.repository';
import { PRODUCT_NOT_FOUND, productsRepository, type SearchPage } from './products.repository';
import { priceAnswer, productAnswer, productFields } from './products.service';
import { storesRepository, visibleTo } from './stores.repository';

const READ = { action: 'read', subject: 'Products' } as const;
const WRITE = { action: 'write', subject: 'Products' } as const;

/** Spec part 2 §8: the notice for an unknown code. */
export const UNKNOWN_PRODUCT_MESSAGE = 'Produto não cadastrado na plataforma';

const idStore = z.coerce.number().int().positive('Loja inválida.').optional();
const searchQuery = pageQuery(50).extend({
  q: z.string().trim().max(100, 'Busca muito longa.').default(''),
  field: z.enum(PRODUCT_SEARCH_FIELDS, { error: 'Campo de busca inválido.' }).optional(),
  id_store: idStore,
});

function pageAnswer(result: SearchPage, page: number, perPage: number, store?: number) {
  const answer = paginated(
    result.items.map((item) => productAnswer(item, store)),
    result.total,
    page,
    perPage,
  );
  return result.estimated ? { ...answer, pagination: { ...answer.pagination, estimated: true } } : answer;
}

/** Resolves the category and brand a product form names; 400 per field when they do not exist. */
async function references(tenant: string, input: ProductInput) {
  const [category, brand] = await Promise.all([
    input.category ? categoriesRepository(tenant).findByReference(input.category.reference_code) : null,
    input.id_brand ? brandsRepository(tenant).get(input.id_brand) : null,
  ]);
  const errors: Record<string, string> = {};
  if (input.category && !category) errors['category.reference_code'] = 'Categoria não encontrada.';
  if (input.id_brand && !brand) errors.id_brand = 'Marca não encontrada.';
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);
  return productFields({
    ...input,
    category: category ? { id: category.id, reference_code: category.reference_code, description: category.description } : null,
  });
}

/** Products (spec part 1 §7 "Products, categories, pricing, stores"; part 2 §7 product search). */
export const productRoutes = [
  route({
    method: 'GET',
    path: '/api/web/products',
    permission: READ,
    query: searchQuery,
    handler: async ({ tenant, query }) => {
      const repo = productsRepository(tenant.id);
      const result = query.q
        ? await repo.search(query.field ?? 'description', query.q, query.page, query.per_page)
        : await repo.list(query.page, query.per_page);
      return pageAnswer(result, query.page, query.per_page, query.id_store);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/products/search',
    permission: READ,
    query: searchQuery,
    handler: async ({ tenant, query }) => {
      const repo = productsRepository(tenant.id);
      let result: SearchPage;
      if (!query.q) result = await repo.list(query.page, query.per_page);
      else if (query.field) result = await repo.search(query.field, query.q, query.page, query.per_page);
      else result = await repo.quickSearch(query.q, query.page, query.per_page);
      return pageAnswer(result, query.page, query.per_page, query.id_store);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/product/find',
    permission: READ,
    query: z.object({
      code: z.string({ error: 'Informe o código (EAN).' }).trim().min(1, 'Informe o código (EAN).').max(14, 'Código inválido.'),
      id_store: idStore,
    }),
    handler: async ({ tenant, query }) => {
      const product = await productsRepository(tenant.id).findByCode(query.code);
      if (!product) throw notFound(UNKNOWN_PRODUCT_MESSAGE);
      return productAnswer(product, query.id_store);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/product/prices',
    permission: READ,
    query: z.object({ id: z.coerce.number({ error: 'Mercadoria inválida.' }).int().positive('Mercadoria inválida.'), id_store: idStore }),
    handler: async ({ tenant, query, principal }) => {
      const [product, stores] = await Promise.all([productsRepository(tenant.id).get(query.id), storesRepository(tenant.id).all()]);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      const names = new Map(stores.map((s) => [s.id, s.name]));
      return (product.prices ?? [])
        .filter((p) => (query.id_store === undefined || p.id_store === query.id_store) && visibleTo(principal, { id: p.id_store }))
        .map((p) => priceAnswer(product.id, p, names.get(p.id_store) ?? ''));
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/product/{id}',
    permission: READ,
    params: z.object({ id: z.coerce.number().int().positive('Mercadoria inválida.') }),
    query: z.object({ id_store: idStore }),
    handler: async ({ tenant, params, query }) => {
      const product = await productsRepository(tenant.id).get(params.id);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      return productAnswer(product, query.id_store);
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/product/new',
    permission: WRITE,
    body: ProductInput,
    handler: async ({ tenant, body }) => {
      const fields = await references(tenant.id, body);
      return productAnswer(await productsRepository(tenant.id).create(fields));
    },
  }),
  route({
    method: 'PUT',
    path: '/api/web/product/update',
    permission: WRITE,
    body: ProductUpdate,
    handler: async ({ tenant, body }) => {
      const repo = productsRepository(tenant.id);
      const current = await repo.get(body.id);
      if (!current) throw notFound(PRODUCT_NOT_FOUND);
      const fields = await references(tenant.id, body);
      return productAnswer(await repo.update(current, fields));
    },
  }),
];
