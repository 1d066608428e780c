import type { EntityItem } from 'electrodb';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { isConditionFailure, writeTransaction } from '../lib/ddb/transactions';
import { batchGetEntities } from '../lib/ddb/batch';
import {
  ActionMarkEntity,
  communicationsService,
  DeliveryEntity,
  PROVIDER_MESSAGE_DAYS,
  ProviderMessageEntity,
  SendRunEntity,
  SuppressionEntity,
} from './communications.entities';

export type SendRun = EntityItem<typeof SendRunEntity>;
export type Delivery = EntityItem<typeof DeliveryEntity>;
export type ProviderMessage = EntityItem<typeof ProviderMessageEntity>;
export type RunStatus = SendRun['status'];

/** A recipient of a batch: who, where, and what the template variables need. */
export interface Recipient {
  /** 'c{id}' for a customer, the address for an explicit list. */
  key: string;
  id_customer?: number;
  address: string;
  name: string;
  document?: string;
  cellphone?: string;
  /** The customer's favourite store's name (`{{loja}}`). */
  store?: string;
}

/** The outcome of claiming a recipient in the ledger. */
export type Claim = 'claimed' | 'done' | 'busy';

const actionCounter = (campaign: number, action: string) => `comm:${campaign}:${action}`;

/**
 * The send a provider's message id belongs to (the lookup written by `complete`). The one read not
 * bound to a tenant: a delivery report names no tenant, this answers which one it is.
 */
export async function findProviderMessage(
  provider: string,
  messageId: string,
): Promise<ProviderMessage | undefined> {
  const { data } = await ProviderMessageEntity.get({ provider, message_id: messageId }).go();
  // TTL deletion is lazy: an expired item is gone for us.
  return data && data.expiresAt * 1000 > Date.now() ? data : undefined;
}

