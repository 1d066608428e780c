import { countersFor } from '../lib/ddb/counters';
import { mapLimited } from '../lib/ddb/concurrency';
import { failedIndex, isConditionFailure, transactionError, writeTransaction } from '../lib/ddb/transactions';
import {
  GiftEntity,
  TicketBalanceEntity,
  TicketEntity,
  TicketGrantEntity,
  ticketsService,
  type GiftItem,
  type GrantItem,
} from './tickets.entities';

/** Ticket items written in the grant's own transaction (the marker and balance take 2). */
const TICKETS_IN_GRANT = 90;

export interface GrantInput {
  campaign: number;
  basket: number;
  customer: number;
  store: number;
  count: number;
  factor: number;
  /** The balance read (null: no balance kept for this campaign) and what it becomes. */
  balance: { version: number; carryCents: number } | null;
  at: string;
}

export type GrantOutcome =
  { kind: 'granted'; firstId: number } | { kind: 'duplicate'; grant: GrantItem } | { kind: 'retry' };

/** Data access of ticket issuance and instant prizes for one tenant; no business rules. */
export function issuanceRepository(tenant: string) {
  const counters = countersFor(tenant);
  const ticketItem = (
    g: Pick<GrantInput, 'campaign' | 'basket' | 'customer' | 'store' | 'at'>,
    id: number,
  ) => ({
    tenant,
    campaign: g.campaign,
    id,
    id_customer: g.customer,
    id_basket: g.basket,
    id_store: g.store,
    status: 'CREATED' as const,
    reprint: false,
    createdAt: g.at,
  });

  return {
    /** A store's prizes of a campaign not yet won and released at or before `instant` (earliest first). */
    async openGifts(campaign: number, store: number, instant: string, limit: number): Promise<GiftItem[]> {
      const found: GiftItem[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: GiftItem[]; cursor: string | null } = await GiftEntity.query
          .byStore({ tenant, campaign, id_store: store })
          .where((a, { notExists, lte }) => `${notExists(a.id_customer)} AND ${lte(a.available_at, instant)}`)
          .go({ cursor, pages: 1 });
        found.push(...page.data);
        cursor = page.cursor;
      } while (cursor && found.length < limit);
      return found.slice(0, limit);
    },

    /**
     * Gives a prize to a purchase: the prize (condition: nobody won it yet), the won-prize record
     * and the purchase's grant (condition: it won nothing yet) commit together. Answers whether
     * this purchase won it; false when someone else did first or this purchase already won one.
     */
    async claim(
      gift: GiftItem,
      grant: { campaign: number; basket: number; customer: number; description: string },
      at: string,
    ): Promise<'won' | 'taken' | 'already'> {
      try {
        const result = await writeTransaction(() =>
          ticketsService.transaction
            .write((t) => [
              t.gift
                .patch({
                  tenant,
                  campaign: gift.campaign,
                  id_store: gift.id_store,
                  available_at: gift.available_at,
                  id: gift.id,
                })
                .set({ id_customer: grant.customer, id_basket: grant.basket, won_at: at })
                .where((a, { notExists }) => notExists(a.id_customer))
                .commit(),
              t.grant
                .patch({ tenant, campaign: grant.campaign, id_basket: grant.basket })
                .set({ prize: gift.id })
                .where((a, { notExists }) => notExists(a.prize))
                .commit(),
              t.wonPrize
                .create({
                  tenant,
                  id: gift.id,
                  campaign: grant.campaign,
                  campaign_description: grant.description,
                  id_customer: grant.customer,
                  id_store: gift.id_store,
                  id_basket: grant.basket,
                  available_at: gift.available_at,
                  gift: gift.gift,
                  won_at: at,
                })
                .commit(),
            ])
            .go(),
        );
        if (!result.canceled) return 'won';
        const failed = failedIndex(result);
        if (failed === 0 || failed === 2) return 'taken';
        if (failed === 1) return 'already';
        throw transactionError(result);
      } catch (error) {
        if (isConditionFailure(error)) return 'taken';
        throw error;
      }
    },

    // ------------------------------------------------------------------ issuance

    async grant(campaign: number, basket: number): Promise<GrantItem | undefined> {
      const { data } = await TicketGrantEntity.get({ tenant, campaign, id_basket: basket }).go();
      return data ?? undefined;
    },

    async balance(campaign: number, customer: number): Promise<{ version: number; carryCents: number }> {
      const { data } = await TicketBalanceEntity.get({ tenant, campaign, id_customer: customer }).go();
      return { version: data?.version ?? 0, carryCents: data?.carry_cents ?? 0 };
    },

    /** Reserves `count` consecutive ticket numbers of a campaign (atomic ADD); answers the first. */
    async reserveTickets(campaign: number, count: number): Promise<number> {
      return counters.reserve(`ticket:${campaign}`, count);
    },

    /**
     * Issues a purchase's tickets in one campaign, numbered from `firstId` (reserved before): the
     * grant marker (condition: not there yet), the customer's balance
     * (condition: its version) and the first tickets commit together; the rest follow
     * (`completeGrant`). 'duplicate' when the purchase was already granted (the reserved numbers
     * stay unused: numbers never repeat, a racing redelivery may leave a gap); 'retry' when another
     * issuance moved the customer's balance first (read again and retry).
     */
    async writeGrant(input: GrantInput, firstId: number, carryCents: number | null): Promise<GrantOutcome> {
      const inline = Math.min(input.count, TICKETS_IN_GRANT);
      const result = await writeTransaction(() =>
        ticketsService.transaction
          .write((t) => [
            t.grant
              .create({
                tenant,
                campaign: input.campaign,
                id_basket: input.basket,
                id_customer: input.customer,
                id_store: input.store,
                first_id: firstId,
                count: input.count,
                factor: input.factor,
                complete: input.count <= TICKETS_IN_GRANT,
                createdAt: input.at,
              })
              .commit(),
            ...(input.balance && carryCents !== null
              ? [
                  input.balance.version === 0
                    ? t.balance
                        .put({
                          tenant,
                          campaign: input.campaign,
                          id_customer: input.customer,
                          carry_cents: carryCents,
                          version: 1,
                        })
                        .where((a, { notExists }) => notExists(a.version))
                        .commit()
                    : t.balance
                        .patch({ tenant, campaign: input.campaign, id_customer: input.customer })
                        .set({ carry_cents: carryCents, version: input.balance.version + 1 })
                        .where((a, { eq }) => eq(a.version, input.balance!.version))
                        .commit(),
                ]
              : []),
            ...(Array.from({ length: inline }, (_, i) =>
              t.ticket.create(ticketItem(input, firstId + i)).commit(),
            ) as never[]),
          ])
          .go(),
      );
      if (!result.canceled) return { kind: 'granted', firstId };
      const failed = failedIndex(result);
      if (failed === 0) {
        const grant = await this.grant(input.campaign, input.basket);
        if (grant) return { kind: 'duplicate', grant };
      }
      if (failed > 0) return { kind: 'retry' };
      throw transactionError(result);
    },

    /** Writes a grant's tickets beyond the first transaction (each only if missing), then marks it complete. */
    async completeGrant(
      grant: Pick<
        GrantItem,
        'campaign' | 'id_basket' | 'id_customer' | 'id_store' | 'first_id' | 'count' | 'createdAt'
      >,
    ): Promise<void> {
      const ids = Array.from(
        { length: Math.max(0, grant.count - TICKETS_IN_GRANT) },
        (_, i) => grant.first_id + TICKETS_IN_GRANT + i,
      );
      const base = {
        campaign: grant.campaign,
        basket: grant.id_basket,
        customer: grant.id_customer,
        store: grant.id_store,
        at: grant.createdAt,
      };
      await mapLimited(ids, 10, async (id) => {
        try {
          await TicketEntity.create(ticketItem(base, id)).go();
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
      });
      await TicketGrantEntity.patch({ tenant, campaign: grant.campaign, id_basket: grant.id_basket })
        .set({ complete: true })
        .go();
    },
  };
}

export type IssuanceRepository = ReturnType<typeof issuanceRepository>;
