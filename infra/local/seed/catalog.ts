import { cnpjFromBase } from '@freguesia/shared/domain/document';
import { normalizeText } from '@freguesia/shared/domain/text';
import { ean13 } from '@freguesia/shared/schemas/catalog';
import {
  BrandEntity,
  CategoryEntity,
  PartnerEntity,
  PaymentMethodEntity,
  ProductEntity,
  ProductWordEntity,
  ProductFacetEntity,
  StoreEntity,
  UNIQUE_SCOPES,
} from '@freguesia/functions/catalog/entities';
import { productWordItems } from '@freguesia/functions/catalog/product-words.model';
import { productFacetItems } from '@freguesia/functions/catalog/product-facets.model';
import { CounterEntity } from '@freguesia/functions/lib/ddb/entities/counter';
import { UniqueEntity } from '@freguesia/functions/lib/ddb/entities/unique';
import {
  BRANDS,
  BUSINESS_HOURS,
  CATEGORY_TREE,
  DEMO_STORES,
  PARTNERS,
  PAYMENT_METHODS,
  PRIVATE_LABEL,
  VERDE_STORES,
  VERDE_TREE,
  type Root,
} from './catalog-data';
import { batchWrite } from './batch-write';
import type { Rng } from './random';
import type { SeedContext, Seeder } from './types';

