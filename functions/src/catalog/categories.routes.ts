import { z } from 'zod';
import { CategoryAppUpdate, CategoryInput } from '@freguesia/shared/schemas/catalog';
import { pageQuery, paginateArray } from '../lib/ddb/pagination';
import { notFound } from '../lib/errors';
import { route } from '../lib/http/route';
import { CATEGORY_NOT_FOUND, categoriesRepository } from './categories.repository';
import { ancestorChain, cascaderTree, categoryAnswer } from './categories.service';
import { containsText } from './text-filter';

const READ = { action: 'read', subject: 'Products' } as const;
/** Part 3 edits the app fields under Mobile; we require write Products for every category write. */
const WRITE = { action: 'write', subject: 'Products' } as const;

const categoryId = z.coerce.number({ error: 'Categoria inválida.' }).int().positive('Categoria inválida.');

/** Categories (part 1 §2, §7; app fields part 3 §7): a small collection read whole per tenant. */
export const categoryRoutes = [
  route({
    method: 'GET',
    path: '/api/web/categories',
    permission: READ,
    // Part 3's helper reads page 1 with 5000 per page.
    query: pageQuery(50, 5000).extend({ q: z.string().trim().max(100).default('') }),
    handler: async ({ tenant, query }) => {
      const all = await categoriesRepository(tenant.id).all();
      const filtered = query.q ? all.filter((c) => containsText(c.description, query.q) || containsText(c.reference_code, query.q)) : all;
      return paginateArray(filtered.map(categoryAnswer), query.page, query.per_page);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/categories/cascader',
    permission: READ,
    handler: async ({ tenant }) => cascaderTree(await categoriesRepository(tenant.id).all()),
  }),
  route({
    method: 'GET',
    path: '/api/web/categories/parents',
    permission: READ,
    query: z.object({ id: categoryId }),
    handler: async ({ tenant, query }) => {
      const chain = ancestorChain(await categoriesRepository(tenant.id).all(), query.id);
      if (chain.length === 0) throw notFound(CATEGORY_NOT_FOUND);
      return chain.map(categoryAnswer);
    },
  }),
  route({
    method: 'GET',
    path: '/api/web/category/{id}',
    permission: READ,
    params: z.object({ id: categoryId }),
    handler: async ({ tenant, params }) => {
      const category = await categoriesRepository(tenant.id).get(params.id);
      if (!category) throw notFound(CATEGORY_NOT_FOUND);
      return categoryAnswer(category);
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/category/new',
    permission: WRITE,
    body: CategoryInput,
    handler: async ({ tenant, body }) => categoryAnswer(await categoriesRepository(tenant.id).create(body)),
  }),
  route({
    method: 'PUT',
    path: '/api/web/category/update',
    permission: WRITE,
    body: CategoryAppUpdate,
    handler: async ({ tenant, body }) => categoryAnswer(await categoriesRepository(tenant.id).updateApp(body)),
  }),
];
