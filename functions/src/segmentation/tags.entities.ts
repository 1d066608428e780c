import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { key } from '../lib/ddb/indexes';
import { wordIndexEntity } from '../lib/ddb/word-index';

/**
 * Tags (spec part 1 §3 'Tag'). Customers carry tags as descriptions (`tags: string[]` on the
 * customer); a tag's description is unique per tenant (accents and case ignored) through a
 * `tag-description` marker written in the same transaction. The population is the customers
 * domain's per-tag counter, kept in the customer's own write transaction.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const id = { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } } as const;

export const TAG_UNIQUE_SCOPE = 'tag-description';

export const TagEntity = new Entity(
  {
    model: { entity: 'tag', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      description: { type: 'string', required: true },
      createdAt: { type: 'string', required: true, readOnly: true },
      updatedAt: { type: 'string', required: true },
    },
    indexes: { byId: key('primary', ['tenant'], ['id']) },
  },
  { client: documentClient, table: tableName() },
);

/** Word index of tag descriptions (list `q` and `/web/tags/search`), written with the tag. */
export const TagWordEntity = wordIndexEntity('tagWord');

/**
 * Who carries a tag: one item per (tag description, customer), kept by the `segmentation-tags`
 * stream processor from the customers' changes (puts and deletes: idempotent, replay-safe). The
 * export and the rename job read it instead of scanning customers.
 */
export const TagMemberEntity = new Entity(
  {
    model: { entity: 'tagMember', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      tag: { type: 'string', required: true, readOnly: true },
      customerId: id,
    },
    indexes: { byTag: key('primary', ['tenant', 'tag'], ['customerId']) },
  },
  { client: documentClient, table: tableName() },
);

/** Transactions over a tag, its words, its uniqueness marker and the `total:tag` counter. */
export const tagsService = new Service({
  tag: TagEntity,
  tagWord: TagWordEntity,
  unique: UniqueEntity,
  counter: CounterEntity,
});

export type TagItem = EntityItem<typeof TagEntity>;
