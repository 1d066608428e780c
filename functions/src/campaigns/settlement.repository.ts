import { batchWriteEntities } from '../lib/ddb/batch';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { failedIndex, isConditionFailure, transactionError, writeTransaction } from '../lib/ddb/transactions';
import { CampaignUsageEntity, CheckoutSessionEntity, campaignsService } from './campaigns.entities';
import {
  counterCode,
  customerCode,
  customerHoldsBack,
  givenBack,
  toSession,
  type CheckoutSession,
} from './checkout.repository';

/** The counter of a voucher campaign's uses (settled purchases that presented its voucher). */
export const voucherUsesCounter = (campaign: number) => `voucher-uses:${campaign}`;

/**
 * What happens to checkout sessions after the sale: a stored purchase settles them (their grants
 * become the campaign's usage rows), the sweep releases abandoned holds, and the discount export
 * pages the usage rows. Apart from `checkoutRepository`, whose methods the point of sale calls.
 */
export function settlementRepository(tenant: string) {
  return {
    /** The open session of a purchase (store + checkout + coupon), newest first. */
    async sessionsOfPurchase(idStore: number, checkout: string, coupon: string): Promise<CheckoutSession[]> {
      const { data } = await CheckoutSessionEntity.query
        .byCoupon({ tenant, id_store: idStore, checkout, coupon })
        .go({ pages: 'all' });
      return data.map(toSession);
    },

    /**
     * Settles an open session for a stored purchase: the session becomes 'settled' (condition:
     * still open, so a redelivered record does nothing) and its grants become usage rows of the
     * purchase. Answers whether this call settled it.
     */
    async settle(
      current: CheckoutSession,
      idBasket: number,
      idCustomer: number | null,
      rows: { campaign: number; sequence: number; row: Record<string, unknown> }[],
      at: string,
    ): Promise<boolean> {
      const usage = (r: (typeof rows)[number]) => ({
        tenant,
        campaign: r.campaign,
        id_basket: idBasket,
        sequence: r.sequence,
        row: r.row,
        createdAt: at,
        id_customer: idCustomer ?? 0,
      });
      // A voucher use per campaign the session's voucher unlocked, in the settling transaction.
      const vouchers = current.voucher_campaigns.slice(0, 10);
      const first = rows.slice(0, 90 - vouchers.length);
      try {
        const result = await writeTransaction(() =>
          campaignsService.transaction
            .write((t) => [
              t.checkoutSession
                .patch({ tenant, session: current.session })
                .set({ status: 'settled', updatedAt: at, expiresAt: current.expires_at })
                .where((a, { eq }) => eq(a.status, 'open'))
                .commit(),
              ...(first.map((r) => t.campaignUsage.put(usage(r)).commit()) as never[]),
              ...(vouchers.map((campaign) =>
                t.counter
                  .upsert({ tenant, name: voucherUsesCounter(campaign) })
                  .add({ value: 1 })
                  .commit(),
              ) as never[]),
            ])
            .go(),
        );
        if (result.canceled) {
          if (failedIndex(result) === 0) return false;
          throw transactionError(result);
        }
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
      // The rest after the session is settled: a retried batch rewrites the same keys.
      await batchWriteEntities(
        (items) => CampaignUsageEntity.put(items).go(),
        rows.slice(first.length).map(usage),
        {
          what: 'campaign usage rows',
        },
      );
      return true;
    },

    /** Gives an abandoned session's hold back to its budgets (condition: still open). */
    async release(current: CheckoutSession, at: string): Promise<boolean> {
      const result = await writeTransaction(() =>
        campaignsService.transaction
          .write((t) => [
            t.checkoutSession
              .patch({ tenant, session: current.session })
              .set({ status: 'released', updatedAt: at, expiresAt: current.expires_at })
              .where((a, { eq }) => `${eq(a.status, 'open')} AND ${eq(a.version, current.version)}`)
              .commit(),
            ...(givenBack(current.reservations).map((r) =>
              t.campaignBudget
                .upsert({ tenant, campaign: r.campaign, code: counterCode(r.code, r.shard) })
                .add({ used_cents: r.cents, used_units: r.units })
                .commit(),
            ) as never[]),
            ...(customerHoldsBack(current.customer_holds).map((h) =>
              t.campaignBudget
                .upsert({ tenant, campaign: h.campaign, code: customerCode(h.customer) })
                .add({ used_cents: 0, used_units: h.delta })
                .commit(),
            ) as never[]),
          ])
          .go(),
      );
      if (result.canceled && failedIndex(result) !== 0) throw transactionError(result);
      return !result.canceled;
    },

    /** Settled purchases that presented the campaign's voucher. */
    async voucherUses(campaign: number): Promise<number> {
      const { data } = await CounterEntity.get({ tenant, name: voucherUsesCounter(campaign) }).go();
      return data?.value ?? 0;
    },

    /** Open sessions whose hold expired before `epochSeconds` (the sweep; index Query). */
    async expired(epochSeconds: number): Promise<CheckoutSession[]> {
      const { data } = await CheckoutSessionEntity.query
        .byStatus({ tenant, status: 'open' })
        .lt({ expiresAt: epochSeconds })
        .go({ pages: 'all' });
      return data.map(toSession);
    },

    /** One page of a campaign's usage rows (the discount export), in purchase then line order, and the next page's cursor. */
    async usagePage(
      campaign: number,
      cursor: string | null,
      limit: number,
    ): Promise<{ rows: Record<string, unknown>[]; cursor: string | null }> {
      const result = await CampaignUsageEntity.query
        .byCampaign({ tenant, campaign })
        .go({ cursor, limit, pages: 1 });
      return { rows: result.data.map((u) => u.row as Record<string, unknown>), cursor: result.cursor };
    },
  };
}
