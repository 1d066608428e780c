import { failedIndex, isConditionFailure, transactionError, writeTransaction } from '../lib/ddb/transactions';
import {
  LuckyBalanceEntity,
  LuckyGrantEntity,
  LuckyNumberEntity,
  LuckyPoolEntity,
  LuckySlotEntity,
  loyaltyService,
  type LuckyGrantItem,
  type LuckyNumberItem,
} from './lucky.entities';

export interface LuckyPool {
  size: number;
  issued: number;
  head: string;
  missing: number;
  exhaustedAt?: string | undefined;
}

export interface LuckyGrant {
  customer: number;
  earned: number;
  issued: number;
  missing: number;
}

/** One transaction of numbers: k consecutive steps of the shuffle from pool state (issued, head). */
export interface IssueStep {
  campaign: number;
  basket: number;
  /** The pool as read: the transaction holds only if nobody moved it since. */
  issued: number;
  head: string;
  /** The grant's issued count as read. */
  grantIssued: number;
  /** The numbers, in sequence order (the last one's hash is the new head). */
  numbers: Omit<LuckyNumberItem, 'tenant' | 'campaign'>[];
  /** Slot changes: a value to put, null to delete. */
  writes: ReadonlyMap<number, number | null>;
}

export type IssueOutcome = 'issued' | 'moved' | 'granted';

const poolOf = (p: {
  size: number;
  issued: number;
  head: string;
  missing: number;
  exhaustedAt?: string;
}) => ({
  size: p.size,
  issued: p.issued,
  head: p.head,
  missing: p.missing,
  exhaustedAt: p.exhaustedAt,
});

