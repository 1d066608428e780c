import type {
  CascaderNode,
  Category,
  CategoryAppUpdate,
  CategoryInput,
} from '@freguesia/shared/schemas/catalog';
import { MAX_CATEGORY_LEVEL } from '@freguesia/shared/schemas/catalog';
import type { ServiceContext } from '../lib/context';
import { paginateArray, type Paginated } from '../lib/ddb/pagination';
import { InvalidError, notFound } from '../lib/errors';
import { ancestorChain, cascaderTree, categoryAnswer } from './categories.model';
import { CATEGORY_NOT_FOUND, categoriesRepository } from './categories.repository';
import { containsText } from './text-filter.model';

/** Categories (part 1 §2, §7; app fields part 3 §7): a small collection read whole per tenant. */

/** Categories whose description or reference code contains `q` (accents and case ignored), paged. */
export async function listCategories(
  ctx: ServiceContext,
  query: { q: string; page: number; per_page: number },
): Promise<Paginated<Category>> {
  const all = await categoriesRepository(ctx.tenant).all();
  const filtered = query.q
    ? all.filter((c) => containsText(c.description, query.q) || containsText(c.reference_code, query.q))
    : all;
  return paginateArray(filtered.map(categoryAnswer), query.page, query.per_page);
}

/** The whole tree for a cascading selector. */
export async function categoryCascader(ctx: ServiceContext): Promise<CascaderNode[]> {
  return cascaderTree(await categoriesRepository(ctx.tenant).all());
}

/** The chain from the root down to category `id`, inclusive. */
export async function categoryParents(ctx: ServiceContext, id: number): Promise<Category[]> {
  const chain = ancestorChain(await categoriesRepository(ctx.tenant).all(), id);
  if (chain.length === 0) throw notFound(CATEGORY_NOT_FOUND);
  return chain.map(categoryAnswer);
}

export async function getCategory(ctx: ServiceContext, id: number): Promise<Category> {
  const category = await categoriesRepository(ctx.tenant).get(id);
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  return categoryAnswer(category);
}

/**
 * Creates a category under `level_up` (0 = root). Its level is the parent's plus one, at most
 * `MAX_CATEGORY_LEVEL` levels; the reference code is unique per tenant.
 */
export async function createCategory(ctx: ServiceContext, input: CategoryInput): Promise<Category> {
  const repo = categoriesRepository(ctx.tenant);
  let level = 1;
  if (input.level_up > 0) {
    const parent = await repo.get(input.level_up);
    if (!parent) throw new InvalidError({ level_up: 'Categoria pai não encontrada.' });
    if (parent.level >= MAX_CATEGORY_LEVEL)
      throw new InvalidError({ level_up: `As categorias têm no máximo ${MAX_CATEGORY_LEVEL} níveis.` });
    level = parent.level + 1;
  }
  return categoryAnswer(await repo.create(input, level));
}

/** Updates the app fields of a category (part 3, mobile categories). */
export async function updateCategoryApp(ctx: ServiceContext, input: CategoryAppUpdate): Promise<Category> {
  return categoryAnswer(await categoriesRepository(ctx.tenant).updateApp(input));
}
