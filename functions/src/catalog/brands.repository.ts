import type { BrandInput, PartnerInput } from '@freguesia/shared/schemas/catalog';
import { countersFor } from '../lib/ddb/counters';
import { assertCommitted, failedIndex, writeTransaction } from '../lib/ddb/transactions';
import { conflict, notFound } from '../lib/errors';
import {
  BrandEntity,
  catalogService,
  PartnerEntity,
  UNIQUE_SCOPES,
  type BrandItem,
  type PartnerItem,
} from './entities';

export const DUPLICATE_BRAND_MESSAGE = 'Já existe uma marca com esta referência.';
export const DUPLICATE_PARTNER_MESSAGE = 'Já existe um fornecedor com esta referência.';
export const BRAND_NOT_FOUND = 'Marca não encontrada.';
export const PARTNER_NOT_FOUND = 'Fornecedor não encontrado.';

/**
 * Brands and partners (suppliers) of one tenant: small collections read whole. Reference codes
 * are unique per tenant through markers created in the same transaction as the record.
 */
export function brandsRepository(tenant: string) {
  return {
    async all(): Promise<BrandItem[]> {
      const { data } = await BrandEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data;
    },

    async get(id: number): Promise<BrandItem | null> {
      const { data } = await BrandEntity.get({ tenant, id }).go();
      return data;
    },

    async create(input: BrandInput, id?: number): Promise<BrandItem> {
      const brandId = id ?? (await countersFor(tenant).next('brand'));
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write(({ brand, unique, counter }) => [
            brand.create({ tenant, id: brandId, ...input }).commit(),
            unique
              .create({
                tenant,
                scope: UNIQUE_SCOPES.brandRef,
                value: input.reference_code,
                ownerId: brandId,
              })
              .commit(),
            counter.upsert({ tenant, name: 'total:brand' }).add({ value: 1 }).commit(),
          ])
          .go(),
      );
      assertCommitted(result, { 1: DUPLICATE_BRAND_MESSAGE });
      return (await this.get(brandId))!;
    },

    async update(id: number, input: BrandInput): Promise<BrandItem> {
      const current = await this.get(id);
      if (!current) throw notFound(BRAND_NOT_FOUND);
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write(({ brand, unique }) => [
            brand
              .patch({ tenant, id })
              .set(input)
              .where((a, { eq }) => eq(a.reference_code, current.reference_code))
              .commit(),
            ...(input.reference_code === current.reference_code
              ? []
              : [
                  unique
                    .create({
                      tenant,
                      scope: UNIQUE_SCOPES.brandRef,
                      value: input.reference_code,
                      ownerId: id,
                    })
                    .commit(),
                  unique
                    .delete({ tenant, scope: UNIQUE_SCOPES.brandRef, value: current.reference_code })
                    .where((a, { eq }) => eq(a.ownerId, id))
                    .commit(),
                ]),
          ])
          .go(),
      );
      const failed = result.canceled ? failedIndex(result) : -1;
      if (failed === 1) throw conflict(DUPLICATE_BRAND_MESSAGE);
      if (failed === 0)
        throw conflict('A marca foi alterada por outra pessoa. Recarregue e tente novamente.');
      assertCommitted(result, {});
      return (await this.get(id))!;
    },
  };
}

export function partnersRepository(tenant: string) {
  return {
    async all(): Promise<PartnerItem[]> {
      const { data } = await PartnerEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data;
    },

    async get(id: number): Promise<PartnerItem | null> {
      const { data } = await PartnerEntity.get({ tenant, id }).go();
      return data;
    },

    async create(input: PartnerInput): Promise<PartnerItem> {
      const id = await countersFor(tenant).next('partner');
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write(({ partner, unique, counter }) => [
            partner
              .create({
                tenant,
                id,
                reference_code: input.reference_code,
                name: input.name,
                document: input.document ?? '',
              })
              .commit(),
            unique
              .create({ tenant, scope: UNIQUE_SCOPES.partnerRef, value: input.reference_code, ownerId: id })
              .commit(),
            counter.upsert({ tenant, name: 'total:partner' }).add({ value: 1 }).commit(),
          ])
          .go(),
      );
      assertCommitted(result, { 1: DUPLICATE_PARTNER_MESSAGE });
      return (await this.get(id))!;
    },

    async update(id: number, input: PartnerInput): Promise<PartnerItem> {
      const current = await this.get(id);
      if (!current) throw notFound(PARTNER_NOT_FOUND);
      const changes = {
        reference_code: input.reference_code,
        name: input.name,
        document: input.document ?? '',
      };
      const result = await writeTransaction(() =>
        catalogService.transaction
          .write(({ partner, unique }) => [
            partner
              .patch({ tenant, id })
              .set(changes)
              .where((a, { eq }) => eq(a.reference_code, current.reference_code))
              .commit(),
            ...(input.reference_code === current.reference_code
              ? []
              : [
                  unique
                    .create({
                      tenant,
                      scope: UNIQUE_SCOPES.partnerRef,
                      value: input.reference_code,
                      ownerId: id,
                    })
                    .commit(),
                  unique
                    .delete({ tenant, scope: UNIQUE_SCOPES.partnerRef, value: current.reference_code })
                    .where((a, { eq }) => eq(a.ownerId, id))
                    .commit(),
                ]),
          ])
          .go(),
      );
      const failed = result.canceled ? failedIndex(result) : -1;
      if (failed === 1) throw conflict(DUPLICATE_PARTNER_MESSAGE);
      if (failed === 0)
        throw conflict('O fornecedor foi alterado por outra pessoa. Recarregue e tente novamente.');
      assertCommitted(result, {});
      return (await this.get(id))!;
    },
  };
}