/** Runs, ledger, action marks, suppression list and action counters of one tenant. */
export function sendingRepository(tenant: string) {
  return {
    async run(campaign: number, run: string): Promise<SendRun | undefined> {
      const { data } = await SendRunEntity.get({ tenant, campaign, run }).go();
      return data ?? undefined;
    },

    /** The newest run of a campaign (runs sort by key: 'once' after dated ones, so both are read). */
    async latestRun(campaign: number): Promise<SendRun | undefined> {
      const { data } = await SendRunEntity.query.byRun({ tenant, campaign }).go({ pages: 'all' });
      return data.sort((a, b) => a.started_at.localeCompare(b.started_at)).at(-1);
    },

    /** Every run of a campaign (one Query of its partition's run items). */
    async runs(campaign: number): Promise<SendRun[]> {
      const { data } = await SendRunEntity.query.byRun({ tenant, campaign }).go({ pages: 'all' });
      return data;
    },

    /** Creates a run unless it exists (a redelivered 'fire' creates nothing). Answers whether it created it. */
    async createRun(input: {
      campaign: number;
      run: string;
      channel: string;
      cursor: string;
      at: string;
      unit_price?: number;
    }): Promise<boolean> {
      try {
        await SendRunEntity.create({
          tenant,
          campaign: input.campaign,
          run: input.run,
          channel: input.channel,
          status: 'PLANNING',
          cursor: input.cursor,
          started_at: input.at,
          ...(input.unit_price !== undefined ? { unit_price: input.unit_price } : {}),
        }).go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /**
     * Takes the run's current planner step for one plan message, so that a copy of the message
     * (SQS delivers at least once) does not plan the same page again while it is being planned.
     * A step whose taker died is taken again once `leaseMs` has passed. When it is not taken, the
     * run as the refused write found it comes with the answer (no second read).
     */
    async takeStep(
      current: SendRun,
      now: number,
      leaseMs: number,
    ): Promise<{ taken: true } | { taken: false; found: SendRun | null }> {
      const result = await SendRunEntity.patch({ tenant, campaign: current.campaign, run: current.run })
        .set({ step_taken_at: now })
        .where(
          (a, { eq, notExists, lt }) =>
            `${eq(a.step, current.step)} AND ${eq(a.status, 'PLANNING')} AND (${notExists(a.step_taken_at)} OR ${lt(a.step_taken_at, now - leaseMs)})`,
        )
        .go({ returnOnConditionCheckFailure: 'all_old' });
      return result.rejected ? { taken: false, found: result.data } : { taken: true };
    },

    /** Gives a planner step back, only if it is still the one this taker took at `takenAt`. */
    async releaseStep(current: SendRun, takenAt: number): Promise<void> {
      try {
        await SendRunEntity.patch({ tenant, campaign: current.campaign, run: current.run })
          .remove(['step_taken_at'])
          .where((a, { eq }) => `${eq(a.step, current.step)} AND ${eq(a.step_taken_at, takenAt)}`)
          .go();
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /**
     * Moves the planner forward one step: to the next cursor, adding what it planned and skipped.
     * Conditioned on the step read (a duplicate plan message changes nothing) and on the run still
     * planning. Answers whether it moved.
     */
    async advance(
      current: SendRun,
      next: { cursor: string | null; planned: number; skipped: number },
    ): Promise<boolean> {
      try {
        await SendRunEntity.patch({ tenant, campaign: current.campaign, run: current.run })
          .add({ planned: next.planned, skipped: next.skipped, version: 1, step: 1 })
          .set(next.cursor === null ? { planning_done: true, status: 'SENDING' } : { cursor: next.cursor })
          .remove(next.cursor === null ? ['cursor', 'step_taken_at'] : ['step_taken_at'])
          .where((a, { eq }) => `${eq(a.step, current.step)} AND ${eq(a.status, 'PLANNING')}`)
          .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Sets a run's status if it is one of `from`. Answers whether it changed. */
    async setStatus(
      current: SendRun,
      status: RunStatus,
      from: readonly RunStatus[],
      extra: { finished_at?: string; canceled_by?: string } = {},
    ): Promise<boolean> {
      try {
        await SendRunEntity.patch({ tenant, campaign: current.campaign, run: current.run })
          .set({ status, ...extra })
          .add({ version: 1 })
          .where((a, { eq }) => from.map((s) => eq(a.status, s)).join(' OR '))
          .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /**
     * Claims a recipient before the provider call: a new entry, or one whose claim is older than
     * `leaseMs` (its sender died between claim and completion). 'done' when it was sent, failed
     * for good or canceled already; 'busy' when another sender holds a fresh claim. One request
     * when the entry is new, done or busy (a refused write answers with the entry it found); two
     * when a stale claim is taken over.
     */
    async claim(campaign: number, run: string, r: Recipient, now: number, leaseMs: number): Promise<Claim> {
      const created = await DeliveryEntity.create({
        tenant,
        campaign,
        run,
        recipient: r.key,
        address: r.address,
        status: 'CLAIMED',
        claimed_at: now,
        ...(r.id_customer ? { id_customer: r.id_customer } : {}),
      }).go({
        returnOnConditionCheckFailure: 'all_old',
      });
      if (!created.rejected) return 'claimed';
      const found = created.data;
      // (No entry after a refused create cannot happen; it is looked at again rather than taken as done.)
      if (!found) return 'busy';
      if (found.status !== 'CLAIMED') return 'done';
      if (found.claimed_at >= now - leaseMs) return 'busy';
      const taken = await DeliveryEntity.patch({ tenant, campaign, run, recipient: r.key })
        .set({ claimed_at: now })
        .add({ attempts: 1 })
        .where((a, { eq, lt }) => `${eq(a.status, 'CLAIMED')} AND ${lt(a.claimed_at, now - leaseMs)}`)
        .go({ returnOnConditionCheckFailure: 'all_old' });
      if (!taken.rejected) return 'claimed';
      return taken.data?.status === 'CLAIMED' ? 'busy' : 'done';
    },

    /**
     * Completes a claimed entry and moves the run's counter in one transaction, conditioned on
     * the entry still being claimed: an outcome is counted once whatever is redelivered.
     */
    async complete(
      campaign: number,
      run: string,
      recipient: string,
      outcome: { status: 'SENT' | 'FAILED' | 'CANCELED'; provider_id?: string; error?: string; at: string },
      /** The analytics action the outcome counts as (e-mail 'sent' / 'dropped', SMS 'SENT' / 'REJECTED', push 'sent' / 'failed'). */
      action?: string,
      /**
       * Where the provider's delivery reports name only its message id: the lookup to the send
       * (push, WhatsApp); `ids`, every message id of a send of several messages (a WhatsApp flow).
       */
      lookup?: { provider: string; id_customer?: number; ids?: readonly string[] },
    ): Promise<boolean> {
      const counter =
        outcome.status === 'SENT' ? 'sent' : outcome.status === 'FAILED' ? 'failed' : 'canceled';
      const expiresAt = Math.floor(Date.parse(outcome.at) / 1000) + PROVIDER_MESSAGE_DAYS * 86_400;
      const result = await writeTransaction(() =>
        communicationsService.transaction
          .write(
            (t) =>
              [
                t.delivery
                  .patch({ tenant, campaign, run, recipient })
                  .set({
                    status: outcome.status,
                    sent_at: outcome.at,
                    ...(outcome.provider_id ? { provider_id: outcome.provider_id } : {}),
                    ...(outcome.error ? { error: outcome.error.slice(0, 500) } : {}),
                  })
                  .where((a, { eq }) => eq(a.status, 'CLAIMED'))
                  .commit(),
                t.sendRun
                  .patch({ tenant, campaign, run })
                  .add({ [counter]: 1 })
                  .commit(),
                ...(action
                  ? [
                      t.counter
                        .upsert({ tenant, name: actionCounter(campaign, action) })
                        .add({ value: 1 })
                        .commit(),
                    ]
                  : []),
                ...(lookup && outcome.provider_id
                  ? [...new Set([outcome.provider_id, ...(lookup.ids ?? [])])].slice(0, 90).map((messageId) =>
                      t.providerMessage
                        .put({
                          provider: lookup.provider,
                          message_id: messageId,
                          tenant,
                          campaign,
                          run,
                          recipient,
                          expiresAt,
                          ...(lookup.id_customer ? { id_customer: lookup.id_customer } : {}),
                        })
                        .commit(),
                    )
                  : []),
              ] as never[],
          )
          .go(),
      );
      return !result.canceled;
    },

    /**
     * Gives a claim back (the next look takes it at once), only if it is still the caller's: the
     * claim it made at `claimedAt`. A claim another sender took over after the lease is left alone.
     */
    async releaseClaim(campaign: number, run: string, recipient: string, claimedAt: number): Promise<void> {
      try {
        await DeliveryEntity.patch({ tenant, campaign, run, recipient })
          .set({ claimed_at: 0 })
          .where((a, { eq }) => `${eq(a.status, 'CLAIMED')} AND ${eq(a.claimed_at, claimedAt)}`)
          .go();
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    async delivery(campaign: number, run: string, recipient: string): Promise<Delivery | undefined> {
      const { data } = await DeliveryEntity.get({ tenant, campaign, run, recipient }).go();
      return data ?? undefined;
    },

    /**
     * Which of these recipients are settled (sent, failed or canceled): one BatchGet per 100. A
     * batch parked again drops them, so copies of a parked batch (a queue's duplicate delivery)
     * end once their recipients are done instead of parking each other forever.
     */
    async settled(campaign: number, run: string, recipients: readonly string[]): Promise<Set<string>> {
      const done = new Set<string>();
      for (let i = 0; i < recipients.length; i += 100) {
        const { data } = await DeliveryEntity.get(
          recipients.slice(i, i + 100).map((recipient) => ({ tenant, campaign, run, recipient })),
        ).go();
        for (const d of data) if (d.status !== 'CLAIMED') done.add(d.recipient);
      }
      return done;
    },

    /** A page of a campaign's ledger, every run in order (the WhatsApp details export). */
    async deliveriesPage(
      campaign: number,
      cursor: string | null,
      limit: number,
    ): Promise<{ data: Delivery[]; cursor: string | null }> {
      const page = await DeliveryEntity.query.byRecipient({ tenant, campaign }).go({ cursor, limit });
      return { data: page.data, cursor: page.cursor ?? null };
    },

    /** When each of these recipients got each action (marks of a campaign; BatchGets of 100). */
    async marksOf(
      campaign: number,
      actions: readonly string[],
      recipients: readonly string[],
    ): Promise<Map<string, Map<string, string>>> {
      const keys = recipients.flatMap((recipient) =>
        actions.map((action) => ({ tenant, campaign, action, recipient })),
      );
      const found = new Map<string, Map<string, string>>();
      for (let i = 0; i < keys.length; i += 100) {
        const { data } = await ActionMarkEntity.get(keys.slice(i, i + 100)).go();
        for (const m of data) {
          const of = found.get(m.recipient) ?? new Map<string, string>();
          of.set(m.action, m.at);
          found.set(m.recipient, of);
        }
      }
      return found;
    },

    /** Every ledger entry of a run (tests and audits; a Query of the campaign's partition). */
    async deliveries(campaign: number, run: string): Promise<Delivery[]> {
      const { data } = await DeliveryEntity.query.byRecipient({ tenant, campaign, run }).go({ pages: 'all' });
      return data;
    },

    /**
     * Records an action of a recipient once (the mark is conditional): the campaign's counter for
     * that action moves with it. Answers whether it was new.
     */
    async mark(
      campaign: number,
      action: string,
      recipient: string,
      idCustomer: number | undefined,
      at: string,
    ): Promise<boolean> {
      const result = await writeTransaction(() =>
        communicationsService.transaction
          .write(
            (t) =>
              [
                t.actionMark
                  .create({
                    tenant,
                    campaign,
                    action,
                    recipient,
                    at,
                    ...(idCustomer ? { id_customer: idCustomer } : {}),
                  })
                  .commit(),
                t.counter
                  .upsert({ tenant, name: actionCounter(campaign, action) })
                  .add({ value: 1 })
                  .commit(),
              ] as never[],
          )
          .go(),
      );
      return !result.canceled;
    },

    /** Customers behind some actions of a campaign (distinct ids). */
    async customersWith(campaign: number, actions: readonly string[]): Promise<number[]> {
      const ids = new Set<number>();
      for (const action of actions) {
        const { data } = await ActionMarkEntity.query
          .byAction({ tenant, campaign, action })
          .go({ pages: 'all', attributes: ['id_customer'] });
        for (const m of data) if (m.id_customer) ids.add(m.id_customer);
      }
      return [...ids];
    },

    /** Action counts of a campaign (from its counters). */
    async actionCounts(campaign: number): Promise<Map<string, number>> {
      const prefix = actionCounter(campaign, '');
      const { data } = await CounterEntity.query
        .byName({ tenant })
        .begins({ name: prefix })
        .go({ pages: 'all' });
      return new Map(data.map((c) => [c.name.slice(prefix.length), c.value]));
    },

    async suppressed(channel: string, addresses: readonly string[]): Promise<Set<string>> {
      if (addresses.length === 0) return new Set();
      const keys = [...new Set(addresses)].map((address) => ({ tenant, channel, address }));
      const data = await batchGetEntities(
        (pending) => SuppressionEntity.get(pending).go({ concurrency: 4 }),
        keys,
        { what: 'suppression list' },
      );
      return new Set(data.map((s) => s.address));
    },

    async suppress(channel: string, address: string, reason: string, at: string): Promise<void> {
      await SuppressionEntity.put({ tenant, channel, address, reason, at }).go();
    },

    /**
     * Lifts an address's suppression only if it was put there for `reason` (an SMS opt-in lifts an
     * SMS opt-out, never a suppression for another reason); answers whether it did.
     */
    async unsuppress(channel: string, address: string, reason: string): Promise<boolean> {
      try {
        await SuppressionEntity.delete({ tenant, channel, address })
          .where((a, { eq }) => eq(a.reason, reason))
          .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}
