import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { key } from '../lib/ddb/indexes';
import { CustomerEntity, id, num, now, str, tenant } from './customer.entities';

export { CustomerEntity, UNIQUE_SCOPES, type CustomerItem } from './customer.entities';

/**
 * Customers, their timeline and their purchases (spec part 1 §3, part 3 §7).
 *
 * Profile attributes carry the API's snake_case names so the wire mapping stays flat;
 * derived and internal attributes are camelCase. Search keys are derived on write:
 * - gsi1 `byDocument`: digits of the CPF/CNPJ (exact and prefix search);
 * - gsi2 `byName`: `normalizeText(fullname)` + id (accent-insensitive prefix);
 * - gsi3 `byEmail`: lower-case e-mail + id ('' when none, never matched by a search);
 * - phones: `CustomerPhoneEntity`, one small item per distinct number (cellphone and
 *   telephone) holding the list columns, so a phone search is one Query whichever number
 *   matched and the customer item does not need a fifth index.
 */

/** Phone index entry: one per distinct number of a customer, with the list columns. */
export const CustomerPhoneEntity = new Entity(
  {
    model: { entity: 'customerPhone', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      phone: { type: 'string', required: true, readOnly: true },
      customerId: id,
      fullname: { type: 'string', required: true },
      document: { type: 'string', required: true },
      email: str,
      cellphone: str,
      city: str,
      state: str,
      channel: { type: 'string', required: true },
      active: { type: ['Y', 'N'] as const, required: true },
      createdAt: { type: 'string', required: true },
    },
    indexes: {
      byPhone: key('primary', ['tenant'], ['phone', 'customerId']),
    },
  },
  { client: documentClient, table: tableName() },
);

/**
 * Word search entry (issue 9): one small item per (customer, search term), written and removed
 * in the same transaction as the customer, holding the list columns so a search is one Query
 * (no reads of the customers afterwards). Terms (see `searchTerms` in customers.model.ts):
 * - `N`: each word of the name (`searchWords`: accent-folded, upper case), so any word's prefix
 *   matches ("COSTA" finds Beatriz Costa);
 * - `E`: the e-mail's part before the @ (lower case), matched by prefix;
 * - `P`: each phone's digits reversed, so the last digits typed at the counter are a prefix.
 * Partition: tenant + kind + the term's first character (spreads a tenant's writes over ~40
 * partitions; every search term has a first character). Sort key: term then customer id, so
 * whole-word matches ('COSTA#…') come before longer words ('COSTAS…') in a prefix range.
 */
export const CustomerWordEntity = new Entity(
  {
    model: { entity: 'customerWord', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      kind: { type: ['N', 'E', 'P'] as const, required: true, readOnly: true },
      lead: { type: 'string', required: true, readOnly: true },
      term: { type: 'string', required: true, readOnly: true },
      customerId: id,
      fullname: { type: 'string', required: true },
      document: { type: 'string', required: true },
      email: str,
      cellphone: str,
      telephone: str,
      city: str,
      state: str,
      channel: { type: 'string', required: true },
      active: { type: ['Y', 'N'] as const, required: true },
      createdAt: { type: 'string', required: true },
    },
    indexes: {
      byTerm: key('primary', ['tenant', 'kind', 'lead'], ['term', 'customerId']),
    },
  },
  { client: documentClient, table: tableName() },
);

/**
 * A customer's map point. Kept apart from the customer item so the map (GET
 * /web/customers/geo) reads ~100-byte items: 5,000 points in one Query page.
 */
export const CustomerGeoEntity = new Entity(
  {
    model: { entity: 'customerGeo', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      customerId: id,
      latitude: { type: 'number', required: true },
      longitude: { type: 'number', required: true },
    },
    indexes: {
      byCustomer: key('primary', ['tenant'], ['customerId']),
    },
  },
  { client: documentClient, table: tableName() },
);

/** One occurrence of a customer's timeline, written in the same transaction as the change. */
export const CustomerEventEntity = new Entity(
  {
    model: { entity: 'customerEvent', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      customerId: id,
      /** ISO instant. */
      at: { type: 'string', required: true, readOnly: true },
      /** Tie-breaker for events of the same instant (several consent changes at once). */
      seq: { type: 'string', required: true, readOnly: true },
      type: {
        type: [
          'created',
          'updated',
          'deleted',
          'purchase',
          'associated',
          'consent',
          'portal_update',
        ] as const,
        required: true,
      },
      description: { type: 'string', required: true },
      channel: { type: 'string', required: true },
      userId: num,
      userName: str,
      fields: { type: 'list', items: { type: 'string' } },
      consent: { type: 'map', properties: { field: str, from: str, to: str } },
      basketId: num,
      /** Store of the purchase (purchase and association entries), for the store scope of reads. */
      storeId: num,
    },
    indexes: {
      byCustomer: key('primary', ['tenant', 'customerId'], ['at', 'seq']),
    },
  },
  { client: documentClient, table: tableName() },
);