/** The lucky-number items of one tenant (lucky.entities.ts). */
export function luckyRepository(tenant: string) {
  return {
    async pool(campaign: number): Promise<LuckyPool | undefined> {
      const { data } = await LuckyPoolEntity.get({ tenant, campaign }).go({ consistent: true });
      return data ? poolOf(data) : undefined;
    },

    /** Pools of several campaigns (list progress); one BatchGet per 100. */
    async pools(campaigns: readonly number[]): Promise<Map<number, LuckyPool>> {
      if (campaigns.length === 0) return new Map();
      const { data } = await LuckyPoolEntity.get(campaigns.map((campaign) => ({ tenant, campaign }))).go();
      return new Map(data.map((p) => [p.campaign, poolOf(p)]));
    },

    /** Creates the pool once (a second call changes nothing). */
    async createPool(campaign: number, size: number, head: string): Promise<void> {
      try {
        await LuckyPoolEntity.create({ tenant, campaign, size, issued: 0, head, missing: 0 }).go();
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /** Sets the size (series_quantity changed); conditioned so that it never drops below what was issued. */
    async resizePool(campaign: number, size: number): Promise<boolean> {
      try {
        await LuckyPoolEntity.patch({ tenant, campaign })
          .set({ size })
          .where((a, { lte }) => lte(a.issued, size))
          .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** slot[r] and slot[n] (one BatchGet). */
    async slots(campaign: number, positions: readonly number[]): Promise<Map<number, number>> {
      const unique = [...new Set(positions)];
      const { data, unprocessed } = await LuckySlotEntity.get(
        unique.map((pos) => ({ tenant, campaign, pos })),
      ).go();
      if (unprocessed.length > 0) throw new Error('lucky slots unprocessed');
      return new Map(data.map((s) => [s.pos, s.value]));
    },

    /**
     * Up to 25 numbers, atomically: the pool moves from `issued` to `issued + k` with the new chain
     * head (condition: still at `issued`), the shuffle's slots change, the numbers are created
     * (condition: new — never two customers with one number) and the grant counts them
     * (condition: still at `grantIssued`, so a redelivered purchase issuing at the same time cannot
     * over-issue). 'moved': the pool moved under us (another issuer), read it again; 'granted':
     * the grant moved (another delivery of the same purchase), read it again.
     */
    async issue(step: IssueStep): Promise<IssueOutcome> {
      const { campaign, basket, numbers } = step;
      const last = numbers[numbers.length - 1]!;
      const result = await writeTransaction(
        () =>
          loyaltyService.transaction
            .write((t) => [
              t.luckyPool
                .patch({ tenant, campaign })
                .set({ issued: step.issued + numbers.length, head: last.hash })
                .where((a, { eq }) => `${eq(a.issued, step.issued)} AND ${eq(a.head, step.head)}`)
                .commit(),
              t.luckyGrant
                .patch({ tenant, campaign, basket })
                .set({ issued: step.grantIssued + numbers.length })
                .where((a, { eq }) => eq(a.issued, step.grantIssued))
                .commit(),
              ...(numbers.map((number) =>
                t.luckyNumber.create({ tenant, campaign, ...number }).commit(),
              ) as never[]),
              ...([...step.writes].map(([pos, value]) =>
                value === null
                  ? t.luckySlot.delete({ tenant, campaign, pos }).commit()
                  : t.luckySlot.put({ tenant, campaign, pos, value }).commit(),
              ) as never[]),
            ])
            .go(),
        { attempts: 1 },
      );
      if (!result.canceled) return 'issued';
      const failed = failedIndex(result);
      if (failed === 1) return 'granted';
      // The pool moved, or a transaction conflict on it: read it again and take the next step.
      if (failed === 0 || result.data.some((op) => op.code === 'TransactionConflict')) return 'moved';
      throw transactionError(result);
    },

    async grant(campaign: number, basket: number): Promise<LuckyGrant | undefined> {
      const { data } = await LuckyGrantEntity.get({ tenant, campaign, basket }).go({ consistent: true });
      return data ? grantOf(data) : undefined;
    },

    /**
     * Records what a purchase earns, once: the grant is created (condition: new) with, when the
     * campaign accumulates, the customer's carried centavos moved from `carried` to `carry`
     * (condition: unchanged). Answers 'created', 'exists' (this purchase was granted before) or
     * 'retry' (the balance moved under us).
     */
    async createGrant(
      campaign: number,
      basket: number,
      grant: { customer: number; earned: number; at: string },
      balance?: { carried: number; carry: number; existed: boolean },
    ): Promise<'created' | 'exists' | 'retry'> {
      const result = await writeTransaction(() =>
        loyaltyService.transaction
          .write((t) => [
            t.luckyGrant
              .create({
                tenant,
                campaign,
                basket,
                customer: grant.customer,
                earned: grant.earned,
                issued: 0,
                missing: 0,
                createdAt: grant.at,
              })
              .commit(),
            ...((balance
              ? [
                  balance.existed
                    ? t.luckyBalance
                        .patch({ tenant, campaign, customer: grant.customer })
                        .set({ carry: balance.carry })
                        .where((a, { eq }) => eq(a.carry, balance.carried))
                        .commit()
                    : t.luckyBalance
                        .create({ tenant, campaign, customer: grant.customer, carry: balance.carry })
                        .commit(),
                ]
              : []) as never[]),
          ])
          .go(),
      );
      if (!result.canceled) return 'created';
      const failed = failedIndex(result);
      if (failed === 0) return 'exists';
      if (failed === 1) return 'retry';
      throw transactionError(result);
    },

    async balance(campaign: number, customer: number): Promise<{ carry: number } | undefined> {
      const { data } = await LuckyBalanceEntity.get({ tenant, campaign, customer }).go({ consistent: true });
      return data ? { carry: data.carry } : undefined;
    },

    /** The space ran out: the grant records what it could not receive, the pool sums it (once per grant). */
    async markMissing(campaign: number, basket: number, missing: number, at: string): Promise<void> {
      const result = await writeTransaction(() =>
        loyaltyService.transaction
          .write((t) => [
            t.luckyGrant
              .patch({ tenant, campaign, basket })
              .set({ missing })
              .where((a, { eq }) => eq(a.missing, 0))
              .commit(),
            t.luckyPool.patch({ tenant, campaign }).add({ missing }).set({ exhaustedAt: at }).commit(),
          ])
          .go(),
      );
      if (result.canceled && failedIndex(result) !== 0) throw transactionError(result);
    },

    /** Issued numbers in sequence order (the audit walk, the export), a page at a time. */
    async bySeq(campaign: number, cursor: string | null, limit: number) {
      const page = await LuckyNumberEntity.query.bySeq({ tenant, campaign }).go({ cursor, limit, pages: 1 });
      return { rows: page.data, cursor: page.cursor };
    },

    /** The first issued number with value ≥ `from` and ≤ `to` (the draw), or undefined. */
    async firstFrom(campaign: number, from: number, to: number): Promise<LuckyNumberItem | undefined> {
      if (from > to) return undefined;
      const page = await LuckyNumberEntity.query
        .byValue({ tenant, campaign })
        .between({ value: from }, { value: to })
        .go({ limit: 1, pages: 1 });
      return page.data[0];
    },

    /** Issued numbers with sequence above `after`, in sequence order (the screen's pages). */
    async afterSeq(campaign: number, after: number, limit: number) {
      const page = await LuckyNumberEntity.query
        .bySeq({ tenant, campaign })
        .gt({ seq: after })
        .go({ limit, pages: 1 });
      return page.data;
    },

    /** A customer's numbers (every campaign, or one). */
    async ofCustomer(customer: number, campaign?: number, limit = 1000): Promise<LuckyNumberItem[]> {
      const query = LuckyNumberEntity.query.byCustomer({
        tenant,
        customer,
        ...(campaign ? { campaign } : {}),
      });
      const page = await query.go({ limit, pages: 1 });
      return page.data;
    },

    /** The numbers a purchase received in a campaign. */
    async ofBasket(campaign: number, customer: number, basket: number): Promise<LuckyNumberItem[]> {
      return (await this.ofCustomer(customer, campaign, 5000)).filter((n) => n.basket === basket);
    },
  };
}

const grantOf = (g: LuckyGrantItem): LuckyGrant => ({
  customer: g.customer,
  earned: g.earned,
  issued: g.issued,
  missing: g.missing,
});
