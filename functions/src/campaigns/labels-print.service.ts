import { localDay } from '@freguesia/shared/domain/dates';
import { centsToNumber, numberToCents } from '@freguesia/shared/domain/money';
import { UNIT } from '@freguesia/shared/promotions/arithmetic';
import { evaluate } from '@freguesia/shared/promotions/engine';
import { prepareCampaigns } from '@freguesia/shared/promotions/prepare';
import type { BasketLine, PreparedCampaigns } from '@freguesia/shared/promotions/types';
import {
  FINAL_PRICE_DYNAMICS,
  type Campaign,
  type CampaignProduct,
  parseCategoryPaths,
  type Dynamic,
} from '@freguesia/shared/schemas/campaign';
import type { Product } from '@freguesia/shared/schemas/catalog';
import {
  NO_PRODUCT_LABEL_NOTICES,
  UNLIMITED_LABEL_LIMIT,
  type CampaignLabelRow,
  type CampaignLabels,
  type CampaignLabelsQuery,
} from '@freguesia/shared/schemas/label';
import {
  CAMPAIGN_NOT_FOUND,
  campaignProducts,
  campaignRecord,
  type CampaignRecord,
} from '../campaign-records/campaign-records.service';
import { classifyProducts, findProductByCode, productsByFacet } from '../catalog/products.service';
import { assertStoreInScope, storeNames, storeScope } from '../catalog/stores.service';
import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { invalid, isDomainError, notFound } from '../lib/errors';

/**
 * The data of a campaign's price labels at one store (spec part 2 §2.6): for each discount
 * product, its description and EAN, the store's regular price, the campaign's price and the
 * per-purchase limit (none → 1000). The web fills the chosen layout with it and prints a PDF.
 *
 * The campaign's price is what the promotion engine (shared/promotions) gives one basket of the
 * product at that store, on a day of the campaign's period, for a customer who meets its
 * conditions (terms accepted, in its lead, with its voucher): the label shows the price a
 * customer of the promotion pays. The dynamics that need X units (3, 4, 5) are priced on a basket
 * of X units (the unit price of the group), and the campaign's trigger products are in the basket
 * too. When the engine gives no discount (the store has no regular price, a combo the basket does
 * not complete), a fixed-price dynamic still shows the campaign's own value.
 */

/** A category/brand campaign none of whose products has a price at the chosen store. */
export const NO_FACET_PRODUCTS_NOTICE =
  'Nenhum produto das categorias ou marcas desta campanha tem preço na loja escolhida.';

export const LABEL_STORE_MESSAGE = 'Esta campanha não vale para a loja escolhida.';

/** Labels of a category or brand campaign at most (its products are read from the catalogue's index). */
export const FACET_LABEL_MAX = 500;
/** Catalogue products read at most for one category/brand print (those without a price at the store are skipped). */
const FACET_READ_MAX = 5_000;

/** The truthful message when a category/brand campaign has more priced products than were labelled. */
export const facetLimitNotice = (count: number): string =>
  `Esta campanha abrange mais produtos do que os ${count} com etiqueta gerada: imprima por partes ou inclua na ` +
  'campanha os produtos que devem ter etiqueta.';

/** Products resolved per round: enough to fill the print limit without reading the whole campaign. */
const ROUND = 100;
/** Catalogue lookups in flight. */
const LOOKUPS = 10;

/** The dynamics priced on a basket of X units. */
const GROUP_DYNAMICS: ReadonlySet<Dynamic> = new Set<Dynamic>([3, 4, 5]);

/** A day of the campaign's period for the engine: today, or its first (last) day when it has not started (has ended). */
function pricingInstant(campaign: CampaignRecord, today: string): Date {
  const day =
    today < campaign.start_at ? campaign.start_at : today > campaign.end_at ? campaign.end_at : today;
  // Noon in São Paulo (UTC−3 all year): the same local day whatever the host's zone.
  return new Date(`${day}T12:00:00-03:00`);
}

interface Pricing {
  prepared: PreparedCampaigns;
  campaign: CampaignRecord;
  storeId: number;
  at: Date;
  /** One unit of each trigger product (T rows), priced. */
  triggers: BasketLine[];
}