/**
 * A purchase. Money in integer centavos; `date` is the POS's local time
 * 'YYYY-MM-DD HH:mm:ss' (America/Sao_Paulo) and `day` its date part.
 * - primary: the natural key (store, day / checkout, coupon, date). A conditional create on it
 *   IS the POS idempotency check: a replay fails the condition, with no marker item to keep;
 *   one store-day per partition spreads ingestion writes;
 * - gsi1 `byCustomer`: a customer's purchases by date; sparse (unidentified baskets, id 0,
 *   are not indexed, so they never form one hot partition);
 * - gsi2 `byDay`: a day's purchases of every store (finding a coupon to associate);
 * - gsi3 `byId`: the numeric id the screens use.
 */
export const BasketEntity = new Entity(
  {
    model: { entity: 'basket', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      idCustomer: { type: 'number', required: true, default: 0, padding: { length: 9, char: '0' } },
      idStore: { type: 'number', required: true, padding: { length: 9, char: '0' } },
      checkout: { type: 'string', required: true },
      coupon: { type: 'string', required: true },
      date: { type: 'string', required: true },
      day: { type: 'string', required: true },
      /** The document the POS sent (digits), kept for unidentified purchases. */
      document: str,
      amount: { type: 'number', required: true },
      discount: { type: 'number', required: true, default: 0 },
      origin: { type: 'string', required: true },
      itens: { type: 'number', required: true },
      products: {
        type: 'list',
        required: true,
        items: {
          type: 'map',
          properties: {
            code: str,
            description: str,
            /** Units or kilograms (up to 3 decimals). */
            quantity: num,
            unit_value: num,
            total_value: num,
            discount: num,
          },
        },
      },
      payments: {
        type: 'list',
        required: true,
        default: () => [],
        items: { type: 'map', properties: { method: str, value: num, installments: num } },
      },
      createdAt: { type: 'string', readOnly: true, required: true, default: now },
    },
    indexes: {
      byKey: key('primary', ['tenant', 'idStore', 'day'], ['checkout', 'coupon', 'date']),
      byCustomer: {
        ...key('gsi1', ['tenant', 'idCustomer'], ['date', 'id']),
        condition: (attrs: Record<string, unknown>) => Number(attrs.idCustomer) > 0,
      },
      byDay: key('gsi2', ['tenant', 'day'], ['idStore', 'checkout', 'id']),
      byId: key('gsi3', ['tenant', 'id'], []),
    },
  },
  { client: documentClient, table: tableName() },
);

/** The distinct purchase origins of a tenant (GET /web/baskets/origins). */
export const BasketOriginEntity = new Entity(
  {
    model: { entity: 'basketOrigin', version: '1', service: 'freguesia' },
    attributes: { tenant, origin: { type: 'string', required: true, readOnly: true } },
    indexes: { byOrigin: key('primary', ['tenant'], ['origin']) },
  },
  { client: documentClient, table: tableName() },
);

/** Transactions over customers, their indexes, timeline, purchases, markers and counters. */
export const customersService = new Service({
  customer: CustomerEntity,
  phone: CustomerPhoneEntity,
  word: CustomerWordEntity,
  geo: CustomerGeoEntity,
  event: CustomerEventEntity,
  basket: BasketEntity,
  unique: UniqueEntity,
  counter: CounterEntity,
});

/** The entities handed to a `customersService.transaction.write` builder. */
export type TransactionEntities = Parameters<Parameters<typeof customersService.transaction.write>[0]>[0];

export type CustomerEventItem = EntityItem<typeof CustomerEventEntity>;
export type BasketItem = EntityItem<typeof BasketEntity>;

/** The natural key of a purchase (its primary key): replays of a POS sale hit the same item. */
export type BasketKey = Pick<BasketItem, 'tenant' | 'idStore' | 'day' | 'checkout' | 'coupon' | 'date'>;
export const basketKeyOf = (b: BasketKey): BasketKey => ({
  tenant: b.tenant,
  idStore: b.idStore,
  day: b.day,
  checkout: b.checkout,
  coupon: b.coupon,
  date: b.date,
});
