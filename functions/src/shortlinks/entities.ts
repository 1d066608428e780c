import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';

/**
 * A short link (spec part 3 §3 'Short link'). Keyed by (tenant, slug), so the redirect reads it
 * with one GetItem on its own partition (a popular link does not heat the tenant's partition) and
 * the slug is unique by the key itself: a create is conditioned on the key being free. The
 * screen lists a tenant's links (a small collection) through gsi1 (tenant → id).
 * `redirect-key.model.ts` builds the same key without ElectroDB; a test holds the two together.
 */
export const ShortLinkEntity = new Entity(
  {
    model: { entity: 'shortlink', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      slug: { type: 'string', required: true, readOnly: true },
      id: { type: 'number', required: true, padding: { length: 9, char: '0' } },
      description: { type: 'string', required: true },
      url: { type: 'string', required: true },
      active: { type: 'boolean', required: true },
      /** Visits counted so far (ADDed by the visits consumer, never read-modify-written). */
      accessCount: { type: 'number', required: true, default: 0 },
      /** Last valid instant (ISO), from the last valid day in America/Sao_Paulo; not the table's TTL. */
      validUntil: { type: 'string' },
      /** The day typed, as shown back. */
      expiresOn: { type: 'string' },
      maxVisits: { type: 'number' },
      createdAt: { type: 'string', required: true },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      bySlug: key('primary', ['tenant', 'slug'], []),
      byId: key('gsi1', ['tenant'], ['id']),
    },
  },
  { client: documentClient, table: tableName() },
);
export type ShortLinkRecord = EntityItem<typeof ShortLinkEntity>;

/** Visits of one link on one business day (America/Sao_Paulo). */
export const ShortLinkDayEntity = new Entity(
  {
    model: { entity: 'shortlink-day', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      linkId: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      day: { type: 'string', required: true, readOnly: true },
      visits: { type: 'number', required: true, default: 0 },
    },
    indexes: {
      byDay: key('primary', ['tenant', 'linkId'], ['day']),
    },
  },
  { client: documentClient, table: tableName() },
);

/**
 * The visits of one link already counted, by the second they happened in: the queue delivers at
 * least once, so each visit carries an id, and the transaction that counts visits adds their ids
 * to this set only if none of them is there yet. A redelivered visit has the same link and instant,
 * so it meets its id here. One item per link and second (its own partition) instead of one per
 * visit: a busy link's second costs one write however many people it had. Removed by the TTL.
 */
export const ShortLinkCountedEntity = new Entity(
  {
    model: { entity: 'shortlink-counted', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      linkId: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      /** The visits' second, UTC (`YYYY-MM-DDTHH:MM:SS`). */
      second: { type: 'string', required: true, readOnly: true },
      /** Ids of the visits counted (a string set). */
      visits: { type: 'set', items: 'string' },
      /** Epoch seconds: the table's TTL attribute. */
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      bySecond: key('primary', ['tenant', 'linkId', 'second'], []),
    },
  },
  { client: documentClient, table: tableName() },
);

export const shortLinksService = new Service(
  { link: ShortLinkEntity, day: ShortLinkDayEntity, counted: ShortLinkCountedEntity },
  { client: documentClient, table: tableName() },
);
