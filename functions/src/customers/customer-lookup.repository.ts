import { UniqueEntity } from '../lib/ddb/entities/unique';
import { CustomerEntity, UNIQUE_SCOPES, type CustomerItem } from './customer.entities';

/**
 * The two reads of a customer that hot paths of other functions need (the point of sale's
 * checkout): by id, and the id owning a document. Apart from `customersRepository` on purpose:
 * a repository object carries every method it has, and with them the write paths' indexes,
 * messages and schemas, into each bundle that asks for one read (see
 * test/unit/bundle-budget.test.ts).
 */
export function customerLookupRepository(tenant: string) {
  return {
    async get(id: number): Promise<CustomerItem | null> {
      const { data } = await CustomerEntity.get({ tenant, id }).go();
      return data;
    },

    /** The id owning a document (strongly consistent: the uniqueness marker), or undefined. */
    async idByDocument(document: string): Promise<number | undefined> {
      const { data } = await UniqueEntity.get({
        tenant,
        scope: UNIQUE_SCOPES.document,
        value: document,
      }).go();
      return data?.ownerId;
    },
  };
}
