import { Entity, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';

/**
 * The customer item (see entities.ts for the other customer entities and the service over all
 * of them). In a file of its own so that a read of a customer (the checkout's lookup,
 * customer-lookup.repository.ts) does not bundle the timeline, purchase, phone, word and map
 * entities: each ElectroDB entity is built when its module loads.
 */

export const tenant = { type: 'string', required: true, readOnly: true } as const;
export const id = {
  type: 'number',
  required: true,
  readOnly: true,
  padding: { length: 9, char: '0' },
} as const;
export const yesNo = { type: ['Y', 'N'] as const, required: true, default: 'N' } as const;
export const str = { type: 'string' } as const;
export const num = { type: 'number' } as const;
export const now = () => new Date().toISOString();

export const CustomerEntity = new Entity(
  {
    model: { entity: 'customer', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      // Identity
      type: { type: ['F', 'J'] as const, required: true },
      /** Digits, zero-padded to 11 (F) or 14 (J); unique per tenant (`customer-document`). */
      document: { type: 'string', required: true },
      /** Stored upper-case. */
      fullname: { type: 'string', required: true },
      identity: str,
      date_birth: str,
      gender: str,
      maritial: str,
      favorite_store: num,
      reference_code: str,
      // Contact
      telephone: str,
      cellphone: str,
      email: str,
      cellphone_optout: yesNo,
      email_optout: yesNo,
      whatsapp_optout: yesNo,
      app_optout: yesNo,
      gdpr_agreement: yesNo,
      /** Portal/app password (Argon2id PHC string); never answered. */
      passwordHash: str,
      // State
      active: { ...yesNo, default: 'Y' },
      channel: { type: 'string', required: true },
      // Address
      zipcode: str,
      address: str,
      number: str,
      complement: str,
      neighborhood: str,
      city: str,
      state: str,
      id_city: str,
      id_state: num,
      latitude: num,
      longitude: num,
      // Credit analysis
      employer: str,
      occupation: str,
      time: str,
      timer: str,
      home_owner: str,
      income: num,
      limit: num,
      log: str,
      bank: str,
      ag: str,
      agdigit: str,
      acc: str,
      accdigit: str,
      contacts: {
        type: 'list',
        items: {
          type: 'map',
          properties: { name: str, email: str, telephone: str, cellphone: str, type: str },
        },
      },
      tags: { type: 'list', items: { type: 'string' } },
      /** Partner codes (loyalty partners, marketplaces): [{partner, code}]. */
      integrations: { type: 'list', items: { type: 'map', properties: { partner: str, code: str } } },
      // Purchase aggregates, maintained in the same transaction as each purchase.
      basketCount: { type: 'number', required: true, default: 0 },
      /** Sum of purchase amounts, integer centavos. */
      basketTotal: { type: 'number', required: true, default: 0 },
      /** Local time 'YYYY-MM-DD HH:mm:ss' of the newest purchase. */
      dt_last_basket: str,
      last_basket_origin: str,
      // Derived search keys
      nameKey: { type: 'string', required: true },
      emailKey: { type: 'string', required: true, default: '' },
      /** Optimistic lock of the profile (staff and portal edits); purchases do not bump it. */
      version: { type: 'number', required: true, default: 1 },
      createdAt: { type: 'string', readOnly: true, required: true, default: now },
      updatedAt: { type: 'string', required: true, default: now },
    },
    indexes: {
      byId: key('primary', ['tenant'], ['id']),
      byDocument: key('gsi1', ['tenant'], ['document']),
      byName: key('gsi2', ['tenant'], ['nameKey', 'id']),
      byEmail: key('gsi3', ['tenant'], ['emailKey', 'id']),
    },
  },
  { client: documentClient, table: tableName() },
);

export type CustomerItem = EntityItem<typeof CustomerEntity>;

export const UNIQUE_SCOPES = {
  document: 'customer-document',
} as const;
