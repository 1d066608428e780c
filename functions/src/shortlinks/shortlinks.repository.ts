import { failedIndex, isConditionFailure, transactionError, writeTransaction } from '../lib/ddb/transactions';
import { countersFor } from '../lib/ddb/counters';
import { conflict, notFound } from '../lib/errors';
import { SHORTLINK_MESSAGES } from '@freguesia/shared/domain/shortlink';
import {
  ShortLinkCountedEntity,
  ShortLinkDayEntity,
  ShortLinkEntity,
  shortLinksService,
  type ShortLinkRecord,
} from './entities';
import type { SecondVisits } from './visit-writes.model';

export type { ShortLinkRecord } from './entities';

/** What a save writes (the count is the consumer's). */
export interface ShortLinkFields {
  description: string;
  url: string;
  slug: string;
  active: boolean;
  validUntil?: string;
  expiresOn?: string;
  maxVisits?: number;
}

/** How long the ids of counted visits are kept against redeliveries (SQS keeps a message ≤ 14 days). */
const COUNTED_KEPT_SECONDS = 15 * 24 * 3600;

/**
 * The condition of a second's write: none of its visit ids counted yet (a redelivery fails it and
 * writes nothing).
 */
export const noneCounted =
  (visits: readonly string[]) =>
  <V>(
    attr: { visits: V },
    op: { notExists: (a: V) => string; contains: (a: V, value: string) => string },
  ): string =>
    `${op.notExists(attr.visits)} OR NOT (${visits.map((v) => op.contains(attr.visits, v)).join(' OR ')})`;

/** Short links of one tenant (a small collection, read whole through gsi1) and their counters. */
export function shortLinksRepository(tenant: string) {
  return {
    async list(): Promise<ShortLinkRecord[]> {
      const { data } = await ShortLinkEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data;
    },

    async byId(id: number): Promise<ShortLinkRecord | null> {
      const { data } = await ShortLinkEntity.query.byId({ tenant, id }).go();
      return data[0] ?? null;
    },

    /** Creates a link; its slug is its key, so a taken slug fails the condition: 'Link ja existe'. */
    async create(fields: ShortLinkFields, now: string): Promise<ShortLinkRecord> {
      const id = await countersFor(tenant).next('shortlink');
      try {
        const { data } = await ShortLinkEntity.create({
          tenant,
          id,
          ...fields,
          accessCount: 0,
          createdAt: now,
          updatedAt: now,
        }).go();
        return data;
      } catch (error) {
        if (isConditionFailure(error)) throw conflict(SHORTLINK_MESSAGES.exists);
        throw error;
      }
    },

    /**
     * Rewrites `current`. Same slug: a patch conditioned on the item. New slug: one transaction
     * that removes the old item and creates the new one (condition: the new slug is free), the
     * count carried over; visits queued for the old slug then count on it no more (see the consumer).
     */
    async update(current: ShortLinkRecord, fields: ShortLinkFields, now: string): Promise<ShortLinkRecord> {
      const { validUntil, expiresOn, maxVisits, slug: _slug, ...rest } = fields;
      if (fields.slug === current.slug) {
        try {
          let patch = ShortLinkEntity.patch({ tenant, slug: current.slug }).set({ ...rest, updatedAt: now });
          patch = validUntil
            ? patch.set({ validUntil, expiresOn })
            : patch.remove(['validUntil', 'expiresOn']);
          patch = maxVisits ? patch.set({ maxVisits }) : patch.remove(['maxVisits']);
          const { data } = await patch.go({ response: 'all_new' });
          return data as ShortLinkRecord;
        } catch (error) {
          if (isConditionFailure(error)) throw notFound(SHORTLINK_MESSAGES.notFound);
          throw error;
        }
      }
      const next: ShortLinkRecord = {
        tenant,
        id: current.id,
        ...fields,
        accessCount: current.accessCount,
        createdAt: current.createdAt,
        updatedAt: now,
      };
      const result = await writeTransaction(() =>
        shortLinksService.transaction
          .write(({ link }) => [
            link
              .delete({ tenant, slug: current.slug })
              .where(({ id }, { eq }) => eq(id, current.id))
              .commit(),
            link.create(next).commit(),
          ])
          .go(),
      );
      if (result.canceled) {
        const failed = failedIndex(result);
        if (failed === 0) throw notFound(SHORTLINK_MESSAGES.notFound);
        if (failed === 1) throw conflict(SHORTLINK_MESSAGES.exists);
        throw transactionError(result);
      }
      return next;
    },

    async remove(current: ShortLinkRecord): Promise<void> {
      try {
        await ShortLinkEntity.delete({ tenant, slug: current.slug })
          .where(({ id }, { eq }) => eq(id, current.id))
          .go();
      } catch (error) {
        if (isConditionFailure(error)) throw notFound(SHORTLINK_MESSAGES.notFound);
        throw error;
      }
    },

    /** Visits per day of a link, from `from` on (business days, YYYY-MM-DD). */
    async days(linkId: number, from: string): Promise<Array<{ day: string; visits: number }>> {
      const { data } = await ShortLinkDayEntity.query
        .byDay({ tenant, linkId })
        .gte({ day: from })
        .go({ pages: 'all' });
      return data.map((d) => ({ day: d.day, visits: d.visits }));
    },

    /**
     * Counts visits of one link on one day in one transaction: each second's ids added to its
     * counted set only if none of them is there yet, +n on the link (still this slug and id) and +n
     * on its day. A second carries at most VISITS_PER_SECOND_WRITE ids (visit-writes.model.ts) and appears once.
     * Answers 'duplicate' when a visit was counted already (nothing written; `seconds` names the
     * seconds whose condition failed), 'gone' when the link was removed or renamed meanwhile.
     */
    async countVisits(group: {
      slug: string;
      id: number;
      day: string;
      seconds: readonly SecondVisits[];
      nowSeconds: number;
    }): Promise<{ outcome: 'counted' | 'gone' } | { outcome: 'duplicate'; seconds: string[] }> {
      const n = group.seconds.reduce((sum, s) => sum + s.visits.length, 0);
      const result = await writeTransaction(() =>
        shortLinksService.transaction
          .write(({ link, day, counted }) => [
            ...group.seconds.map(({ second, visits }) =>
              counted
                .update({ tenant, linkId: group.id, second })
                .add({ visits: [...visits] })
                .set({ expiresAt: group.nowSeconds + COUNTED_KEPT_SECONDS })
                .where(noneCounted(visits))
                .commit(),
            ),
            link
              .update({ tenant, slug: group.slug })
              .add({ accessCount: n })
              .where(({ id }, { eq }) => eq(id, group.id))
              .commit(),
            day.update({ tenant, linkId: group.id, day: group.day }).add({ visits: n }).commit(),
          ])
          .go(),
      );
      if (!result.canceled) return { outcome: 'counted' };
      // DynamoDB gives a reason per item: a second holding one of the ids says ConditionalCheckFailed.
      const seconds = group.seconds
        .filter((_, i) => result.data[i]?.code === 'ConditionalCheckFailed')
        .map((s) => s.second);
      if (seconds.length > 0) return { outcome: 'duplicate', seconds };
      if (failedIndex(result) === group.seconds.length) return { outcome: 'gone' };
      throw transactionError(result);
    },

    /** Ids of the visits of one link and second counted so far (a strongly consistent read). */
    async countedIn(linkId: number, second: string): Promise<Set<string>> {
      const { data } = await ShortLinkCountedEntity.get({ tenant, linkId, second }).go({
        consistent: true,
        attributes: ['visits'],
      });
      return new Set(data?.visits ?? []);
    },
  };
}
