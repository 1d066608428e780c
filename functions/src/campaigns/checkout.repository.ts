import { batchGetEntities } from '../lib/ddb/batch';
import { failedIndex, transactionError, writeTransaction } from '../lib/ddb/transactions';
import {
  CampaignBudgetEntity,
  CampaignUsageEntity,
  CheckoutSessionEntity,
  campaignsService,
  type CheckoutSessionItem,
} from './campaigns.entities';
import { BUDGET_SHARDS, emptyCounters, type BudgetCounters, type ShardPiece } from './budget-shards.model';

/**
 * A hold on a budget: what one checkout session took from a campaign (code null: the campaign),
 * and on which shards (`budget-shards.model.ts`); without `pieces`, a hold made before budgets
 * were split, on the budget's original item.
 */
export interface Reservation {
  campaign: number;
  code: string | null;
  cents: number;
  units: number;
  pieces?: ShardPiece[];
}

/**
 * One write of a budget counter in a reservation: `shard` null is the original (legacy) item.
 * A rise is conditioned on the counter staying within `max` (its shard's capacity).
 */
export interface BudgetMove {
  campaign: number;
  code: string | null;
  shard: number | null;
  cents: number;
  units: number;
  max?: { cents: number; units: number };
}

/** What a session granted on a line for one campaign (an export row once settled). */
export interface Grant {
  campaign: number;
  sequence: number;
  code: string;
  quantity: number;
  price_cents: number;
  amount_cents: number;
  discount_cents: number;
}

/** One use of a per-customer limit held by a session (one per purchase, whatever its lines). */
export interface CustomerHold {
  campaign: number;
  customer: number;
}

export interface CheckoutSession {
  session: string;
  id_store: number;
  checkout: string;
  coupon: string;
  operator: string;
  id_customer: number | null;
  reservations: Reservation[];
  granted: Grant[];
  customer_holds: CustomerHold[];
  voucher_campaigns: number[];
  status: 'open' | 'settled' | 'released';
  version: number;
  created_at: string;
  /** When an open hold is released (epoch seconds). */
  expires_at: number;
}

/** A budget bound: the limit of one (campaign, code) in centavos and units (Infinity = none). */
export interface BudgetLimit {
  campaign: number;
  code: string | null;
  cents: number;
  units: number;
}

/** The budget item's code for a campaign-wide budget. */
const WHOLE = '*';
const codeKey = (code: string | null) => code ?? WHOLE;
/** The item of a budget counter: the original item (shard null) or one of its shards. */
export const counterCode = (code: string | null, shard: number | null) =>
  shard === null ? codeKey(code) : `${codeKey(code)}#${shard}`;

export const toSession = (item: CheckoutSessionItem): CheckoutSession => ({
  session: item.session,
  id_store: item.id_store,
  checkout: item.checkout,
  coupon: item.coupon,
  operator: item.operator ?? '',
  id_customer: item.id_customer ?? null,
  reservations: (item.reservations ?? []) as Reservation[],
  granted: (item.granted ?? []) as Grant[],
  customer_holds: (item.customer_holds ?? []) as CustomerHold[],
  voucher_campaigns: (item.voucher_campaigns ?? []) as number[],
  status: item.status,
  version: item.version,
  created_at: item.createdAt,
  expires_at: item.expiresAt ?? 0,
});

/** The counter item of a customer's uses of a campaign (per-customer limits). */
export const customerCode = (customer: number) => `cust:${customer}`;

/**
 * A change of a customer's held uses: +1 is conditioned on staying within the campaign's limit,
 * so parallel checkouts (or two lanes) of one customer never take more uses than the limit.
 */
export interface CustomerMove {
  campaign: number;
  customer: number;
  delta: 1 | -1;
  limit: number;
}

/** What giving a session's customer holds back writes. */
export const customerHoldsBack = (holds: readonly CustomerHold[]): CustomerMove[] =>
  holds.map((h) => ({ ...h, delta: -1, limit: Infinity }));

