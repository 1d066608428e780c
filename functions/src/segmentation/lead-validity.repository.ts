import { batchGetEntities } from '../lib/ddb/batch';
import { LeadEntity } from './leads.entities';

/** A lead's 'Válido até' as stored. */
export interface LeadValidity {
  id: number;
  description: string;
  always_valid: 'Y' | 'N';
  valid_until: string | null;
}

/**
 * The validity of leads by id (one BatchGet of the few attributes it needs). Apart from
 * `leadsRepository` so the point of sale's checkout carries neither the word index nor the writes.
 */
export function leadValidityRepository(tenant: string) {
  return {
    async get(ids: readonly number[]): Promise<LeadValidity[]> {
      if (ids.length === 0) return [];
      const data = await batchGetEntities(
        (keys) =>
          LeadEntity.get(keys).go({
            concurrency: 4,
            attributes: ['id', 'description', 'always_valid', 'valid_until'],
          }),
        [...new Set(ids)].map((id) => ({ tenant, id })),
        { what: 'leads' },
      );
      return data.map((l) => ({
        id: l.id,
        description: l.description,
        always_valid: l.always_valid,
        valid_until: l.valid_until ?? null,
      }));
    },
  };
}
