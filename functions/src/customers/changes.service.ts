import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { plainImage } from '../lib/ddb/stream-images';
import { BasketEntity, CustomerEntity, type BasketItem, type CustomerItem } from './entities';

/**
 * Changes of the customers domain as other domains may see them: a raw DynamoDB stream record
 * of a purchase or a customer turned into typed facts, so that no other domain reads this
 * domain's items. A change carries the facts `before` and `after` the write (absent on an
 * insert or a removal respectively); an aggregator subtracts `before` and adds `after`, which
 * keeps its figures exact whatever the write was (POS purchase, association of a purchase with
 * a customer, customer deleted, favourite store or tags edited).
 */

/** What a purchase counts for. Unidentified purchases are stored with no customer (id 0). */
export interface PurchaseFacts {
  id: number;
  store: number;
  /** Integer centavos. */
  totalCentavos: number;
  /** Linked to a customer of the loyalty programme. */
  identified: boolean;
  /** The POS's local time, 'YYYY-MM-DD HH:mm:ss' (America/Sao_Paulo). */
  at: string;
}

/** What a customer registration counts for. */
export interface CustomerFacts {
  id: number;
  /** Registration channel ('Plataforma', 'Landing Page', 'PDV', …). */
  channel: string;
  /** Favourite store, when chosen. */
  store?: number;
  tags: string[];
  /** ISO instant of the registration. */
  registeredAt: string;
}

export type CustomersChange =
  | { kind: 'purchase'; tenant: string; before?: PurchaseFacts; after?: PurchaseFacts }
  | { kind: 'customer'; tenant: string; before?: CustomerFacts; after?: CustomerFacts };

type Image = Record<string, AttributeValue>;

/** The image as the entity reads it (undefined when it is not one of its items). */
function parsedBasket(image: Image | undefined): BasketItem | undefined {
  if (!image) return undefined;
  try {
    return BasketEntity.parse({ Item: plainImage(image) }).data ?? undefined;
  } catch {
    return undefined;
  }
}

function parsedCustomer(image: Image | undefined): CustomerItem | undefined {
  if (!image) return undefined;
  try {
    return CustomerEntity.parse({ Item: plainImage(image) }).data ?? undefined;
  } catch {
    return undefined;
  }
}

function purchaseFacts(image: Image | undefined): (PurchaseFacts & { tenant: string }) | undefined {
  const b = parsedBasket(image);
  return b ? { tenant: b.tenant, ...purchaseFactsOf(b) } : undefined;
}

/** What a stored purchase counts for on the dashboard (stream images, bulk loads such as the local seed). */
export function purchaseFactsOf(b: BasketItem): PurchaseFacts {
  return {
    id: b.id,
    store: b.idStore,
    totalCentavos: b.amount,
    identified: b.idCustomer > 0,
    at: b.date,
  };
}

function customerFacts(image: Image | undefined): (CustomerFacts & { tenant: string }) | undefined {
  const c = parsedCustomer(image);
  return c ? { tenant: c.tenant, ...customerFactsOf(c) } : undefined;
}

