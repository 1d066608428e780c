import * as z from 'zod';
import { CategoryAppUpdate, CategoryInput } from '@freguesia/shared/schemas/catalog';
import { pageQuery } from '../lib/ddb/pagination';
import { route } from '../lib/http/route';
import {
  categoryCascader,
  categoryParents,
  createCategory,
  getCategory,
  listCategories,
  updateCategoryApp,
} from './categories.service';

const READ = { action: 'read', subject: 'Products' } as const;
const WRITE = { action: 'write', subject: 'Products' } as const;
/**
 * The categories list is also the Mobile menu's 'Categorias' (part 3 §2, §6: Mobile reads
 * categories) and its app fields are edited there: read Products or read Mobile to list, write
 * Products or write Mobile to change the app fields. Creating a category stays with Products.
 */
const LIST = [READ, { action: 'read', subject: 'Mobile' }] as const;
const APP_WRITE = [WRITE, { action: 'write', subject: 'Mobile' }] as const;

const categoryId = z.coerce.number({ error: 'Categoria inválida.' }).int().positive('Categoria inválida.');

/** Categories (part 1 §2, §7; app fields part 3 §7). */
export const categoryRoutes = [
  route({
    method: 'GET',
    path: '/api/web/categories',
    permission: LIST,
    // Part 3's helper reads page 1 with 5000 per page.
    query: pageQuery(50, 5000).extend({ q: z.string().trim().max(100).default('') }),
    handler: async ({ service, query }) => listCategories(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/categories/cascader',
    permission: READ,
    handler: async ({ service }) => categoryCascader(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/categories/parents',
    permission: READ,
    query: z.object({ id: categoryId }),
    handler: async ({ service, query }) => categoryParents(service, query.id),
  }),
  route({
    method: 'GET',
    path: '/api/web/category/{id}',
    permission: READ,
    params: z.object({ id: categoryId }),
    handler: async ({ service, params }) => getCategory(service, params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/category/new',
    permission: WRITE,
    body: CategoryInput,
    handler: async ({ service, body }) => createCategory(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/category/update',
    permission: APP_WRITE,
    body: CategoryAppUpdate,
    handler: async ({ service, body }) => updateCategoryApp(service, body),
  }),
];
