import type { EntityItem } from 'electrodb';
import type { CustomerListItem } from '@freguesia/shared/schemas/customer';
import { CUSTOMER_MESSAGES } from '@freguesia/shared/domain/customer-messages';
import { countersFor } from '../lib/ddb/counters';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { UniqueEntity } from '../lib/ddb/entities/unique';
import { readPage } from '../lib/ddb/pagination';
import { mapLimited } from '../lib/ddb/concurrency';
import { failedIndex, transactionError, writeTransaction } from '../lib/ddb/transactions';
import { conflict } from '../lib/errors';
import {
  CustomerEntity,
  CustomerEventEntity,
  CustomerGeoEntity,
  CustomerPhoneEntity,
  CustomerWordEntity,
  UNIQUE_SCOPES,
  customersService,
  type CustomerEventItem,
  type CustomerItem,
} from './entities';
import {
  phoneEntries,
  phonesOf,
  reachChannels,
  toListItem,
  type Profile,
  type SearchKey,
  type TimelineEntry,
} from './customers.model';
import {
  searchEntries,
  searchTerms,
  termKey,
  type Candidate,
  type EntryColumns,
  type SearchTerm,
  type TermKind,
} from './customer-words.model';
import { batchGetEntities } from '../lib/ddb/batch';
import { customerLookupRepository } from './customer-lookup.repository';
import { REACH_COUNTER } from './customer-backfills.repository';

/** Searches answer at most this many matches (one Query page of the index); see README. */
export const SEARCH_CAP = 200;
/** The map answers at most this many customer points. */
export const GEO_CAP = 5000;
/** Timeline entries shown on the details page. */
export const EVENTS_SHOWN = 100;

const CHANNEL_COUNTER = 'customer-channel:';
/** The highest Unicode code point: `prefix + TOP` bounds every key that starts with `prefix`. */
const TOP = '\u{10FFFF}';
const TAG_COUNTER = 'customer-tag:';
export { REACH_COUNTER } from './customer-backfills.repository';

export interface SearchResult {
  /** The requested page. */
  items: CustomerListItem[];
  /** Matches counted (exact up to the window, else a lower bound). */
  total: number;
  /** True when more customers match than were counted (the caller should refine the search). */
  estimated: boolean;
}

type PhoneRow = EntityItem<typeof CustomerPhoneEntity>;
/** A customer before it has an id (the repository assigns it). */
export type NewCustomer = Omit<CustomerItem, 'tenant' | 'id'>;
type IndexQuery = {
  go(options: {
    cursor: string | null;
    limit: number;
    pages: number;
  }): Promise<{ data: unknown[]; cursor: string | null }>;
};

/** The reach counters an edit moves: +1 for a channel gained, −1 for one lost. */
const reachDelta = (
  before: Parameters<typeof reachChannels>[0],
  after: Parameters<typeof reachChannels>[0],
) => {
  const was = new Set(reachChannels(before));
  const is = new Set(reachChannels(after));
  return [
    ...[...is].filter((ch) => !was.has(ch)).map((ch) => [ch, 1] as const),
    ...[...was].filter((ch) => !is.has(ch)).map((ch) => [ch, -1] as const),
  ];
};

