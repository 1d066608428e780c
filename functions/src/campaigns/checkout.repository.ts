import { failedIndex, isConditionFailure, transactionError, writeTransaction } from '../lib/ddb/transactions';
import {
  CampaignBudgetEntity,
  CampaignUsageEntity,
  CheckoutSessionEntity,
  campaignsService,
  type CheckoutSessionItem,
} from './campaigns.entities';

/** A hold on a budget: what one checkout session took from a campaign (code null: the campaign). */
export interface Reservation {
  campaign: number;
  code: string | null;
  cents: number;
  units: number;
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

export interface CheckoutSession {
  session: string;
  id_store: number;
  checkout: string;
  coupon: string;
  operator: string;
  id_customer: number | null;
  reservations: Reservation[];
  granted: Grant[];
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

const toSession = (item: CheckoutSessionItem): CheckoutSession => ({
  session: item.session,
  id_store: item.id_store,
  checkout: item.checkout,
  coupon: item.coupon,
  operator: item.operator ?? '',
  id_customer: item.id_customer ?? null,
  reservations: (item.reservations ?? []) as Reservation[],
  granted: (item.granted ?? []) as Grant[],
  status: item.status,
  version: item.version,
  created_at: item.createdAt,
  expires_at: item.expiresAt ?? 0,
});

/** The outcome of a reservation attempt: a budget that another checkout took first fails it. */
export type ReserveOutcome = { ok: true } | { ok: false; reason: 'budget' | 'session' };

/** Checkout sessions, budgets and usage rows of one tenant. */
export function checkoutRepository(tenant: string) {
  return {
    async session(session: string): Promise<CheckoutSession | undefined> {
      const { data } = await CheckoutSessionEntity.get({ tenant, session }).go();
      return data ? toSession(data) : undefined;
    },

    /** The open session of a purchase (store + checkout + coupon), newest first. */
    async sessionsOfPurchase(idStore: number, checkout: string, coupon: string): Promise<CheckoutSession[]> {
      const { data } = await CheckoutSessionEntity.query.byCoupon({ tenant, id_store: idStore, checkout, coupon }).go({ pages: 'all' });
      return data.map(toSession);
    },

    /** Used budget per (campaign, code) key `${campaign}:${code ?? '*'}` (one BatchGet). */
    async used(keys: readonly { campaign: number; code: string | null }[]): Promise<Map<string, { cents: number; units: number }>> {
      const answer = new Map<string, { cents: number; units: number }>();
      if (keys.length === 0) return answer;
      const { data } = await CampaignBudgetEntity.get(keys.map((k) => ({ tenant, campaign: k.campaign, code: codeKey(k.code) }))).go({ concurrency: 4 });
      for (const item of data) answer.set(`${item.campaign}:${item.code === WHOLE ? '*' : item.code}`, { cents: item.used_cents, units: item.used_units });
      return answer;
    },

    /**
     * Replaces a session's reservations and grants in one transaction: each budget moves by the
     * difference between the new and the old hold, and a rise is conditioned on staying within its
     * limit, so concurrent checkouts can never take more than a budget holds; the session itself is
     * conditioned on the version read (a concurrent call of the same session fails and is retried).
     */
    async reserve(
      next: Omit<CheckoutSession, 'version' | 'created_at' | 'status' | 'expires_at'>,
      previous: CheckoutSession | undefined,
      limits: ReadonlyMap<string, BudgetLimit>,
      at: string,
      expiresAt: number,
    ): Promise<ReserveOutcome> {
      const deltas = new Map<string, Reservation>();
      const add = (r: Reservation, sign: 1 | -1) => {
        const key = `${r.campaign}:${codeKey(r.code)}`;
        const d = deltas.get(key) ?? { campaign: r.campaign, code: r.code, cents: 0, units: 0 };
        d.cents += sign * r.cents;
        d.units += sign * r.units;
        deltas.set(key, d);
      };
      for (const r of previous?.status === 'open' ? previous.reservations : []) add(r, -1);
      for (const r of next.reservations) add(r, 1);
      const moves = [...deltas.values()].filter((d) => d.cents !== 0 || d.units !== 0);
      const result = await writeTransaction(() =>
        campaignsService.transaction
          .write((t) => [
            ...moves.map((d) => {
              const limit = limits.get(`${d.campaign}:${codeKey(d.code)}`);
              const update = t.campaignBudget
                .upsert({ tenant, campaign: d.campaign, code: codeKey(d.code) })
                .add({ used_cents: d.cents, used_units: d.units });
              if (!limit || (d.cents <= 0 && d.units <= 0)) return update.commit();
              return update
                .where((a, { lte, notExists }) => {
                  const checks: string[] = [];
                  if (Number.isFinite(limit.cents) && d.cents > 0) checks.push(`(${notExists(a.used_cents)} OR ${lte(a.used_cents, limit.cents - d.cents)})`);
                  if (Number.isFinite(limit.units) && d.units > 0) checks.push(`(${notExists(a.used_units)} OR ${lte(a.used_units, limit.units - d.units)})`);
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
          ] as never[])
          .go(),
      );
      if (!result.canceled) return { ok: true };
      const failed = failedIndex(result);
      if (failed < 0) throw transactionError(result);
      return { ok: false, reason: failed === moves.length ? 'session' : 'budget' };
    },

    /**
     * Settles an open session for a stored purchase: the session becomes 'settled' (condition:
     * still open, so a redelivered record does nothing) and its grants become usage rows of the
     * purchase. Answers whether this call settled it.
     */
    async settle(current: CheckoutSession, idBasket: number, idCustomer: number | null, rows: { campaign: number; sequence: number; row: Record<string, unknown> }[], at: string): Promise<boolean> {
      const first = rows.slice(0, 90);
      try {
        const result = await writeTransaction(() =>
          campaignsService.transaction
            .write((t) => [
              t.checkoutSession
                .patch({ tenant, session: current.session })
                .set({ status: 'settled', updatedAt: at, expiresAt: current.expires_at })
                .where((a, { eq }) => eq(a.status, 'open'))
                .commit(),
              ...(first.map((r) =>
                t.campaignUsage
                  .put({ tenant, campaign: r.campaign, id_basket: idBasket, sequence: r.sequence, row: r.row, createdAt: at, id_customer: idCustomer ?? 0 })
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
      for (let i = 90; i < rows.length; i += 25) {
        await CampaignUsageEntity.put(
          rows.slice(i, i + 25).map((r) => ({ tenant, campaign: r.campaign, id_basket: idBasket, sequence: r.sequence, row: r.row, createdAt: at, id_customer: idCustomer ?? 0 })),
        ).go();
      }
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
            ...(current.reservations.map((r) =>
              t.campaignBudget.upsert({ tenant, campaign: r.campaign, code: codeKey(r.code) }).add({ used_cents: -r.cents, used_units: -r.units }).commit(),
            ) as never[]),
          ])
          .go(),
      );
      if (result.canceled && failedIndex(result) !== 0) throw transactionError(result);
      return !result.canceled;
    },

    /** Open sessions whose hold expired before `epochSeconds` (the sweep; index Query). */
    async expired(epochSeconds: number): Promise<CheckoutSession[]> {
      const { data } = await CheckoutSessionEntity.query.byStatus({ tenant, status: 'open' }).lt({ expiresAt: epochSeconds }).go({ pages: 'all' });
      return data.map(toSession);
    },

    /** One page of a campaign's usage rows (the discount export), in purchase then line order, and the next page's cursor. */
    async usagePage(campaign: number, cursor: string | null, limit: number): Promise<{ rows: Record<string, unknown>[]; cursor: string | null }> {
      const result = await CampaignUsageEntity.query.byCampaign({ tenant, campaign }).go({ cursor, limit, pages: 1 });
      return { rows: result.data.map((u) => u.row as Record<string, unknown>), cursor: result.cursor };
    },

    /** Purchases in which a customer benefited from each campaign (per-customer limits). */
    async customerUses(campaigns: readonly number[], idCustomer: number): Promise<Record<number, number>> {
      const answer: Record<number, number> = {};
      await Promise.all(
        campaigns.map(async (campaign) => {
          const { data } = await CampaignUsageEntity.query.byCustomer({ tenant, campaign, id_customer: idCustomer }).go({ pages: 'all', attributes: ['id_basket'] });
          answer[campaign] = new Set(data.map((d) => d.id_basket)).size;
        }),
      );
      return answer;
    },
  };
}
