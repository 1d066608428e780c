import type { CategoryAppUpdate, CategoryInput } from '@freguesia/shared/schemas/catalog';
import { countersFor } from '../lib/ddb/counters';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { assertCommitted, isConditionFailure, writeTransaction } from '../lib/ddb/transactions';
import { notFound } from '../lib/errors';
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
      const { data: marker } = await UniqueEntity.get({
        tenant,
        scope: UNIQUE_SCOPES.categoryRef,
        value: reference,
      }).go();
      return marker ? this.get(marker.ownerId) : null;
    },

    /** Creates a category at `level` (the service checks the parent); the reference code is unique per tenant (conflict). */
    async create(input: CategoryInput, level: number): Promise<CategoryItem> {
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
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write(({ category, unique, counter }) => [
            category.create(item).commit(),
            unique
              .create({ tenant, scope: UNIQUE_SCOPES.categoryRef, value: input.reference_code, ownerId: id })
              .commit(),
            counter.upsert({ tenant, name: 'total:category' }).add({ value: 1 }).commit(),
          ])
          .go(),
      );
      assertCommitted(result, { 1: DUPLICATE_CATEGORY_MESSAGE });
      return (await this.get(id))!;
    },

    /** Updates the app fields (part 3, mobile categories); not-found when the category does not exist. */
    async updateApp(input: CategoryAppUpdate): Promise<CategoryItem> {
      const changes = {
        ...(input.app_description === undefined ? {} : { app_description: input.app_description }),
        ...(input.show_app === undefined ? {} : { show_app: input.show_app }),
        ...(input.icon === undefined ? {} : { icon: input.icon }),
        ...(input.ordenation === undefined || input.ordenation === null
          ? {}
          : { ordenation: input.ordenation }),
      };
      try {
        // patch() is conditioned on the item existing.
        const { data } = await CategoryEntity.patch({ tenant, id: input.id })
          .set(changes)
          .go({ response: 'all_new' });
        return data as CategoryItem;
      } catch (error) {
        if (isConditionFailure(error)) throw notFound(CATEGORY_NOT_FOUND);
        throw error;
      }
    },
  };
}
