import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';

/**
 * The app's usage records (functions/README.md, "Mobile app"). Every figure of the mobile
 * dashboard is a counter written together with the marker that makes it count once:
 * - `mobileEvent`: an event id already received (a resend is a duplicate), expiring after 60 days;
 * - `mobileDevice`: per customer, the platforms and the push id seen (first sight of each counts
 *   once into `mobileTotals`);
 * - `mobileDayUse`: a customer used the app on a platform that day (counts once into `mobileDaily`);
 * - `mobileDaily`: per day, customers per platform and opens per platform;
 * - `mobileTotals`: the tenant's app customers, per platform and with a push id.
 * The dashboard reads `mobileTotals` and the days of its window: two requests at any volume.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const opts = { client: documentClient, table: tableName() };

export const MobileEventEntity = new Entity(
  {
    model: { entity: 'mobileEvent', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      customer: { type: 'number', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      at: { type: 'string', required: true },
      /** Epoch seconds: DynamoDB's TTL removes the marker (resends come within minutes or days). */
      expiresAt: { type: 'number', required: true },
    },
    indexes: { byId: key('primary', ['tenant', 'customer', 'id'], []) },
  },
  opts,
);

export const MobileDeviceEntity = new Entity(
  {
    model: { entity: 'mobileDevice', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      customer: { type: 'number', required: true, readOnly: true },
      first_at: { type: 'string' },
      android: { type: 'boolean' },
      ios: { type: 'boolean' },
      push: { type: 'boolean' },
      push_id: { type: 'string' },
      push_platform: { type: 'string' },
      last_at: { type: 'string' },
    },
    indexes: { byCustomer: key('primary', ['tenant', 'customer'], []) },
  },
  opts,
);

export const MobileDayUseEntity = new Entity(
  {
    model: { entity: 'mobileDayUse', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      day: { type: 'string', required: true, readOnly: true },
      customer: { type: 'number', required: true, readOnly: true },
      platform: { type: 'string', required: true, readOnly: true },
      expiresAt: { type: 'number', required: true },
    },
    indexes: { byDay: key('primary', ['tenant', 'day', 'customer', 'platform'], []) },
  },
  opts,
);

export const MobileDailyEntity = new Entity(
  {
    model: { entity: 'mobileDaily', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      day: { type: 'string', required: true, readOnly: true },
      android: { type: 'number' },
      ios: { type: 'number' },
      opens_android: { type: 'number' },
      opens_ios: { type: 'number' },
    },
    indexes: { byDay: key('primary', ['tenant'], ['day']) },
  },
  opts,
);

export const MobileTotalsEntity = new Entity(
  {
    model: { entity: 'mobileTotals', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      customers: { type: 'number' },
      android: { type: 'number' },
      ios: { type: 'number' },
      reachable: { type: 'number' },
    },
    indexes: { one: key('primary', ['tenant'], []) },
  },
  opts,
);

export const mobileService = new Service({
  event: MobileEventEntity,
  device: MobileDeviceEntity,
  dayUse: MobileDayUseEntity,
  daily: MobileDailyEntity,
  totals: MobileTotalsEntity,
});

export type MobileDeviceItem = EntityItem<typeof MobileDeviceEntity>;
export type MobileDailyItem = EntityItem<typeof MobileDailyEntity>;
export type MobileTotalsItem = EntityItem<typeof MobileTotalsEntity>;