/** What later seeders (purchases) find in `ctx.shared.get('stores')`. */
export interface SeededStore {
  id: number;
  reference_code: string;
  name: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** One store price of a seeded product; money in integer centavos. */
export interface SeededPrice {
  id_store: number;
  cust_cents: number;
  regular_cents: number;
  /** Offer price, or null when the product is not on offer in that store. */
  offer_cents: number | null;
  stock: number;
}

/** What later seeders find in `ctx.shared.get('products')`. */
export interface SeededProduct {
  id: number;
  code: string;
  reference_code: string;
  description: string;
  pack: number;
  weighable: 'Y' | 'N';
  id_brand: number | null;
  category_id: number;
  prices: SeededPrice[];
}

/** What later seeders find in `ctx.shared.get('payments')`. */
export interface SeededPayment {
  id: number;
  description: string;
  max_installments: number;
  has_change: boolean;
}

const setCounter = (tenant: string, name: string, value: number) => ({ tenant, name, value });

/** Inserts the brand before a trailing size ('Arroz Tipo 1 5kg' → 'Arroz Tipo 1 Camil 5kg'). */
function withBrand(variant: string, brand: string): string {
  const words = variant.split(' ');
  const last = words.at(-1) ?? '';
  if (/^\d|^(kg|un)$/i.test(last) && words.length > 1) return [...words.slice(0, -1), brand, last].join(' ');
  return `${variant} ${brand}`;
}

/** A price ending in 9 centavos: 1234 → 1239. */
const retail = (cents: number) => Math.max(99, Math.floor(cents / 10) * 10 + 9);

function storePrice(rng: Rng, base: number, idStore: number, weighable: boolean): SeededPrice {
  const regular = retail(Math.round(base * (0.94 + rng.next() * 0.14)));
  const offer = rng.chance(0.2) ? retail(Math.round(regular * (0.82 + rng.next() * 0.1)) - 10) : null;
  const stock = weighable ? Math.round(rng.next() * 800) / 10 : rng.chance(0.1) ? 0 : rng.int(1, 240);
  return {
    id_store: idStore,
    cust_cents: Math.round(regular * (0.62 + rng.next() * 0.16)),
    regular_cents: regular,
    offer_cents: offer,
    stock,
  };
}

export const catalogSeeder: Seeder = {
  name: 'catálogo',
  async run(ctx: SeedContext) {
    const { tenant, rng } = ctx;
    const full = ctx.size === 'full';
    const tree: Root[] = full ? CATEGORY_TREE : VERDE_TREE;
    const storeSeeds = full ? DEMO_STORES : VERDE_STORES;

    const stores = storeSeeds.map((s, i) => ({
      tenant,
      id: i + 1,
      reference_code: `L${String(i + 1).padStart(2, '0')}`,
      ...s,
      complement: s.complement ?? '',
      url: '',
      business_hours: BUSINESS_HOURS,
    }));

    const usedBrands = new Set(
      tree.flatMap(([, branches]) => branches.flatMap(([, leaves]) => leaves.flatMap(([, , refs]) => refs))),
    );
    if (full) usedBrands.add(PRIVATE_LABEL);
    const brands = BRANDS.filter(([ref]) => usedBrands.has(ref)).map(([reference_code, description], i) => ({
      tenant,
      id: i + 1,
      reference_code,
      description,
    }));
    const brandByRef = new Map(brands.map((b) => [b.reference_code, b]));
    const partners = (full ? PARTNERS : PARTNERS.filter(([ref]) => ref === 'F001' || ref === 'F006')).map(
      ([reference_code, name, base], i) => ({
        tenant,
        id: i + 1,
        reference_code,
        name,
        document: cnpjFromBase(base),
      }),
    );
    const payments = PAYMENT_METHODS.map(([description, visible, max_installments, has_change], i) => ({
      tenant,
      id: i + 1,
      reference_code: String(i + 1),
      description,
      visible,
      max_installments,
      has_change,
    }));

    const categories: {
      tenant: string;
      id: number;
      level: number;
      reference_code: string;
      description: string;
      level_up: number;
      active: 'Y';
      show_app: 'Y';
      ordenation: number;
    }[] = [];
    const products: (SeededProduct & {
      group_code: string;
      category: { id: number; reference_code: string; description: string };
    })[] = [];
    const category = (
      description: string,
      reference_code: string,
      level: number,
      level_up: number,
      ordenation: number,
    ) => {
      const item = {
        tenant,
        id: categories.length + 1,
        level,
        reference_code,
        description,
        level_up,
        active: 'Y' as const,
        show_app: 'Y' as const,
        ordenation,
      };
      categories.push(item);
      return item;
    };
    tree.forEach(([rootName, branches], r) => {
      const root = category(rootName, String(r + 1), 1, 0, r + 1);
      branches.forEach(([branchName, leaves], b) => {
        const branch = category(
          branchName,
          `${root.reference_code}${String(b + 1).padStart(2, '0')}`,
          2,
          root.id,
          b + 1,
        );
        leaves.forEach(([leafName, variants, refs, weighable = false], l) => {
          const leaf = category(
            leafName,
            `${branch.reference_code}${String(l + 1).padStart(2, '0')}`,
            3,
            branch.id,
            l + 1,
          );
          const brandRefs = weighable || !full ? refs : [...refs, PRIVATE_LABEL];
          for (const [variant, base] of variants) {
            for (const ref of weighable ? refs.slice(0, 1) : brandRefs) {
              const brand = brandByRef.get(ref)!;
              const id = products.length + 1;
              const code = weighable
                ? ean13(`2000${String(id).padStart(8, '0')}`)
                : ean13(`789${ref}${String(id).padStart(5, '0')}`);
              products.push({
                id,
                code,
                reference_code: String(100000 + id),
                description: weighable ? variant : withBrand(variant, brand.description),
                pack: /\b(\d+)un\b/.exec(variant) ? Number(/\b(\d+)un\b/.exec(variant)![1]) : 1,
                weighable: weighable ? 'Y' : 'N',
                id_brand: brand.id,
                category_id: leaf.id,
                group_code: normalizeText(leafName).replace(/\s+/g, '_'),
                category: { id: leaf.id, reference_code: leaf.reference_code, description: leaf.description },
                prices: stores.map((s) => storePrice(rng, base, s.id, weighable)),
              });
            }
          }
        });
      });
    });

    const productItems = products.map((p) => ({
      tenant,
      id: p.id,
      code: p.code,
      reference_code: p.reference_code,
      description: p.description,
      descriptionKey: normalizeText(p.description),
      pack: p.pack,
      weighable: p.weighable,
      active: 'Y' as const,
      url: '',
      fast_orders: 'N' as const,
      group_code: p.group_code,
      ...(p.id_brand === null ? {} : { id_brand: p.id_brand }),
      category: p.category,
      prices: p.prices.map((x) => ({
        id_store: x.id_store,
        regular: x.regular_cents,
        cust: x.cust_cents,
        ...(x.offer_cents === null ? {} : { offer: x.offer_cents }),
        stock: x.stock,
      })),
    }));
    const marker = (scope: string, value: string, ownerId: number) => ({ tenant, scope, value, ownerId });
    const counters = (name: string, n: number) => [
      setCounter(tenant, `seq:${name}`, n),
      setCounter(tenant, `total:${name}`, n),
    ];

    await batchWrite([
      [StoreEntity, stores],
      [BrandEntity, brands],
      [PartnerEntity, partners],
      [PaymentMethodEntity, payments],
      [CategoryEntity, categories],
      [ProductEntity, productItems],
      // The word index of the descriptions (search by any word), as the product writes keep it.
      [ProductWordEntity, productItems.flatMap((p) => productWordItems(tenant, p.id, p.description))],
      // The category/brand index (labels of category and brand campaigns), as the product writes keep it.
      [ProductFacetEntity, productItems.flatMap((p) => productFacetItems(tenant, p))],
      [
        UniqueEntity,
        [
          ...stores.map((s) => marker(UNIQUE_SCOPES.storeRef, s.reference_code, s.id)),
          ...brands.map((b) => marker(UNIQUE_SCOPES.brandRef, b.reference_code, b.id)),
          ...partners.map((p) => marker(UNIQUE_SCOPES.partnerRef, p.reference_code, p.id)),
          ...categories.map((c) => marker(UNIQUE_SCOPES.categoryRef, c.reference_code, c.id)),
          ...products.map((p) => marker(UNIQUE_SCOPES.productEan, p.code, p.id)),
        ],
      ],
      [
        CounterEntity,
        [
          ...counters('store', stores.length),
          ...counters('brand', brands.length),
          ...counters('partner', partners.length),
          setCounter(tenant, 'seq:payment', payments.length),
          ...counters('category', categories.length),
          ...counters('product', products.length),
        ],
      ],
    ]);

    ctx.shared.set(
      'stores',
      stores.map((s): SeededStore => ({
        id: s.id,
        reference_code: s.reference_code,
        name: s.name,
        city: s.city,
        state: s.state,
        latitude: s.latitude,
        longitude: s.longitude,
      })),
    );
    ctx.shared.set(
      'products',
      products.map(({ group_code: _g, category: _c, ...p }): SeededProduct => p),
    );
    ctx.shared.set(
      'payments',
      payments.map((p): SeededPayment => ({
        id: p.id,
        description: p.description,
        max_installments: p.max_installments,
        has_change: p.has_change,
      })),
    );
    const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
    return [
      n(stores.length, 'loja', 'lojas'),
      n(categories.length, 'categoria', 'categorias'),
      `${n(products.length, 'mercadoria', 'mercadorias')} com preço em todas as lojas`,
      n(brands.length, 'marca', 'marcas'),
      n(partners.length, 'fornecedor', 'fornecedores'),
      n(payments.length, 'forma de pagamento', 'formas de pagamento'),
    ].join(', ');
  },
};
