import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { key } from '../lib/ddb/indexes';
import { wordIndexEntity } from '../lib/ddb/word-index';

/**
 * Catalogue entities (spec part 1 §3, part 2 §3, part 3 §3). Products are the one large collection:
 * they get an index per search field and a `total:product` counter. Stores, categories, brands,
 * partners and payment methods are small per tenant and are read whole (one Query on the tenant
 * partition) and filtered in memory.
 */

/*
 * Each entity is marked pure: a bundle that imports one entity (the checkout's product lookup)
 * leaves the others, and the catalogue service that joins them all, out (esbuild keeps a top-level
 * `new` it cannot prove free of side effects).
 */

const now = () => new Date().toISOString();
const id = { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } } as const;
const tenant = { type: 'string', required: true, readOnly: true } as const;
const yesNo = { type: ['Y', 'N'] as const, required: true } as const;
const timestamps = {
  createdAt: { type: 'string', readOnly: true, default: now },
  updatedAt: { type: 'string', default: now, set: () => now(), watch: '*' },
} as const;

/** Uniqueness scopes of UniqueEntity markers owned by the catalogue. */
export const UNIQUE_SCOPES = {
  productEan: 'product-ean',
  categoryRef: 'category-ref',
  storeRef: 'store-ref',
  brandRef: 'brand-ref',
  partnerRef: 'partner-ref',
} as const;

/**
 * A product. Its prices per store live on the product item itself (`prices`), so one Query of a
 * search index answers a page with stock and prices, and replacing a product's price set is one
 * atomic write. Money is integer centavos; an absent cust/offer price means "not set".
 */
export const ProductEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'product', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      /** EAN/GTIN (or internal PLU), digits; unique per tenant through a `product-ean` marker. */
      code: { type: 'string', required: true },
      /** SKU / ERP code. */
      reference_code: { type: 'string', required: true, default: '' },
      description: { type: 'string', required: true },
      /** normalizeText(description): the accent-insensitive prefix-search key. */
      descriptionKey: { type: 'string', required: true },
      pack: { type: 'number', required: true },
      weighable: yesNo,
      active: yesNo,
      url: { type: 'string', required: true, default: '' },
      fast_orders: yesNo,
      group_code: { type: 'string', required: true, default: '' },
      id_brand: { type: 'number' },
      /** Denormalised at write time (category descriptions are not editable afterwards). */
      category: {
        type: 'map',
        properties: {
          id: { type: 'number', required: true },
          reference_code: { type: 'string', required: true },
          description: { type: 'string', required: true },
        },
      },
      prices: {
        type: 'list',
        required: true,
        default: () => [],
        items: {
          type: 'map',
          properties: {
            id_store: { type: 'number', required: true },
            regular: { type: 'number', required: true },
            cust: { type: 'number' },
            offer: { type: 'number' },
            attribute: { type: 'string' },
            stock: { type: 'number', required: true },
          },
        },
      },
      ...timestamps,
    },
    indexes: {
      byId: key('primary', ['tenant'], ['id']),
      byDescription: key('gsi1', ['tenant'], ['descriptionKey', 'id']),
      byCode: key('gsi2', ['tenant'], ['code']),
      byReference: key('gsi3', ['tenant'], ['reference_code', 'id']),
      byGroup: key('gsi4', ['tenant'], ['group_code', 'id']),
    },
  },
  { client: documentClient, table: tableName() },
);

/**
 * The word index of product descriptions: one item per (product, word of its description), so a
 * search for the prefix of ANY word is one `begins_with` Query on the tenant's partition. Written
 * and removed in the same transaction as the product. It carries the description, so candidates
 * are ranked and narrowed by the other query words without reading the products.
 */
export const ProductWordEntity = /* @__PURE__ */ wordIndexEntity('productWord');

/**
 * The category and brand index of products (product-facets.model.ts): one item per (product,
 * `C<id>.` / `B<id>.`), the word index's layout, written in the product's transactions.
 */
export const ProductFacetEntity = /* @__PURE__ */ wordIndexEntity('productFacet');