/** The campaign's unit price of a product at the store, in centavos; undefined when it cannot be told. */
export function promotionalCents(
  p: Pricing,
  row: CampaignProduct,
  regularCents: number | undefined,
  facts: Partial<BasketLine>,
): number | undefined {
  const dynamic = row.type ?? p.campaign.info.type;
  const fixed =
    dynamic !== null && FINAL_PRICE_DYNAMICS.has(dynamic) && row.price !== null
      ? numberToCents(row.price)
      : undefined;
  if (regularCents === undefined || regularCents <= 0) return fixed;
  const units =
    dynamic !== null && GROUP_DYNAMICS.has(dynamic)
      ? Math.max(1, row.take || p.campaign.info.trigger_quantity)
      : 1;
  const line: BasketLine = {
    ...facts,
    sequence: 1,
    code: row.code,
    quantity: units * UNIT,
    unit_price_cents: regularCents,
    total_cents: regularCents * units,
    on_offer: false,
  };
  const result = evaluate(p.prepared, {
    lines: [
      line,
      ...p.triggers.filter((t) => t.code !== row.code).map((t, i) => ({ ...t, sequence: i + 2 })),
    ],
    store_id: p.storeId,
    at: p.at,
    customer: { accepted_terms: true, in_lead: () => true },
    vouchers: p.campaign.info.voucher_code ? [p.campaign.info.voucher_code] : [],
    payment_method: p.campaign.payments[0]?.id_payment_method ?? null,
  });
  const discount = result.lines.find((l) => l.sequence === 1)?.discount_cents ?? 0;
  if (discount <= 0) return fixed !== undefined ? Math.min(fixed, regularCents) : regularCents;
  return Math.round((regularCents * units - discount) / units);
}

/** The catalogue's product at the store, or null when the code is unknown. */
async function lookup(ctx: ServiceContext, code: string, storeId: number): Promise<Product | null> {
  try {
    return await findProductByCode(ctx, code, storeId);
  } catch (error) {
    if (isDomainError(error) && error.kind === 'not-found') return null;
    throw error;
  }
}

const cents = (reais: number | null): number | undefined =>
  reais === null ? undefined : numberToCents(reais);

/**
 * GET /web/campaigns/{id}/labels?id_store&limit: the labels of up to `limit` discount products
 * (default 999), by EAN (as the campaign stores its rows); products unknown to the catalogue or without any price
 * at the store are left out and counted in `skipped`. A user bound to one store may only ask for
 * that store (403 otherwise); a campaign outside their scope is not found.
 */
