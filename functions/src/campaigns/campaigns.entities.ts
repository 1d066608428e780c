import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { key } from '../lib/ddb/indexes';

/**
 * What the checkout keeps of discount campaigns: budget use, checkout sessions and the discounts
 * granted. The campaign items themselves (and their product rows) are the shared campaign record
 * of `src/campaign-records`, read through its service.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const id = { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } } as const;

/**
 * Budget use of a campaign (`code` '*') or of one of its products (and, under `cust:<id>`, the
 * uses of a customer held or settled against a per-customer limit, in `used_units`): what checkouts have reserved
 * and purchases settled, in centavos of discount and in thousandths of a unit. Reservations are
 * conditional ADDs that never pass `limit`, so concurrent checkouts cannot overspend.
 */
export const CampaignBudgetEntity = new Entity(
  {
    model: { entity: 'campaignBudget', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign: id,
      code: { type: 'string', required: true, readOnly: true },
      /** Centavos of discount granted under the budget. */
      used_cents: { type: 'number', required: true, default: 0 },
      /** Thousandths of a unit sold under the budget. */
      used_units: { type: 'number', required: true, default: 0 },
    },
    indexes: { byCampaign: key('primary', ['tenant'], ['campaign', 'code']) },
  },
  { client: documentClient, table: tableName() },
);

/**
 * A checkout session (`POST /checkout/subtotal`): the discounts last granted and the budget they
 * hold. A repeated call for the same session replaces its reservation; the purchase arriving
 * through POS ingestion (same store, checkout and coupon) settles it; an abandoned one is released
 * by the sweep after `expiresAt`.
 */
export const CheckoutSessionEntity = new Entity(
  {
    model: { entity: 'checkoutSession', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      session: { type: 'string', required: true, readOnly: true },
      id_store: { type: 'number', required: true },
      checkout: { type: 'string', required: true },
      coupon: { type: 'string', required: true },
      operator: { type: 'string' },
      id_customer: { type: 'number' },
      /** [{campaign, code, amount}] held on the budget items. */
      reservations: { type: 'any', required: true, default: () => [] },
      /** Per line and campaign: what was granted (the discount export rows). */
      granted: { type: 'any', required: true, default: () => [] },
      /** [{campaign, customer}]: the uses held on per-customer limits (released like a budget hold). */
      customer_holds: { type: 'any' },
      /** Campaigns granted through a voucher the sale presented (a voucher use each, at settlement). */
      voucher_campaigns: { type: 'any' },
      status: { type: ['open', 'settled', 'released'] as const, required: true },
      version: { type: 'number', required: true, default: 1 },
      createdAt: { type: 'string', required: true, readOnly: true },
      updatedAt: { type: 'string', required: true },
      /** Release time for an open session (epoch seconds); DynamoDB's TTL removes old ones later. */
      expiresAt: { type: 'number' },
    },
    indexes: {
      bySession: key('primary', ['tenant'], ['session']),
      /** The purchase that settles it: store + checkout + coupon. */
      byCoupon: key('gsi1', ['tenant', 'id_store', 'checkout', 'coupon'], ['session']),
      /** Open sessions by release time (the sweep). */
      byStatus: key('gsi2', ['tenant', 'status'], ['expiresAt', 'session']),
    },
  },
  { client: documentClient, table: tableName() },
);

/** A discount granted on a settled purchase: one row per (campaign, purchase, line) of the export. */
export const CampaignUsageEntity = new Entity(
  {
    model: { entity: 'campaignUsage', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign: id,
      id_basket: { type: 'number', required: true, readOnly: true },
      sequence: { type: 'number', required: true, readOnly: true },
      /** 0 for an unidentified purchase. */
      id_customer: { type: 'number', required: true, readOnly: true },
      row: { type: 'any', required: true },
      createdAt: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byCampaign: key('primary', ['tenant'], ['campaign', 'id_basket', 'sequence']),
      /** A customer's uses of a campaign (per-customer limits). */
      byCustomer: key('gsi1', ['tenant', 'campaign', 'id_customer'], ['id_basket', 'sequence']),
    },
  },
  { client: documentClient, table: tableName() },
);

export const campaignsService = new Service({
  campaignBudget: CampaignBudgetEntity,
  checkoutSession: CheckoutSessionEntity,
  campaignUsage: CampaignUsageEntity,
  counter: CounterEntity,
});

export type CheckoutSessionItem = EntityItem<typeof CheckoutSessionEntity>;
