import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { key } from '../lib/ddb/indexes';

/**
 * Ticket campaigns' records (spec part 2 §3 'Ticket and prize records'). Every key starts with
 * the tenant. A campaign's tickets, grants, balances and prizes share the campaign's partition;
 * a customer's tickets and won prizes are found through gsi1.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const num = (length = 9) =>
  ({ type: 'number', required: true, readOnly: true, padding: { length, char: '0' } }) as const;

/** One ticket: numbered 1, 2, 3… within its campaign. */
export const TicketEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'ticket', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign: num(),
      id: num(),
      id_customer: num(),
      id_basket: { type: 'number', required: true, readOnly: true },
      id_store: { type: 'number', required: true, readOnly: true },
      status: { type: ['CREATED', 'PRINTED'] as const, required: true, default: 'CREATED' },
      /** A reprint released after printing: the next print is allowed once. */
      reprint: { type: 'boolean', required: true, default: false },
      printed_at: { type: 'string' },
      createdAt: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byCampaign: key('primary', ['tenant', 'campaign'], ['id']),
      byCustomer: key('gsi1', ['tenant', 'id_customer', 'campaign'], ['createdAt', 'id']),
    },
  },
  { client: documentClient, table: tableName() },
);

/**
 * What a purchase earned in a campaign: the marker of its issuance (written once, with a
 * condition, in the transaction that numbers its tickets), so a purchase redelivered, re-ingested
 * or replayed earns nothing twice.
 */
export const TicketGrantEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'ticketGrant', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign: num(),
      id_basket: num(12),
      id_customer: { type: 'number', required: true, readOnly: true },
      id_store: { type: 'number', required: true, readOnly: true },
      first_id: { type: 'number', required: true },
      count: { type: 'number', required: true },
      factor: { type: 'number', required: true },
      /** Every ticket item is written (the first ones go with the marker, the rest after). */
      complete: { type: 'boolean', required: true },
      /** The instant prize this purchase won, when any. */
      prize: { type: 'number' },
      createdAt: { type: 'string', required: true, readOnly: true },
    },
    indexes: { byPurchase: key('primary', ['tenant', 'campaign'], ['id_basket']) },
  },
  { client: documentClient, table: tableName() },
);

/** The value a customer carries towards the next ticket (campaigns with `can_accumulate`). */
export const TicketBalanceEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'ticketBalance', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign: num(),
      id_customer: num(),
      carry_cents: { type: 'number', required: true, default: 0 },
      version: { type: 'number', required: true, default: 0 },
    },
    indexes: { byCustomer: key('primary', ['tenant', 'campaign'], ['id_customer']) },
  },
  { client: documentClient, table: tableName() },
);

/**
 * A prize of the schedule: a gift at a store released at an instant (-03:00, so the text sorts by
 * time). Sorted by store and instant, so the prizes a purchase may win are one range Query.
 */
export const GiftEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'ticketGift', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign: num(),
      id_store: num(),
      available_at: { type: 'string', required: true, readOnly: true },
      id: num(),
      gift: { type: 'string', required: true },
      qt_print: { type: 'number', required: true, default: 0 },
      id_customer: { type: 'number' },
      id_basket: { type: 'number' },
      won_at: { type: 'string' },
    },
    indexes: { byStore: key('primary', ['tenant', 'campaign'], ['id_store', 'available_at', 'id']) },
  },
  { client: documentClient, table: tableName() },
);

/** A won prize, kept by the customer (the Campaigns tab) and by id (validation). */
export const WonPrizeEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'wonPrize', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id: num(),
      campaign: { type: 'number', required: true, readOnly: true },
      campaign_description: { type: 'string', required: true },
      id_customer: num(),
      id_store: { type: 'number', required: true, readOnly: true },
      id_basket: { type: 'number', required: true, readOnly: true },
      available_at: { type: 'string', required: true, readOnly: true },
      gift: { type: 'string', required: true },
      won_at: { type: 'string', required: true, readOnly: true },
      validated_tag: { type: 'string' },
      validated_by: { type: 'string' },
      validated_user: { type: 'number' },
    },
    indexes: {
      byId: key('primary', ['tenant'], ['id']),
      byCustomer: key('gsi1', ['tenant', 'id_customer'], ['won_at', 'id']),
    },
  },
  { client: documentClient, table: tableName() },
);

export const ticketsService = /* @__PURE__ */ new Service({
  ticket: TicketEntity,
  grant: TicketGrantEntity,
  balance: TicketBalanceEntity,
  gift: GiftEntity,
  wonPrize: WonPrizeEntity,
  counter: CounterEntity,
});

export type TicketItem = EntityItem<typeof TicketEntity>;
export type GiftItem = EntityItem<typeof GiftEntity>;
export type GrantItem = EntityItem<typeof TicketGrantEntity>;
export type WonPrizeItem = EntityItem<typeof WonPrizeEntity>;
