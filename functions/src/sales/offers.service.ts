import type { Product } from '@freguesia/shared/schemas/catalog';
import { activeCampaigns } from '../campaigns/active-set.service';
import { findProductByCode } from '../catalog/products.service';
import { assertStoreInScope } from '../catalog/stores.service';
import { checkoutCustomer } from '../customers/customers.service';
import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { paginated, type Paginated } from '../lib/ddb/pagination';
import { isMember } from '../segmentation/population.service';

/** The four tabs of the offers modal (spec part 3 §2 'Sales wizard'). */
export const OFFER_TABS = ['exclusive', 'ongoing', 'club', 'offers'] as const;
export type OfferTab = (typeof OFFER_TABS)[number];

export interface OfferRow {
  id_campaign: number;
  type: string;
  dynamic: number;
  /** Centavos for money dynamics, basis points for percentages (the engine's rule value). */
  value: number;
  code: string;
  product: Product | null;
}

/**
 * GET /web/products/customer: the products the customer can get a campaign's discount on at the
 * store, by tab — exclusive (campaigns for a lead the customer is in), ongoing (open to everyone),
 * advantage club (campaigns that need the programme's terms) and offers (every product discount
 * of the store's active set). Read from the prepared active set the checkout uses (cached), so the
 * modal shows what the checkout gives; page size 20 (§9).
 */
export async function customerOffers(
  ctx: ServiceContext,
  query: { page: number; per_page: number; id_store: number; document: string; attribute: OfferTab },
): Promise<Paginated<OfferRow>> {
  assertStoreInScope(ctx, query.id_store);
  const { prepared } = await activeCampaigns(ctx);
  const atStore = prepared.campaigns.filter((c) => c.stores.size === 0 || c.stores.has(query.id_store));
  const customer = query.document ? await checkoutCustomer(ctx, query.document) : undefined;
  let campaigns = atStore;
  if (query.attribute === 'exclusive') {
    const leads = atStore.filter((c) => c.lead !== null);
    const member = customer
      ? await mapLimited(leads, 10, async (c) => ((await isMember(ctx, c.lead!, customer.id)) ? c : null))
      : [];
    campaigns = member.filter((c): c is (typeof atStore)[number] => c !== null);
  } else if (query.attribute === 'ongoing')
    campaigns = atStore.filter((c) => c.lead === null && !c.needTerms);
  else if (query.attribute === 'club') campaigns = atStore.filter((c) => c.lead === null && c.needTerms);
  const rows = campaigns.flatMap((c) =>
    c.rowList.map((r) => ({
      id_campaign: c.id,
      type: c.type,
      dynamic: r.rule.dynamic,
      value: r.rule.value,
      code: r.code,
    })),
  );
  const start = (query.page - 1) * query.per_page;
  const page = rows.slice(start, start + query.per_page);
  const data = await mapLimited(page, 10, async (r) => ({
    ...r,
    product: await findProductByCode(ctx, r.code, query.id_store).catch(() => null),
  }));
  return paginated(data, rows.length, query.page, query.per_page);
}