/** Customers of one tenant. */
export function customersRepository(tenant: string) {
  const counters = countersFor(tenant);

  const eventItems = (customerId: number, events: TimelineEntry[]) =>
    events.map((e) => ({ ...e, tenant, customerId }));

  const phoneItems = (id: number, c: Profile & { channel: string; createdAt: string }) =>
    phoneEntries(tenant, id, c);

  const wordItems = (id: number, c: EntryColumns) => searchEntries(tenant, id, c);
  const wordKey = (id: number, t: SearchTerm) => ({
    tenant,
    kind: t.kind,
    lead: t.term.slice(0, 1),
    term: t.term,
    customerId: id,
  });

  const hasPoint = (p: { latitude?: number; longitude?: number }) =>
    typeof p.latitude === 'number' && typeof p.longitude === 'number';

  return {
    /** By id, and the id owning a document: the reads hot paths share (customer-lookup.repository.ts). */
    ...customerLookupRepository(tenant),

    /**
     * Creates a customer with its document marker, indexes, counters and first timeline
     * entries in one transaction. A taken document → conflict with the owner's id.
     */
    async create(customer: NewCustomer, events: TimelineEntry[]): Promise<CustomerItem> {
      const id = await counters.next('customer');
      const item: CustomerItem = { ...customer, tenant, id };
      const result = await writeTransaction(() =>
        customersService.transaction
          .write(({ customer: entity, unique, counter, phone, word, geo, event }) => [
            unique
              .create({ tenant, scope: UNIQUE_SCOPES.document, value: item.document, ownerId: id })
              .commit(),
            entity.create(item).commit(),
            counter.upsert({ tenant, name: 'total:customer' }).add({ value: 1 }).commit(),
            counter
              .upsert({ tenant, name: `total:${CHANNEL_COUNTER}${item.channel}` })
              .add({ value: 1 })
              .commit(),
            ...(item.tags ?? []).map((tag) =>
              counter
                .upsert({ tenant, name: `total:${TAG_COUNTER}${tag}` })
                .add({ value: 1 })
                .commit(),
            ),
            ...reachChannels(item).map((ch) =>
              counter
                .upsert({ tenant, name: `total:${REACH_COUNTER}${ch}` })
                .add({ value: 1, moves: 1 })
                .commit(),
            ),
            ...phoneItems(id, item).map((p) => phone.put(p).commit()),
            ...wordItems(id, item).map((w) => word.put(w).commit()),
            ...(hasPoint(item)
              ? [
                  geo
                    .put({ tenant, customerId: id, latitude: item.latitude!, longitude: item.longitude! })
                    .commit(),
                ]
              : []),
            ...eventItems(id, events).map((e) => event.create(e).commit()),
          ])
          .go(),
      );
      if (result.canceled) {
        if (failedIndex(result) === 0) {
          throw conflict(CUSTOMER_MESSAGES.duplicate, { id: (await this.idByDocument(item.document)) ?? 0 });
        }
        throw transactionError(result);
      }
      return item;
    },

    /**
     * Replaces the profile of a customer (purchase aggregates untouched). Optimistic on
     * `version`: a concurrent edit is a conflict. Moves the document marker when the document
     * changes, keeps tag counters, phone and map indexes in step and writes the timeline
     * entries, all in one transaction.
     */
    async update(
      current: CustomerItem,
      profile: Profile,
      change: { updatedAt: string; passwordHash?: string; events: TimelineEntry[] },
    ): Promise<CustomerItem> {
      const id = current.id;
      const { updatedAt, passwordHash } = change;
      const next: CustomerItem = { ...current, ...profile, updatedAt, version: current.version + 1 };
      if (passwordHash) next.passwordHash = passwordHash;
      const set: Record<string, unknown> = { ...profile, updatedAt, version: next.version };
      if (passwordHash) set.passwordHash = passwordHash;
      for (const [k, v] of Object.entries(set)) if (v === undefined) delete set[k];
      const removed = (Object.keys(profile) as (keyof Profile)[]).filter(
        (k) => profile[k] === undefined && current[k] !== undefined,
      );
      const documentChanged = current.document !== profile.document;
      const oldTags = new Set(current.tags ?? []);
      const newTags = new Set(profile.tags ?? []);
      const newPhoneItems = phoneItems(id, next);
      const stalePhones = phonesOf(current).filter((p) => !newPhoneItems.some((n) => n.phone === p));
      // Every current term is written again (its list columns may have changed); stale ones go.
      const newWordItems = wordItems(id, next);
      const newTerms = new Set(newWordItems.map(termKey));
      const staleTerms = searchTerms(current).filter((t) => !newTerms.has(termKey(t)));
      const result = await writeTransaction(() =>
        customersService.transaction
          .write(({ customer, unique, counter, phone, word, geo, event }) => {
            const patch = customer.patch({ tenant, id }).set(set as never);
            return [
              (removed.length > 0 ? patch.remove(removed as never) : patch)
                .where(({ version }, { eq }) => eq(version, current.version))
                .commit(),
              ...(documentChanged
                ? [
                    unique
                      .create({ tenant, scope: UNIQUE_SCOPES.document, value: profile.document, ownerId: id })
                      .commit(),
                    unique
                      .delete({ tenant, scope: UNIQUE_SCOPES.document, value: current.document })
                      .commit(),
                  ]
                : []),
              ...[...newTags]
                .filter((t) => !oldTags.has(t))
                .map((tag) =>
                  counter
                    .upsert({ tenant, name: `total:${TAG_COUNTER}${tag}` })
                    .add({ value: 1 })
                    .commit(),
                ),
              ...[...oldTags]
                .filter((t) => !newTags.has(t))
                .map((tag) =>
                  counter
                    .upsert({ tenant, name: `total:${TAG_COUNTER}${tag}` })
                    .add({ value: -1 })
                    .commit(),
                ),
              ...reachDelta(current, next).map(([ch, delta]) =>
                counter
                  .upsert({ tenant, name: `total:${REACH_COUNTER}${ch}` })
                  .add({ value: delta, moves: 1 })
                  .commit(),
              ),
              ...stalePhones.map((p) => phone.delete({ tenant, phone: p, customerId: id }).commit()),
              ...newPhoneItems.map((p) => phone.put(p).commit()),
              ...staleTerms.map((t) => word.delete(wordKey(id, t)).commit()),
              ...newWordItems.map((w) => word.put(w).commit()),
              hasPoint(profile)
                ? geo
                    .put({
                      tenant,
                      customerId: id,
                      latitude: profile.latitude!,
                      longitude: profile.longitude!,
                    })
                    .commit()
                : geo.delete({ tenant, customerId: id }).commit(),
              ...eventItems(id, change.events).map((e) => event.create(e).commit()),
            ];
          })
          .go(),
      );
      if (result.canceled) {
        const failed = failedIndex(result);
        if (failed === 0)
          throw conflict(
            'Este cliente foi alterado ou excluído por outra pessoa. Recarregue e tente novamente.',
          );
        if (failed === 1 && documentChanged) {
          throw conflict(CUSTOMER_MESSAGES.duplicate, {
            id: (await this.idByDocument(profile.document)) ?? 0,
          });
        }
        throw transactionError(result);
      }
      return next;
    },

    /** Deletes a customer (unless changed meanwhile), its marker, indexes and counts in one transaction. */
    async remove(current: CustomerItem): Promise<void> {
      const id = current.id;
      const result = await writeTransaction(() =>
        customersService.transaction
          .write(({ customer, unique, counter, phone, word, geo }) => [
            customer
              .delete({ tenant, id })
              .where(({ version }, { eq }) => eq(version, current.version))
              .commit(),
            unique.delete({ tenant, scope: UNIQUE_SCOPES.document, value: current.document }).commit(),
            counter.upsert({ tenant, name: 'total:customer' }).add({ value: -1 }).commit(),
            counter
              .upsert({ tenant, name: `total:${CHANNEL_COUNTER}${current.channel}` })
              .add({ value: -1 })
              .commit(),
            ...(current.tags ?? []).map((tag) =>
              counter
                .upsert({ tenant, name: `total:${TAG_COUNTER}${tag}` })
                .add({ value: -1 })
                .commit(),
            ),
            ...reachChannels(current).map((ch) =>
              counter
                .upsert({ tenant, name: `total:${REACH_COUNTER}${ch}` })
                .add({ value: -1, moves: 1 })
                .commit(),
            ),
            ...phonesOf(current).map((p) => phone.delete({ tenant, phone: p, customerId: id }).commit()),
            ...searchTerms(current).map((t) => word.delete(wordKey(id, t)).commit()),
            geo.delete({ tenant, customerId: id }).commit(),
          ])
          .go(),
      );
      if (result.canceled) {
        if (failedIndex(result) === 0)
          throw conflict('Este cliente foi alterado por outra pessoa. Recarregue e tente novamente.');
        throw transactionError(result);
      }
    },

    /** Deletes a customer's whole timeline. */
    async removeEvents(id: number): Promise<void> {
      const { data } = await CustomerEventEntity.query
        .byCustomer({ tenant, customerId: id })
        .go({ pages: 'all' });
      if (data.length > 0)
        await CustomerEventEntity.delete(
          data.map(({ at, seq }) => ({ tenant, customerId: id, at, seq })),
        ).go();
    },

    /**
     * A search page from one Query on the field's index, in index order. The Query reads
     * max(SEARCH_CAP, page × perPage) + 1 items, so the total is exact up to SEARCH_CAP
     * (a lower bound beyond, flagged `estimated`); a second request happens only when the
     * 1 MB page limit cut the first short. Never more than two requests, whatever the size.
     */
    async search(key: SearchKey, page: number, perPage: number): Promise<SearchResult> {
      const end = page * perPage;
      const want = Math.max(SEARCH_CAP, end) + 1;
      // A prefix as a BETWEEN range: the same keys as begins_with (nothing sorts after the
      // highest code point), and an index seek on DynamoDB Local too, whose begins_with reads
      // the partition from its start (p50 at 100,000 customers: ~160 ms → a few ms).
      const v = key.value;
      const to = v + TOP;
      const query = (
        key.kind === 'phone'
          ? CustomerPhoneEntity.query.byPhone({ tenant }).between({ phone: v }, { phone: to })
          : key.kind === 'document'
            ? CustomerEntity.query.byDocument({ tenant }).between({ document: v }, { document: to })
            : key.kind === 'email'
              ? CustomerEntity.query.byEmail({ tenant }).between({ emailKey: v }, { emailKey: to })
              : CustomerEntity.query.byName({ tenant }).between({ nameKey: v }, { nameKey: to })
      ) as IndexQuery;
      const rows: CustomerListItem[] = [];
      const seen = new Set<number>();
      let cursor: string | null = null;
      for (let request = 0; request < 2; request++) {
        const result = await query.go({ cursor, limit: want - rows.length, pages: 1 });
        for (const raw of result.data) {
          // A customer appears once per phone number: list it once.
          const row =
            key.kind === 'phone'
              ? toListItem({ ...(raw as PhoneRow), id: (raw as PhoneRow).customerId })
              : toListItem(raw as CustomerItem);
          if (!seen.has(row.id)) rows.push(row);
          seen.add(row.id);
        }
        cursor = result.cursor;
        if (!cursor || rows.length >= want) break;
      }
      const more = rows.length >= want || cursor !== null;
      const counted = Math.min(rows.length, want - 1);
      return {
        items: rows.slice((page - 1) * perPage, end),
        total: more ? counted + 1 : counted,
        estimated: more,
      };
    },

    /**
     * Customers whose term of `kind` starts with `prefix`, in term order (whole words first),
     * at most `want` entries: one Query of small items, a second request only when the 1 MB
     * page limit cut the first short. `more` tells that entries were left unread.
     */
    async wordSearch(
      kind: TermKind,
      prefix: string,
      want: number,
    ): Promise<{ rows: Candidate[]; more: boolean }> {
      const query = CustomerWordEntity.query
        .byTerm({ tenant, kind, lead: prefix.slice(0, 1) })
        // BETWEEN prefix and prefix + the highest code point: begins_with as an index seek (see search).
        .between({ term: prefix }, { term: prefix + TOP });
      const rows: Candidate[] = [];
      let cursor: string | null = null;
      for (let request = 0; request < 2 && rows.length < want; request++) {
        const result: { data: EntityItem<typeof CustomerWordEntity>[]; cursor: string | null } =
          await query.go({
            cursor,
            limit: want - rows.length,
            pages: 1,
          });
        for (const w of result.data)
          rows.push({ ...toListItem({ ...w, id: w.customerId }), telephone: w.telephone ?? null });
        cursor = result.cursor;
        if (!cursor) break;
      }
      return { rows, more: cursor !== null };
    },

    /**
     * Writes the search entries of up to `limit` customers from `cursor` on (id order); each
     * customer's entries go in one transaction conditioned on the customer's version, so a
     * customer edited or deleted meanwhile is skipped (its own write keeps its entries right).
     * Idempotent: entries have fixed keys. Answers the next cursor (null at the end).
     */
    async backfillWords(
      cursor: string | null,
      limit: number,
    ): Promise<{ customers: number; skipped: number; cursor: string | null }> {
      const page = await CustomerEntity.query.byId({ tenant }).go({ cursor, limit, pages: 1 });
      let skipped = 0;
      await mapLimited(page.data, 8, async (c) => {
        const items = wordItems(c.id, c);
        if (items.length === 0) return;
        const result = await writeTransaction(() =>
          customersService.transaction
            .write(({ customer, word }) => [
              customer
                .check({ tenant, id: c.id })
                .where(({ version }, { eq }) => eq(version, c.version))
                .commit(),
              ...items.map((w) => word.put(w).commit()),
            ])
            .go(),
        );
        if (result.canceled) {
          if (failedIndex(result) !== 0) throw transactionError(result);
          skipped++;
        }
      });
      return { customers: page.data.length, skipped, cursor: page.cursor };
    },

    /** A page of every customer, newest first (total from the `total:customer` counter). */
    async listPage(page: number, perPage: number): Promise<CustomerListItem[]> {
      const rows = await readPage(
        async ({ cursor, limit }) => {
          const result = await CustomerEntity.query.byId({ tenant }).go({ order: 'desc', limit, cursor });
          return { data: result.data, cursor: result.cursor };
        },
        page,
        perPage,
      );
      return rows.map(toListItem);
    },

    total: () => counters.total('customer'),
    /** Customers reachable by a channel (the counter kept on write). */
    reach: (channel: string) => counters.total(`${REACH_COUNTER}${channel}`),

    /** A page of every customer in id order (the sending planner's whole-base audience; one Query per page). */
    async idPage(
      cursor: string | undefined,
      limit: number,
    ): Promise<{ data: CustomerItem[]; cursor: string | undefined }> {
      const result = await CustomerEntity.query
        .byId({ tenant })
        .go({ order: 'asc', limit, ...(cursor ? { cursor } : {}) });
      return { data: result.data, cursor: result.cursor ?? undefined };
    },

    async events(id: number, max = EVENTS_SHOWN): Promise<CustomerEventItem[]> {
      const { data } = await CustomerEventEntity.query
        .byCustomer({ tenant, customerId: id })
        .go({ order: 'desc', limit: max });
      return data;
    },

    /** Customers per channel, from counters kept on write. */
    async channels(): Promise<{ channel: string; total: number }[]> {
      return (await countersWithPrefix(tenant, CHANNEL_COUNTER)).map(([channel, total]) => ({
        channel,
        total,
      }));
    },

    /** Customers per tag ("segment"), from counters kept on write; largest first. */
    async segments(): Promise<{ segment: string; total: number }[]> {
      return (await countersWithPrefix(tenant, TAG_COUNTER))
        .map(([segment, total]) => ({ segment, total }))
        .sort((a, b) => b.total - a.total || a.segment.localeCompare(b.segment, 'pt-BR'));
    },

    /** Several customers by id (BatchGet in chunks of 100), in no particular order; unknown ids are left out. */
    async getMany(ids: readonly number[]): Promise<CustomerItem[]> {
      const keys = [...new Set(ids)].map((id) => ({ tenant, id }));
      return batchGetEntities((pending) => CustomerEntity.get(pending).go({ concurrency: 4 }), keys, {
        what: 'customers',
      });
    },

    /** The owners of documents (digits, normalized) through their uniqueness markers: document → id. */
    async idsByDocuments(documents: readonly string[]): Promise<Map<string, number>> {
      const keys = [...new Set(documents)].map((value) => ({ tenant, scope: UNIQUE_SCOPES.document, value }));
      const markers = await batchGetEntities(
        (pending) => UniqueEntity.get(pending).go({ concurrency: 4 }),
        keys,
        { what: 'customers: document markers' },
      );
      return new Map(markers.map((marker) => [marker.value, marker.ownerId]));
    },

    /** Customers with exactly this phone (digits, as stored), through the phone index. */
    async idsByPhone(phone: string): Promise<number[]> {
      const { data } = await CustomerPhoneEntity.query
        .byPhone({ tenant, phone })
        .go({ limit: 10, pages: 1, attributes: ['customerId'] });
      return [...new Set(data.map((row) => row.customerId))];
    },

    /** The first customer with this e-mail (lower case), through the e-mail index. */
    async idByEmail(email: string): Promise<number | undefined> {
      const { data } = await CustomerEntity.query
        .byEmail({ tenant, emailKey: email.toLowerCase() })
        .go({ limit: 1, pages: 1, attributes: ['id'] });
      return data[0]?.id;
    },

    /** A page of customers' tags in id order (maintenance backfills, not request paths). */
    async tagsPage(
      cursor: string | null,
      limit: number,
    ): Promise<{ rows: { id: number; tags: string[] }[]; cursor: string | null }> {
      const page = await CustomerEntity.query
        .byId({ tenant })
        .go({ cursor, limit, pages: 1, attributes: ['id', 'tags'] });
      return { rows: page.data.map((c) => ({ id: c.id, tags: c.tags ?? [] })), cursor: page.cursor };
    },

    /** Customers carrying each tag, from the counters kept in the customers' write transactions. */
    async tagTotals(tags: readonly string[]): Promise<Map<string, number>> {
      const totals = new Map<string, number>();
      const names = [...new Set(tags)];
      if (names.length === 0) return totals;
      const keys = names.map((tag) => ({ tenant, name: `total:${TAG_COUNTER}${tag}` }));
      const data = await batchGetEntities(
        (pending) => CounterEntity.get(pending).go({ concurrency: 4 }),
        keys,
        { what: 'customers: tag counters' },
      );
      for (const c of data) totals.set(c.name.slice(`total:${TAG_COUNTER}`.length), Math.max(0, c.value));
      return totals;
    },

    /** Map points (customers with coordinates), at most `max`, in id order. */
    async geo(max = GEO_CAP): Promise<{ id: number; latitude: number; longitude: number }[]> {
      const { data } = await CustomerGeoEntity.query.byCustomer({ tenant }).go({ limit: max, pages: 'all' });
      return data
        .slice(0, max)
        .map((p) => ({ id: p.customerId, latitude: p.latitude, longitude: p.longitude }));
    },
  };
}

async function countersWithPrefix(tenant: string, prefix: string): Promise<[string, number][]> {
  const { data } = await CounterEntity.query
    .byName({ tenant })
    .begins({ name: `total:${prefix}` })
    .go({ pages: 'all' });
  return data.filter((c) => c.value > 0).map((c) => [c.name.slice(`total:${prefix}`.length), c.value]);
}

export type CustomersRepository = ReturnType<typeof customersRepository>;
