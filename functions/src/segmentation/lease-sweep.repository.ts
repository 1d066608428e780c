import { Entity } from 'electrodb';
import { batchWriteEntities } from '../lib/ddb/batch';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';

/**
 * The members a static lead (F, M, E) is being given, kept until they are all written: a crash
 * in the middle of a 2,000-customer list (the request died) leaves the list here, and the sweep
 * writes the rest. Ids in chunks (an item stays far below DynamoDB's 400 KB).
 */
export const StaticIntentEntity = new Entity(
  {
    model: { entity: 'staticIntent', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      lead: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      chunk: { type: 'number', required: true, readOnly: true, padding: { length: 4, char: '0' } },
      /** The lead's version the members are for: an intent of an older version is dropped. */
      version: { type: 'number', required: true },
      keepOld: { type: 'boolean', required: true },
      /** Customer ids, comma-separated. */
      ids: { type: 'string', required: true },
      chunks: { type: 'number', required: true },
      expiresAt: { type: 'number', required: true },
    },
    indexes: { byLead: key('primary', ['tenant', 'lead'], ['chunk']) },
  },
  { client: documentClient, table: tableName() },
);

const CHUNK = 20_000;

export interface StaticIntent {
  version: number;
  keepOld: boolean;
  ids: number[];
}

export function leaseSweepRepository(tenant: string) {
  return {
    async saveIntent(lead: number, intent: StaticIntent): Promise<void> {
      const chunks = Math.max(1, Math.ceil(intent.ids.length / CHUNK));
      const expiresAt = Math.floor(Date.now() / 1000) + 7 * 86_400;
      await batchWriteEntities(
        (items) => StaticIntentEntity.put(items).go(),
        Array.from({ length: chunks }, (_, chunk) => ({
          tenant,
          lead,
          chunk,
          version: intent.version,
          keepOld: intent.keepOld,
          ids: intent.ids.slice(chunk * CHUNK, (chunk + 1) * CHUNK).join(','),
          chunks,
          expiresAt,
        })),
        { what: 'static lead intent' },
      );
    },

    /** The whole intent, or undefined when none (or a part of it is missing). */
    async intent(lead: number): Promise<StaticIntent | undefined> {
      const { data } = await StaticIntentEntity.query.byLead({ tenant, lead }).go({ pages: 'all' });
      if (data.length === 0 || data.length !== data[0]!.chunks) return undefined;
      return {
        version: data[0]!.version,
        keepOld: data[0]!.keepOld,
        ids: data.flatMap((c) => (c.ids ? c.ids.split(',').map(Number) : [])),
      };
    },

    async dropIntent(lead: number): Promise<void> {
      const { data } = await StaticIntentEntity.query.byLead({ tenant, lead }).go({ pages: 'all' });
      if (data.length === 0) return;
      await batchWriteEntities(
        (items) => StaticIntentEntity.delete(items).go(),
        data.map((c) => ({ tenant, lead, chunk: c.chunk })),
        { what: 'static lead intent' },
      );
    },
  };
}