/** What giving a session's holds back writes: minus each piece on its shard (legacy holds on the original item). */
export function givenBack(reservations: readonly Reservation[]): BudgetMove[] {
  return reservations
    .flatMap((r): BudgetMove[] =>
      r.pieces
        ? r.pieces.map((p) => ({
            campaign: r.campaign,
            code: r.code,
            shard: p.shard,
            cents: -p.cents,
            units: -p.units,
          }))
        : [{ campaign: r.campaign, code: r.code, shard: null, cents: -r.cents, units: -r.units }],
    )
    .filter((m) => m.cents !== 0 || m.units !== 0);
}

/** The outcome of a reservation attempt: a budget that another checkout took first fails it. */
export type ReserveOutcome = { ok: true } | { ok: false; reason: 'budget' | 'session' | 'conflict' };

/**
 * The point of sale's reads and writes of one tenant: a session, the budget counters, a hold and a
 * customer's uses. Settling, releasing and the export's usage rows are `settlement.repository.ts`,
 * so the checkout function does not carry them.
 */
export function checkoutRepository(tenant: string) {
  return {
    async session(session: string): Promise<CheckoutSession | undefined> {
      const { data } = await CheckoutSessionEntity.get({ tenant, session }).go();
      return data ? toSession(data) : undefined;
    },

    /**
     * The counters of each budget, keyed `${campaign}:${code ?? '*'}`: its original item and its
     * shards, in one BatchGet (up to 20 budgets a request).
     */
    async counters(
      keys: readonly { campaign: number; code: string | null }[],
    ): Promise<Map<string, BudgetCounters>> {
      const answer = new Map<string, BudgetCounters>();
      if (keys.length === 0) return answer;
      const shards = [null, ...Array.from({ length: BUDGET_SHARDS }, (_, i) => i)];
      const items = keys.flatMap((k) =>
        shards.map((shard) => ({ tenant, campaign: k.campaign, code: counterCode(k.code, shard) })),
      );
      const data = await batchGetEntities(
        (pending) => CampaignBudgetEntity.get(pending).go({ concurrency: 4 }),
        items,
        { what: 'campaign budgets' },
      );
      for (const k of keys) answer.set(`${k.campaign}:${codeKey(k.code)}`, emptyCounters());
      for (const item of data) {
        const [code, shard] = item.code.split('#') as [string, string | undefined];
        const counters = answer.get(`${item.campaign}:${code}`);
        if (!counters) continue;
        const used = { cents: item.used_cents, units: item.used_units };
        if (shard === undefined) counters.legacy = used;
        else counters.shards[Number(shard)] = used;
      }
      return answer;
    },

    /**
     * Replaces a session's reservations and grants in one transaction: each budget counter moves
     * as `moves` says (the new hold less the old one, shard by shard), and a rise is conditioned
     * on staying within that counter's capacity, so concurrent checkouts can never take more than
     * a budget holds; the session itself is conditioned on the version read (a concurrent call of
     * the same session fails and is retried). Conflicts that outlast the retries answer
     * 'conflict' (read again and retry), not an error.
     */
    async reserve(
      next: Omit<CheckoutSession, 'version' | 'created_at' | 'status' | 'expires_at'>,
      previous: CheckoutSession | undefined,
      budgetMoves: readonly BudgetMove[],
      at: string,
      expiresAt: number,
      customerMoves: readonly CustomerMove[] = [],
    ): Promise<ReserveOutcome> {
      const moves = budgetMoves.filter((d) => d.cents !== 0 || d.units !== 0);
      const result = await writeTransaction(() =>
        campaignsService.transaction
          .write(
            (t) =>
              [
                ...moves.map((d) => {
                  const update = t.campaignBudget
                    .upsert({ tenant, campaign: d.campaign, code: counterCode(d.code, d.shard) })
                    .add({ used_cents: d.cents, used_units: d.units });
                  const max = d.max;
                  if (!max || (d.cents <= 0 && d.units <= 0)) return update.commit();
                  return update
                    .where((a, { lte, notExists }) => {
                      const checks: string[] = [];
                      if (Number.isFinite(max.cents) && d.cents > 0)
                        checks.push(
                          `(${notExists(a.used_cents)} OR ${lte(a.used_cents, max.cents - d.cents)})`,
                        );
                      if (Number.isFinite(max.units) && d.units > 0)
                        checks.push(
                          `(${notExists(a.used_units)} OR ${lte(a.used_units, max.units - d.units)})`,
                        );
                      return checks.join(' AND ');
                    })
                    .commit();
                }),
                previous
                  ? t.checkoutSession
                      .patch({ tenant, session: next.session })
                      .set({
                        id_store: next.id_store,
                        checkout: next.checkout,
                        coupon: next.coupon,
                        operator: next.operator,
                        reservations: next.reservations,
                        granted: next.granted,
                        customer_holds: next.customer_holds,
                        voucher_campaigns: next.voucher_campaigns,
                        status: 'open',
                        version: previous.version + 1,
                        updatedAt: at,
                        expiresAt,
                        ...(next.id_customer ? { id_customer: next.id_customer } : {}),
                      })
                      .where((a, { eq }) => `${eq(a.version, previous.version)} AND ${eq(a.status, 'open')}`)
                      .commit()
                  : t.checkoutSession
                      .create({
                        tenant,
                        ...next,
                        id_customer: next.id_customer ?? undefined,
                        status: 'open',
                        version: 1,
                        createdAt: at,
                        updatedAt: at,
                        expiresAt,
                      })
                      .commit(),
                ...customerMoves.map((m) => {
                  const update = t.campaignBudget
                    .upsert({ tenant, campaign: m.campaign, code: customerCode(m.customer) })
                    .add({ used_cents: 0, used_units: m.delta });
                  if (m.delta < 0 || !Number.isFinite(m.limit)) return update.commit();
                  return update
                    .where(
                      (a, { lte, notExists }) =>
                        `(${notExists(a.used_units)} OR ${lte(a.used_units, m.limit - 1)})`,
                    )
                    .commit();
                }),
              ] as never[],
          )
          .go(),
      );
      if (!result.canceled) return { ok: true };
      const failed = failedIndex(result);
      if (failed < 0) {
        if (result.data.some((op) => op.code === 'TransactionConflict'))
          return { ok: false, reason: 'conflict' };
        throw transactionError(result);
      }
      return { ok: false, reason: failed === moves.length ? 'session' : 'budget' };
    },

    /** The uses of each campaign held or settled for a customer (the per-customer limit counters; one BatchGet). */
    async customerHolds(campaigns: readonly number[], idCustomer: number): Promise<Record<number, number>> {
      const answer: Record<number, number> = {};
      if (campaigns.length === 0) return answer;
      const data = await batchGetEntities(
        (pending) => CampaignBudgetEntity.get(pending).go({ concurrency: 4 }),
        campaigns.map((campaign) => ({ tenant, campaign, code: customerCode(idCustomer) })),
        { what: 'customer limits' },
      );
      for (const item of data) answer[item.campaign] = item.used_units;
      return answer;
    },

    /** Purchases in which a customer benefited from each campaign (per-customer limits). */
    async customerUses(campaigns: readonly number[], idCustomer: number): Promise<Record<number, number>> {
      const answer: Record<number, number> = {};
      await Promise.all(
        campaigns.map(async (campaign) => {
          const { data } = await CampaignUsageEntity.query
            .byCustomer({ tenant, campaign, id_customer: idCustomer })
            .go({ pages: 'all', attributes: ['id_basket'] });
          answer[campaign] = new Set(data.map((d) => d.id_basket)).size;
        }),
      );
      return answer;
    },
  };
}
