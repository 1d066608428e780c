import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { key } from '../lib/ddb/indexes';

/**
 * Campaigns (spec part 2 §3 'Campaign (shared)'): discounts and communications (e-mail, template,
 * SMS, push, app art) are one entity told apart by `type`, with one id counter and one list. A
 * tenant has tens to a few thousand campaigns: a small collection read whole per tenant (one Query
 * of the tenant's partition) and filtered in memory, as the architecture allows for campaigns. The
 * products of a (discount) campaign are items of their own (a campaign may list thousands of EANs,
 * beyond DynamoDB's 400 KB item), under the same tenant partition, so the checkout's active set is
 * read with one paginated Query of each kind.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const id = { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } } as const;

export const CampaignEntity = new Entity(
  {
    model: { entity: 'campaign', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      description: { type: 'string', required: true },
      type: { type: 'string', required: true },
      active: { type: ['Y', 'N'] as const, required: true },
      id_lead: { type: 'number' },
      start_at: { type: 'string', required: true },
      /** 'YYYY-MM-DD'; 9999-12-31 means no end. */
      end_at: { type: 'string', required: true },
      /** Discount info (spec part 2 §3 'Discount info'), as validated by the shared schema. */
      info: { type: 'any', required: true, default: () => ({}) },
      stores: { type: 'list', items: { type: 'number' }, required: true, default: () => [] },
      brands: { type: 'list', items: { type: 'number' }, required: true, default: () => [] },
      /** [{id_payment_method, factor}] */
      payments: { type: 'any', required: true, default: () => [] },
      /** Combo groups of a DG campaign. */
      groups: { type: 'any', required: true, default: () => [] },
      product_count: { type: 'number', required: true, default: 0 },
      /**
       * The generation of product rows the campaign reads (absent: 0, rows made before generations).
       * An update writes the new rows under the next generation, then flips this in the header's
       * transaction: readers never see a mix of old and new rows.
       */
      product_gen: { type: 'number' },
      created_by: { type: 'number' },
      version: { type: 'number', required: true, default: 1 },
      createdAt: { type: 'string', required: true, readOnly: true },
      updatedAt: { type: 'string', required: true },
    },
    indexes: { byId: key('primary', ['tenant'], ['id']) },
  },
  { client: documentClient, table: tableName() },
);

/** One product row of a campaign (spec part 2 §3 'Discount campaign product'). */
export const CampaignProductEntity = new Entity(
  {
    model: { entity: 'campaignProduct', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      campaign: id,
      /** The row's key: the EAN for generation 0, `<EAN>#g<gen>` after. */
      code: { type: 'string', required: true, readOnly: true },
      /** The generation of the campaign's product rows this one belongs to (absent: 0). */
      gen: { type: 'number' },
      row: { type: 'any', required: true },
    },
    indexes: { byCampaign: key('primary', ['tenant'], ['campaign', 'code']) },
  },
  { client: documentClient, table: tableName() },
);

/**
 * A deleted campaign, kept for its history (issue 20): the record as it was when deleted, written in
 * the delete's transaction. Live paths (lists, the checkout's active set, schedules, edits) never
 * see it — the campaign is gone for them — while its history (the discount export, its sends in
 * 'Investimentos', its analytics) still finds it by id.
 */
export const ArchivedCampaignEntity = new Entity(
  {
    model: { entity: 'archivedCampaign', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      /** The campaign record (campaign-records.repository `CampaignRecord`) at deletion. */
      record: { type: 'any', required: true },
      archived_at: { type: 'string', required: true },
      archived_by: { type: 'number' },
    },
    indexes: { byId: key('primary', ['tenant'], ['id']) },
  },
  { client: documentClient, table: tableName() },
);

export const campaignRecordsService = new Service({
  archived: ArchivedCampaignEntity,
  campaign: CampaignEntity,
  campaignProduct: CampaignProductEntity,
  counter: CounterEntity,
});

export type CampaignItem = EntityItem<typeof CampaignEntity>;
export type CampaignProductItem = EntityItem<typeof CampaignProductEntity>;