/** What a stored customer counts for on the dashboard (stream images, bulk loads such as the local seed). */
export function customerFactsOf(c: CustomerItem): CustomerFacts {
  return {
    id: c.id,
    channel: c.channel,
    ...(c.favorite_store !== undefined ? { store: c.favorite_store } : {}),
    tags: [...new Set(c.tags ?? [])].sort(),
    registeredAt: c.createdAt,
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Decodes one stream record (NEW_AND_OLD_IMAGES) of this domain: a purchase or a customer
 * inserted, modified or removed. Null for any other item, and for a modification that changes
 * none of the facts (a profile edit, a purchase's customer aggregates, …).
 */
export function customersChangeOf(record: DynamoDBRecord): CustomersChange | null {
  const images = record.dynamodb;
  if (!images) return null;
  const oldImage = images.OldImage as Image | undefined;
  const newImage = images.NewImage as Image | undefined;
  const entity = ((newImage ?? oldImage)?.__edb_e__ as { S?: string } | undefined)?.S;
  if (entity === 'basket') {
    const before = purchaseFacts(oldImage);
    const after = purchaseFacts(newImage);
    return change('purchase', before, after);
  }
  if (entity === 'customer') {
    const before = customerFacts(oldImage);
    const after = customerFacts(newImage);
    return change('customer', before, after);
  }
  return null;
}

function change<K extends CustomersChange['kind'], F extends { tenant: string }>(
  kind: K,
  before: F | undefined,
  after: F | undefined,
): CustomersChange | null {
  const tenant = (after ?? before)?.tenant;
  if (!tenant || sameJson(before, after)) return null;
  const strip = (f: F | undefined) => {
    if (!f) return undefined;
    const { tenant: _tenant, ...facts } = f;
    return facts;
  };
  return { kind, tenant, before: strip(before), after: strip(after) } as CustomersChange;
}

/**
 * Richer facts for the segmentation profiles (issue 10): everything a lead condition looks at.
 * Kept apart from `CustomersChange`, whose facts feed the dashboard and must not change shape.
 */
export interface CustomerRecordFacts {
  id: number;
  /** 'YYYY-MM-DD'. */
  birthDate?: string;
  gender?: string;
  marital?: string;
  /** IBGE municipality code. */
  cityId?: number;
  city?: string;
  state?: string;
  channel: string;
  favoriteStore?: number;
  hasEmail: boolean;
  hasCellphone: boolean;
  terms: boolean;
  optouts: { email: boolean; sms: boolean; whatsapp: boolean; app: boolean };
  /** ISO instant of the registration. */
  registeredAt: string;
  tags: string[];
  latitude?: number;
  longitude?: number;
  /** ISO instant of the record's last edit: a late, older copy of the record never wins. */
  updatedAt: string;
}

/** A purchase with its customer, origin and product codes (EAN as the POS sent them). */
export interface PurchaseRecordFacts {
  id: number;
  /** 0: not (yet) linked to a customer. */
  customerId: number;
  store: number;
  origin: string;
  totalCentavos: number;
  /** The POS's local time, 'YYYY-MM-DD HH:mm:ss' (America/Sao_Paulo). */
  at: string;
  productCodes: string[];
}

export type CustomerRecordChange =
  | { kind: 'purchase'; tenant: string; before?: PurchaseRecordFacts; after?: PurchaseRecordFacts }
  | { kind: 'customer'; tenant: string; before?: CustomerRecordFacts; after?: CustomerRecordFacts };

const filled = (value: string | undefined) => value !== undefined && value.trim() !== '';

function customerRecordFacts(
  image: Image | undefined,
): (CustomerRecordFacts & { tenant: string }) | undefined {
  const c = parsedCustomer(image);
  return c ? { tenant: c.tenant, ...customerRecordFactsOf(c) } : undefined;
}

/** The segmentation facts of a stored customer (stream images, and bulk loads such as the local seed). */
export function customerRecordFactsOf(c: CustomerItem): CustomerRecordFacts {
  const cityId = c.id_city !== undefined && /^\d+$/.test(c.id_city) ? Number(c.id_city) : undefined;
  return {
    id: c.id,
    ...(filled(c.date_birth) ? { birthDate: c.date_birth!.slice(0, 10) } : {}),
    ...(filled(c.gender) ? { gender: c.gender } : {}),
    ...(filled(c.maritial) ? { marital: c.maritial } : {}),
    ...(cityId !== undefined ? { cityId } : {}),
    ...(filled(c.city) ? { city: c.city } : {}),
    ...(filled(c.state) ? { state: c.state } : {}),
    channel: c.channel,
    ...(c.favorite_store !== undefined ? { favoriteStore: c.favorite_store } : {}),
    hasEmail: filled(c.email),
    hasCellphone: filled(c.cellphone),
    terms: c.gdpr_agreement === 'Y',
    optouts: {
      email: c.email_optout === 'Y',
      sms: c.cellphone_optout === 'Y',
      whatsapp: c.whatsapp_optout === 'Y',
      app: c.app_optout === 'Y',
    },
    registeredAt: c.createdAt,
    tags: [...new Set(c.tags ?? [])].sort(),
    ...(typeof c.latitude === 'number' && typeof c.longitude === 'number'
      ? { latitude: c.latitude, longitude: c.longitude }
      : {}),
    updatedAt: c.updatedAt,
  };
}

function purchaseRecordFacts(
  image: Image | undefined,
): (PurchaseRecordFacts & { tenant: string }) | undefined {
  const b = parsedBasket(image);
  return b ? { tenant: b.tenant, ...purchaseRecordFactsOf(b) } : undefined;
}

/** The segmentation facts of a stored purchase (stream images, and bulk loads such as the local seed). */
export function purchaseRecordFactsOf(b: BasketItem): PurchaseRecordFacts {
  return {
    id: b.id,
    customerId: b.idCustomer,
    store: b.idStore,
    origin: b.origin,
    totalCentavos: b.amount,
    at: b.date,
    productCodes: [...new Set((b.products ?? []).map((p) => p.code ?? '').filter((code) => code !== ''))],
  };
}

/**
 * Decodes one stream record for the segmentation profiles: a customer (profile, consents,
 * address, tags) or a purchase (with its customer and products) inserted, modified or removed.
 * Null for any other item and for a write that changes none of these facts (a purchase's
 * aggregates on the customer item, a password change).
 */
export function customerRecordChangeOf(record: DynamoDBRecord): CustomerRecordChange | null {
  const images = record.dynamodb;
  if (!images) return null;
  const oldImage = images.OldImage as Image | undefined;
  const newImage = images.NewImage as Image | undefined;
  const entity = ((newImage ?? oldImage)?.__edb_e__ as { S?: string } | undefined)?.S;
  if (entity === 'basket')
    return change(
      'purchase',
      purchaseRecordFacts(oldImage),
      purchaseRecordFacts(newImage),
    ) as CustomerRecordChange | null;
  if (entity === 'customer') {
    const before = customerRecordFacts(oldImage);
    const after = customerRecordFacts(newImage);
    // Removed while inactive: nothing left to remove.
    if (!before && !after) return null;
    const tenant = (after ?? before)!.tenant;
    if (sameJson(before, after)) return null;
    const strip = (f: (CustomerRecordFacts & { tenant: string }) | undefined) => {
      if (!f) return undefined;
      const { tenant: _tenant, ...facts } = f;
      return facts;
    };
    return { kind: 'customer', tenant, before: strip(before), after: strip(after) };
  }
  return null;
}

/** What the campaigns domain needs of a purchase that has just been stored (settling a checkout). */
export interface StoredPurchase {
  tenant: string;
  id: number;
  store: number;
  checkout: string;
  coupon: string;
  /** 0 when unidentified. */
  customerId: number;
  /** Integer centavos. */
  amountCentavos: number;
  /** Number of lines. */
  itens: number;
  /** The purchase's instant as the POS sent it, its business day and its origin. */
  at?: string;
  day?: string;
  origin?: string;
}

/** A purchase inserted by the write a stream record carries (POS ingestion), or null for anything else. */
export function storedPurchaseOf(record: DynamoDBRecord): StoredPurchase | null {
  if (record.eventName !== 'INSERT') return null;
  const b = parsedBasket(record.dynamodb?.NewImage as Image | undefined);
  if (!b) return null;
  return {
    tenant: b.tenant,
    id: b.id,
    store: b.idStore,
    checkout: b.checkout,
    coupon: b.coupon,
    customerId: b.idCustomer,
    amountCentavos: b.amount,
    itens: b.itens,
    at: b.date,
    day: b.day,
    origin: b.origin,
  };
}

/** A purchase linked to a customer, with its lines and payments (centavos), for purchase-driven campaigns. */
export interface IdentifiedPurchase {
  tenant: string;
  id: number;
  customerId: number;
  store: number;
  /** The POS's local time, 'YYYY-MM-DD HH:mm:ss' (America/Sao_Paulo). */
  at: string;
  day: string;
  amountCentavos: number;
  products: { code: string; totalCentavos: number }[];
  payments: { method: string; valueCentavos: number }[];
}

/**
 * Decodes a purchase that became identified: inserted with a customer (POS ingestion, a sale
 * finalised in the product), or associated with a customer later (its `idCustomer` moved from 0).
 * Null for anything else. A consumer must be idempotent per purchase: replays deliver it again.
 */
export function identifiedPurchaseOf(record: DynamoDBRecord): IdentifiedPurchase | null {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return null;
  const b = parsedBasket(record.dynamodb?.NewImage as Image | undefined);
  if (!b || b.idCustomer <= 0) return null;
  if (record.eventName === 'MODIFY') {
    const before = parsedBasket(record.dynamodb?.OldImage as Image | undefined);
    if (before && before.idCustomer === b.idCustomer) return null;
  }
  return {
    tenant: b.tenant,
    id: b.id,
    customerId: b.idCustomer,
    store: b.idStore,
    at: b.date,
    day: b.day,
    amountCentavos: b.amount,
    products: (b.products ?? []).map((p) => ({ code: p.code ?? '', totalCentavos: p.total_value ?? 0 })),
    payments: (b.payments ?? []).map((p) => ({ method: p.method ?? '', valueCentavos: p.value ?? 0 })),
  };
}