export async function campaignLabels(
  ctx: ServiceContext,
  id: number,
  query: CampaignLabelsQuery,
): Promise<CampaignLabels> {
  assertStoreInScope(ctx, query.id_store);
  const campaign = await campaignRecord(ctx, id);
  const inScope = storeScope(ctx);
  if (!campaign || !(campaign.stores.length === 0 || campaign.stores.some((s) => inScope(s.id_store))))
    throw notFound(CAMPAIGN_NOT_FOUND);
  if (campaign.stores.length > 0 && !campaign.stores.some((s) => s.id_store === query.id_store))
    throw invalid({ id_store: LABEL_STORE_MESSAGE });
  const [rows, names] = await Promise.all([campaignProducts(ctx, campaign), storeNames(ctx)]);
  const storeName = names.get(query.id_store);
  if (storeName === undefined) throw invalid({ id_store: LABEL_STORE_MESSAGE });

  const payload: Campaign = { ...campaign, id: campaign.id, active: 'Y', products: rows };
  const triggerRows = rows.filter((r) => r.trigger_discount === 'T').slice(0, 20);
  const triggerProducts = await mapLimited(triggerRows, LOOKUPS, (r) => lookup(ctx, r.code, query.id_store));
  const pricing: Pricing = {
    prepared: prepareCampaigns([payload]),
    campaign,
    storeId: query.id_store,
    at: pricingInstant(campaign, localDay(ctx.now())),
    triggers: triggerRows.map((r, i) => {
      const price = cents(triggerProducts[i]?.regular_price ?? null) ?? 100;
      return { sequence: 0, code: r.code, quantity: UNIT, unit_price_cents: price, total_cents: price };
    }),
  };
  const needsCategories = campaign.type === 'DC';

  let discountRows = rows.filter((r) => r.trigger_discount === 'D');
  const data: CampaignLabelRow[] = [];
  let skipped = 0;
  let facetNotice: string | undefined;
  let known: Map<string, Product> | undefined;
  const facet =
    discountRows.length > 0
      ? undefined
      : campaign.type === 'DC'
        ? {
            kind: 'C' as const,
            ids: parseCategoryPaths(campaign.info.categories)
              .map((path) => Number(path[path.length - 1]))
              .filter((n) => Number.isInteger(n) && n > 0),
          }
        : campaign.type === 'DBRANDS'
          ? { kind: 'B' as const, ids: campaign.brands.map((b) => b.id_brand) }
          : undefined;
  if (facet) {
    // A category/brand campaign lists no product: its labels are the products of its categories
    // (with their subcategories) or brands priced at the store, each with the campaign's dynamic.
    const max = Math.min(query.limit, FACET_LABEL_MAX);
    const found = await productsByFacet(ctx, facet, query.id_store, { max, maxRead: FACET_READ_MAX });
    known = new Map(found.products.map((p) => [p.code, p]));
    discountRows = found.products.map((p): CampaignProduct => ({
      code: p.code,
      trigger_discount: 'D',
      type: null,
      price: campaign.info.value,
      take: campaign.info.trigger_quantity,
      pay: 0,
      limit: 0,
      unlimited: 'Y',
      budget: 0,
      budget_limit: 0,
      qt_packing: 1,
    }));
    if (found.more) facetNotice = facetLimitNotice(found.products.length);
  }
  for (let start = 0; start < discountRows.length && data.length < query.limit; start += ROUND) {
    const round = discountRows.slice(start, start + Math.max(ROUND, query.limit - data.length));
    const products = known
      ? round.map((r) => known.get(r.code) ?? null)
      : await mapLimited(round, LOOKUPS, (r) => lookup(ctx, r.code, query.id_store));
    const classes = needsCategories
      ? await classifyProducts(
          ctx,
          round.map((r) => r.code),
        )
      : undefined;
    round.forEach((row, i) => {
      if (data.length >= query.limit) return;
      const product = products[i];
      const regular = cents(product?.regular_price ?? null);
      const facts: Partial<BasketLine> = {
        brand_id: product?.id_brand ?? null,
        group_code: product?.group_code || null,
        category_path:
          classes?.get(row.code)?.categories.slice().reverse() ??
          (product?.category ? [product.category.id] : []),
      };
      const price = product ? promotionalCents(pricing, row, regular, facts) : undefined;
      if (!product || price === undefined) {
        skipped += 1;
        return;
      }
      data.push({
        code: row.code,
        description: product.description,
        regular_price: regular === undefined ? null : centsToNumber(regular),
        price: centsToNumber(price),
        limit: row.unlimited === 'Y' || row.limit <= 0 ? UNLIMITED_LABEL_LIMIT : row.limit,
        unlimited: row.unlimited === 'Y' || row.limit <= 0,
        dynamic: row.type ?? campaign.info.type ?? null,
        take: row.take,
        pay: row.pay,
        qt_packing: row.qt_packing,
      });
    });
  }
  return {
    campaign: {
      id: campaign.id,
      description: campaign.description,
      type: campaign.type,
      start_at: campaign.start_at,
      end_at: campaign.end_at,
    },
    store: { id: query.id_store, name: storeName },
    data,
    total: discountRows.length,
    skipped,
    ...(facetNotice
      ? { notice: facetNotice }
      : facet && discountRows.length === 0
        ? { notice: NO_FACET_PRODUCTS_NOTICE }
        : !facet && discountRows.length === 0 && NO_PRODUCT_LABEL_NOTICES[campaign.type]
          ? { notice: NO_PRODUCT_LABEL_NOTICES[campaign.type] }
          : {}),
  };
}