export const CategoryEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'category', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      level: { type: 'number', required: true },
      reference_code: { type: 'string', required: true },
      description: { type: 'string', required: true },
      active: yesNo,
      show_app: yesNo,
      image: { type: 'string', required: true, default: '' },
      url: { type: 'string', required: true, default: '' },
      /** Parent id, 0 for a root. */
      level_up: { type: 'number', required: true, default: 0 },
      app_description: { type: 'string', required: true, default: '' },
      icon: { type: 'string', required: true, default: '' },
      ordenation: { type: 'number', required: true, default: 0 },
      ...timestamps,
    },
    indexes: { byId: key('primary', ['tenant'], ['id']) },
  },
  { client: documentClient, table: tableName() },
);

export const StoreEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'store', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      reference_code: { type: 'string', required: true },
      name: { type: 'string', required: true },
      zipcode: { type: 'string', required: true },
      address: { type: 'string', required: true },
      number: { type: 'string', required: true, default: '' },
      complement: { type: 'string', required: true, default: '' },
      neighborhood: { type: 'string', required: true, default: '' },
      city: { type: 'string', required: true, default: '' },
      state: { type: 'string', required: true, default: '' },
      latitude: { type: 'number' },
      longitude: { type: 'number' },
      url: { type: 'string', required: true, default: '' },
      business_hours: {
        type: 'map',
        required: true,
        properties: {
          sunday: { type: 'string' },
          monday: { type: 'string' },
          tuesday: { type: 'string' },
          wednesday: { type: 'string' },
          thursday: { type: 'string' },
          friday: { type: 'string' },
          saturday: { type: 'string' },
        },
      },
      ...timestamps,
    },
    indexes: { byId: key('primary', ['tenant'], ['id']) },
  },
  { client: documentClient, table: tableName() },
);

export const PaymentMethodEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'paymentMethod', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      reference_code: { type: 'string', required: true },
      description: { type: 'string', required: true },
      visible: { type: 'boolean', required: true, default: true },
      max_installments: { type: 'number', required: true, default: 1 },
      has_change: { type: 'boolean', required: true, default: false },
      ...timestamps,
    },
    indexes: { byId: key('primary', ['tenant'], ['id']) },
  },
  { client: documentClient, table: tableName() },
);

export const BrandEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'brand', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      reference_code: { type: 'string', required: true },
      description: { type: 'string', required: true },
      ...timestamps,
    },
    indexes: { byId: key('primary', ['tenant'], ['id']) },
  },
  { client: documentClient, table: tableName() },
);

/** A supplier ("fornecedor"). */
export const PartnerEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'partner', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      reference_code: { type: 'string', required: true },
      name: { type: 'string', required: true },
      /** CNPJ, 14 digits, or ''. */
      document: { type: 'string', required: true, default: '' },
      ...timestamps,
    },
    indexes: { byId: key('primary', ['tenant'], ['id']) },
  },
  { client: documentClient, table: tableName() },
);

/** Transactions over the catalogue with their uniqueness markers and counters. */
export const catalogService = /* @__PURE__ */ new Service({
  product: ProductEntity,
  productWord: ProductWordEntity,
  productFacet: ProductFacetEntity,
  category: CategoryEntity,
  store: StoreEntity,
  payment: PaymentMethodEntity,
  brand: BrandEntity,
  partner: PartnerEntity,
  unique: UniqueEntity,
  counter: CounterEntity,
});

export type ProductItem = EntityItem<typeof ProductEntity>;
export type StoredPrice = ProductItem['prices'][number];
export type ProductWordItem = EntityItem<typeof ProductWordEntity>;
export type CategoryItem = EntityItem<typeof CategoryEntity>;
export type StoreItem = EntityItem<typeof StoreEntity>;
export type PaymentMethodItem = EntityItem<typeof PaymentMethodEntity>;
export type BrandItem = EntityItem<typeof BrandEntity>;
export type PartnerItem = EntityItem<typeof PartnerEntity>;
