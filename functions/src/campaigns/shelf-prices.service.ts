import { numberToCents } from '@freguesia/shared/domain/money';
import { UNIT } from '@freguesia/shared/promotions/arithmetic';
import { evaluate } from '@freguesia/shared/promotions/engine';
import type { BasketLine } from '@freguesia/shared/promotions/types';
import type { Product } from '@freguesia/shared/schemas/catalog';
import { classifyProducts, productsAtStore } from '../catalog/products.service';
import type { ServiceContext } from '../lib/context';
import { activeCampaigns } from './active-set.service';

/**
 * Shelf prices (the TV screens, the TV wizard's simulation): what one unit of a product costs at a
 * store right now, by the catalogue and by the promotion engine over the tenant's running discount
 * campaigns (the checkout's cached active set: one counter read when nothing changed). The
 * customer is a club member who accepted the terms, outside any lead and without a voucher: the
 * price a screen may promise everyone in the store; item discounts only (a ticket discount depends
 * on the whole purchase). Budgets are not held nor looked at (a
 * screen sells nothing); a campaign that has spent its budget stops at the checkout, not here.
 */
export interface ShelfPrice {
  product: Pick<Product, 'code' | 'description' | 'pack' | 'url'>;
  /** Centavos; null: no price at the store. */
  regular: number | null;
  offer: number | null;
  /** The unit price after the running discount campaigns; null when none applies. */
  promotion: number | null;
}

const cents = (reais: number | null): number | null =>
  reais === null ? null : (numberToCents(reais) ?? null);

/** The shelf prices of the codes at the store; codes unknown to the catalogue are left out. */
export async function shelfPrices(
  ctx: ServiceContext,
  idStore: number,
  codes: readonly string[],
): Promise<Map<string, ShelfPrice>> {
  const [{ prepared }, products] = await Promise.all([
    activeCampaigns(ctx),
    productsAtStore(ctx, codes, idStore),
  ]);
  const classes =
    prepared.byCategory.size > 0 ? await classifyProducts(ctx, [...products.keys()]) : undefined;
  const at = ctx.now();
  const answer = new Map<string, ShelfPrice>();
  for (const [code, p] of products) {
    const regular = cents(p.regular_price);
    const offer = cents(p.offer_price);
    const onOffer = offer !== null && offer > 0 && (regular === null || offer < regular);
    const base = onOffer ? offer : regular;
    let promotion: number | null = null;
    if (base !== null && base > 0 && prepared.campaigns.length > 0) {
      const line: BasketLine = {
        sequence: 1,
        code,
        quantity: UNIT,
        unit_price_cents: base,
        total_cents: base,
        on_offer: onOffer,
        brand_id: p.id_brand,
        group_code: p.group_code || null,
        category_path:
          classes?.get(code)?.categories.slice().reverse() ?? (p.category ? [p.category.id] : []),
      };
      const result = evaluate(prepared, {
        lines: [line],
        store_id: idStore,
        at,
        customer: { accepted_terms: true, in_lead: () => false },
      });
      // Item discounts only: a ticket discount (DB, DBP) depends on the whole purchase.
      const discount = (result.lines.find((l) => l.sequence === 1)?.applied ?? [])
        .filter((a) => a.level === 'item')
        .reduce((sum, a) => sum + a.amount_cents, 0);
      if (discount > 0) promotion = Math.max(0, base - discount);
    }
    answer.set(code, {
      product: { code: p.code, description: p.description, pack: p.pack, url: p.url },
      regular,
      offer: onOffer ? offer : null,
      promotion,
    });
  }
  return answer;
}
