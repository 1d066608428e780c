import type { CategoryAppUpdate, CategoryInput } from '@freguesia/shared/schemas/catalog';
import { MAX_CATEGORY_LEVEL } from '@freguesia/shared/schemas/catalog';
import { countersFor } from '../lib/ddb/counters';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { assertCommitted } from '../lib/ddb/transactions';
import { InvalidError, notFound } from '../lib/errors';
import { catalogService, CategoryEntity, UNIQUE_SCOPES, type CategoryItem } from './entities';

export const DUPLICATE_CATEGORY_MESSAGE = 'Já existe uma categoria com esta referência.';
export const CATEGORY_NOT_FOUND = 'Categoria não encontrada.';

/** Categories of one tenant: a small collection, read whole (one Query). */
export function categoriesRepository(tenant: string) {
  return {
    async all(): Promise<CategoryItem[]> {
      const { data } = await CategoryEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data;
    },

    async get(id: number): Promise<CategoryItem | null> {
      const { data } = await CategoryEntity.get({ tenant, id }).go();
      return data;
    },

    /** By reference code through its uniqueness marker (strongly consistent, two GetItems). */
    async findByReference(reference: string): Promise<CategoryItem | null> {
      const { data: marker } = await UniqueEntity.get({ tenant, scope: UNIQUE_SCOPES.categoryRef, value: reference }).go();
      return marker ? this.get(marker.ownerId) : null;
    },

    /**
     * Creates a category under `level_up` (0 = root). Its level is the parent's plus one, at most
     * three levels. The reference code is unique per tenant (409).
     */
    async create(input: CategoryInput): Promise<CategoryItem> {
      let level = 1;
      if (input.level_up > 0) {
        const parent = await this.get(input.level_up);
        if (!parent) throw new InvalidError({ level_up: 'Categoria pai não encontrada.' });
        if (parent.level >= MAX_CATEGORY_LEVEL) {
          throw new InvalidError({ level_up: `As categorias têm no máximo ${MAX_CATEGORY_LEVEL} níveis.` });
        }
        level = parent.level + 1;
      }
      const id = await countersFor(tenant).next('category');
      const item = {
        tenant,
        id,
        level,
        reference_code: input.reference_code,
        description: input.description,
        active: input.active,
        show_app: input.show_app,
        image: input.image,
        url: input.url,
        level_up: input.level_up,
      };
      const result = await catalogService.transaction
        .write(({ category, unique, counter }) => [
          category.create(item).commit(),
          unique.create({ tenant, scope: UNIQUE_SCOPES.categoryRef, value: input.reference_code, ownerId: id }).commit(),
          counter.upsert({ tenant, name: 'total:category' }).add({ value: 1 }).commit(),
        ])
        .go();
      assertCommitted(result, { 1: DUPLICATE_CATEGORY_MESSAGE });
      return (await this.get(id))!;
    },

    /** Updates the app fields (part 3, mobile categories). */
    async updateApp(input: CategoryAppUpdate): Promise<CategoryItem> {
      const changes = {
        ...(input.app_description === undefined ? {} : { app_description: input.app_description }),
        ...(input.show_app === undefined ? {} : { show_app: input.show_app }),
        ...(input.icon === undefined ? {} : { icon: input.icon }),
        ...(input.ordenation === undefined || input.ordenation === null ? {} : { ordenation: input.ordenation }),
      };
      try {
        const { data } = await CategoryEntity.patch({ tenant, id: input.id }).set(changes).go({ response: 'all_new' });
        return data as CategoryItem;
      } catch (error) {
        if (isConditionalFailure(error)) throw notFound(CATEGORY_NOT_FOUND);
        throw error;
      }
    },
  };
}

/** ElectroDB wraps DynamoDB's ConditionalCheckFailedException; patch uses it for "not found". */
export function isConditionalFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { name, code } = current as { name?: string; code?: string };
    if (name === 'ConditionalCheckFailedException' || code === 'ConditionalCheckFailedException') return true;
    current = (current as { cause?: unknown; originalError?: unknown }).cause ?? (current as { originalError?: unknown }).originalError;
  }
  return /conditional request failed/i.test(String((error as Error)?.message ?? ''));
}
