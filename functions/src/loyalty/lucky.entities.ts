import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';

/**
 * Lucky numbers (functions/README.md, "Lucky numbers"). Every item of a campaign's issuance lives
 * under the partition tenant + campaign, apart from the customer index (gsi2):
 *
 * - `luckyPool`: the allocator's counter (`issued`, the n of the sparse Fisher–Yates shuffle), the
 *   space's size and the hash chain's head. Every number's transaction is conditioned on it, so
 *   two issuers never take the same step and the chain has one order.
 * - `luckySlot`: the shuffle's moved entries (position → value); absent = the position's own value.
 * - `luckyNumber`: one issued number, keyed by value (a conditional create: never two customers
 *   with one number), with its purchase, customer, instant, sequence and chain link; gsi1 by
 *   sequence (the audit walk, the export), gsi2 by customer (the customer's numbers).
 * - `luckyGrant`: what a purchase earned in a campaign (the idempotency record of the pair
 *   (campaign, purchase)): earned, issued so far, missing when the space ran out.
 * - `luckyBalance`: the centavos a customer carries to the next purchase (can_accumulate).
 * - `pointsEntry`: the points ledger of a points campaign (type C): CREDIT/DEBIT rows.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const campaign = {
  type: 'number',
  required: true,
  readOnly: true,
  padding: { length: 9, char: '0' },
} as const;

export const LuckyPoolEntity = new Entity(
  {
    model: { entity: 'luckyPool', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign,
      size: { type: 'number', required: true },
      issued: { type: 'number', required: true, default: 0 },
      head: { type: 'string', required: true },
      /** Numbers earned and not received because the space was full (sum over purchases). */
      missing: { type: 'number', required: true, default: 0 },
      exhaustedAt: { type: 'string' },
    },
    indexes: { byCampaign: key('primary', ['tenant', 'campaign'], []) },
  },
  { client: documentClient, table: tableName() },
);

export const LuckySlotEntity = new Entity(
  {
    model: { entity: 'luckySlot', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign,
      pos: { type: 'number', required: true, readOnly: true, padding: { length: 8, char: '0' } },
      value: { type: 'number', required: true },
    },
    indexes: { byPos: key('primary', ['tenant', 'campaign'], ['pos']) },
  },
  { client: documentClient, table: tableName() },
);

export const LuckyNumberEntity = new Entity(
  {
    model: { entity: 'luckyNumber', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign,
      value: { type: 'number', required: true, readOnly: true, padding: { length: 8, char: '0' } },
      seq: { type: 'number', required: true, readOnly: true, padding: { length: 8, char: '0' } },
      customer: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      basket: { type: 'number', required: true, readOnly: true },
      store: { type: 'number', required: true, readOnly: true },
      origin: { type: 'string', required: true, readOnly: true },
      basketAt: { type: 'string', required: true, readOnly: true },
      createdAt: { type: 'string', required: true, readOnly: true },
      prev: { type: 'string', required: true, readOnly: true },
      hash: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byValue: key('primary', ['tenant', 'campaign'], ['value']),
      bySeq: key('gsi1', ['tenant', 'campaign'], ['seq']),
      byCustomer: key('gsi2', ['tenant', 'customer'], ['campaign', 'value']),
    },
  },
  { client: documentClient, table: tableName() },
);

export const LuckyGrantEntity = new Entity(
  {
    model: { entity: 'luckyGrant', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign,
      basket: { type: 'number', required: true, readOnly: true, padding: { length: 10, char: '0' } },
      customer: { type: 'number', required: true },
      earned: { type: 'number', required: true },
      issued: { type: 'number', required: true, default: 0 },
      missing: { type: 'number', required: true, default: 0 },
      createdAt: { type: 'string', required: true },
    },
    indexes: { byBasket: key('primary', ['tenant', 'campaign'], ['basket']) },
  },
  { client: documentClient, table: tableName() },
);

export const LuckyBalanceEntity = new Entity(
  {
    model: { entity: 'luckyBalance', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign,
      customer: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      carry: { type: 'number', required: true, default: 0 },
    },
    indexes: { byCustomer: key('primary', ['tenant', 'campaign'], ['customer']) },
  },
  { client: documentClient, table: tableName() },
);

export const PointsEntryEntity = new Entity(
  {
    model: { entity: 'pointsEntry', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign,
      /** 'B<basket>' for a purchase's credit: one credit per (campaign, purchase). */
      ref: { type: 'string', required: true, readOnly: true },
      customer: { type: 'number', required: true },
      type: { type: ['CREDIT', 'DEBIT'] as const, required: true },
      date: { type: 'string', required: true },
      quantity: { type: 'number', required: true },
      /** Reais. */
      value: { type: 'number', required: true },
      expirationAt: { type: 'string' },
    },
    indexes: { byRef: key('primary', ['tenant', 'campaign'], ['ref']) },
  },
  { client: documentClient, table: tableName() },
);

export const loyaltyService = new Service({
  luckyPool: LuckyPoolEntity,
  luckySlot: LuckySlotEntity,
  luckyNumber: LuckyNumberEntity,
  luckyGrant: LuckyGrantEntity,
  luckyBalance: LuckyBalanceEntity,
  pointsEntry: PointsEntryEntity,
});

export type LuckyNumberItem = EntityItem<typeof LuckyNumberEntity>;
export type LuckyGrantItem = EntityItem<typeof LuckyGrantEntity>;
export type LuckyPoolItem = EntityItem<typeof LuckyPoolEntity>;
