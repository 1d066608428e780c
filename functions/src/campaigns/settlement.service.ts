import { centsToNumber } from '@freguesia/shared/domain/money';
import { campaignRecords } from '../campaign-records/campaign-records.service';
import type { StoredPurchase } from '../customers/changes.service';
import type { ServiceContext } from '../lib/context';
import { recordParticipation } from '../segmentation/population.service';
import { settlementRepository } from './settlement.repository';

/**
 * Settles the checkout sessions of purchases just stored (stream of POS ingestion): each open
 * session with the purchase's store, checkout and coupon becomes the campaign's usage rows (the
 * discount export), and its budget hold becomes final. Idempotent: a settled session is skipped.
 */
export async function settlePurchases(
  ctx: ServiceContext,
  purchases: readonly StoredPurchase[],
): Promise<number> {
  const repo = settlementRepository(ctx.tenant);
  let settled = 0;
  let types: Map<number, string> | undefined;
  for (const purchase of purchases) {
    const sessions = (
      await repo.sessionsOfPurchase(purchase.store, purchase.checkout, purchase.coupon)
    ).filter((s) => s.status === 'open');
    for (const session of sessions) {
      // Participation (CAMP) before the settlement: recording is idempotent, and a crash between the
      // two leaves the session open, so the redelivered record records again (nothing new) and settles.
      const granted = [...new Set(session.granted.map((g) => g.campaign))];
      if (purchase.customerId > 0 && granted.length > 0) {
        types ??= new Map((await campaignRecords(ctx)).map((c) => [c.id, c.type as string]));
        for (const campaignId of granted) {
          const campaignType = types.get(campaignId);
          if (campaignType)
            await recordParticipation(ctx, {
              customerId: purchase.customerId,
              campaignType,
              campaignId,
              at: purchase.at ?? ctx.now().toISOString(),
            });
        }
      }
      const rows = session.granted.map((g) => ({
        campaign: g.campaign,
        sequence: g.sequence,
        row: {
          coupon: purchase.coupon,
          id_basket: purchase.id,
          itens: purchase.itens,
          operator: session.operator,
          total_amount: centsToNumber(purchase.amountCentavos),
          sequence: g.sequence,
          code: g.code,
          quantity: g.quantity / 1000,
          price: centsToNumber(g.price_cents),
          amount: centsToNumber(g.amount_cents),
          discount: centsToNumber(g.discount_cents),
          discount_perc:
            g.amount_cents > 0 ? Math.round((g.discount_cents * 10_000) / g.amount_cents) / 100 : 0,
          final_price: centsToNumber(g.amount_cents - g.discount_cents),
          budget: session.reservations.some((r) => r.campaign === g.campaign) ? 'Y' : 'N',
        },
      }));
      if (await repo.settle(session, purchase.id, purchase.customerId || null, rows, ctx.now().toISOString()))
        settled++;
    }
  }
  return settled;
}
