import { normalizeDocument } from '@freguesia/shared/domain/document';
import type {
  CustomerForm,
  CustomerListItem,
  CustomerUpdate,
  PortalCustomer,
  PortalCustomerRecord,
} from '@freguesia/shared/schemas/customer';
import { CUSTOMER_MESSAGES } from '@freguesia/shared/domain/customer-messages';
import { searchWords } from '@freguesia/shared/domain/text';
import { listStoreRefs } from '../catalog/stores.service';
import { hashPassword } from '../lib/auth/password';
import { staffOf, type ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { paginated, type Paginated } from '../lib/ddb/pagination';
import { InvalidError, notFound } from '../lib/errors';
import { basketsRepository } from './baskets.repository';
import { customerLookupRepository } from './customer-lookup.repository';
import { visibleStore } from './baskets.service';
import {
  changedFields,
  consentChanges,
  consentDescription,
  eventStore,
  pickProfile,
  profileFromForm,
  profileFromPortal,
  searchKey,
  timelineActor,
  timelineEntries,
  toDetails,
  toListItem,
  toPortalRecord,
  type Profile,
  type ReachChannel,
  type SearchField,
} from './customers.model';
import {
  customersRepository,
  GEO_CAP,
  SEARCH_CAP,
  type CustomersRepository,
  type SearchResult,
} from './customers.repository';
import {
  couldBeEmailLocal,
  emailLocal,
  nameQueryWord,
  namePrefix,
  PHONE_SUFFIX_MIN,
  rankByName,
  rankByPhone,
  reverseDigits,
} from './customer-words.model';
import type { CustomerItem } from './entities';

/**
 * The customers domain's public API (spec part 1 §7 "Customers (staff)", the portal's data):
 * registry, search, details with timeline, LGPD consent trail. Tenant first: every function
 * takes the caller's `ServiceContext`; the timeline names the caller (staff user, portal).
 */

export interface CustomerQuery {
  q: string;
  field?: SearchField;
  page: number;
  per_page: number;
}

/**
 * The list: without `q`, every customer newest first with the `total:customer` counter; with
 * `q`, a search on the field's index (auto-detected when `field` is absent): the document
 * exactly; the name by the prefix of any word (ranked: exact name, name starting with the
 * query, whole words, prefixes); the e-mail by its beginning ('@' typed) or by the part before
 * the @; the phone by its first or its last digits. Index-only: at most a few Queries per
 * search whatever the table size; the total is exact up to 200 matches and flagged
 * `pagination.estimated` beyond.
 */
export async function listCustomers(
  ctx: ServiceContext,
  query: CustomerQuery,
): Promise<Paginated<CustomerListItem> & { pagination: { estimated?: true } }> {
  const repo = customersRepository(ctx.tenant);
  const key = searchKey(query.q, query.field);
  if (!key) {
    const [items, total] = await Promise.all([repo.listPage(query.page, query.per_page), repo.total()]);
    return paginated(items, total, query.page, query.per_page);
  }
  const { page, per_page: perPage } = query;
  let result: SearchResult;
  if (key.kind === 'name') {
    result = await searchByName(repo, query.q, page, perPage);
    // One token that names nobody may be the start of an e-mail ('bia.costa').
    if (result.total === 0 && !query.field && couldBeEmailLocal(query.q)) {
      result = await searchByEmailLocal(repo, query.q, page, perPage);
    }
  } else if (key.kind === 'email' && !key.value.includes('@')) {
    result = await searchByEmailLocal(repo, key.value, page, perPage);
  } else if (key.kind === 'phone') {
    result = await searchByPhone(repo, key.value, page, perPage);
  } else {
    result = await repo.search(key, page, perPage);
    // A bare 11-digit number may be a cellphone that happens to pass the CPF check.
    if (result.total === 0 && !query.field && key.kind === 'document' && key.value.length === 11) {
      result = await searchByPhone(repo, key.value, page, perPage);
    }
  }
  const answer = paginated(result.items, result.total, query.page, query.per_page);
  return result.estimated ? { ...answer, pagination: { ...answer.pagination, estimated: true } } : answer;
}

/** Candidates read for a several-word name search, ranked and narrowed in memory. */
export const MULTI_WORD_WINDOW = 1000;

/**
 * A page of ranked matches. `cap`: matches counted exactly; beyond (or when the index had
 * more than was read) the total is a lower bound and flagged `estimated`.
 */
function pageOf(
  ranked: CustomerListItem[],
  more: boolean,
  cap: number,
  page: number,
  perPage: number,
): SearchResult {
  const estimated = more || ranked.length > cap;
  const counted = Math.min(ranked.length, cap);
  const items = ranked.slice((page - 1) * perPage, page * perPage).map(toListItemOnly);
  return { items, total: estimated ? counted + 1 : counted, estimated };
}

const toListItemOnly = ({
  id,
  fullname,
  document,
  email,
  cellphone,
  city,
  state,
  channel,
  created_at,
  active,
}: CustomerListItem): CustomerListItem => ({
  id,
  fullname,
  document,
  email,
  cellphone,
  city,
  state,
  channel,
  created_at,
  active,
});

function distinct<T extends { id: number }>(rows: T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

/**
 * Name search by the prefix of any word: one Query on the most selective (longest) query word,
 * then every query word must prefix a word of the name (`searchRank`). A single word reads a
 * page of candidates; several words read up to MULTI_WORD_WINDOW candidates to narrow. A query
 * of particles only ('da') keeps the whole-name prefix index.
 */
async function searchByName(
  repo: CustomersRepository,
  q: string,
  page: number,
  perPage: number,
): Promise<SearchResult> {
  const word = nameQueryWord(q);
  if (!word) return repo.search({ kind: 'name', value: namePrefix(q) }, page, perPage);
  const cap = Math.max(SEARCH_CAP, page * perPage);
  const several = searchWords(q).length > 1;
  const { rows, more } = await repo.wordSearch(
    'N',
    word,
    several ? Math.max(MULTI_WORD_WINDOW, cap + 1) : cap + 1,
  );
  return pageOf(rankByName(distinct(rows), q), more, cap, page, perPage);
}

/** E-mail search by the beginning of the part before the @ (exact local parts first). */
async function searchByEmailLocal(
  repo: CustomersRepository,
  typed: string,
  page: number,
  perPage: number,
): Promise<SearchResult> {
  const local = emailLocal(typed);
  if (!local) return { items: [], total: 0, estimated: false };
  const cap = Math.max(SEARCH_CAP, page * perPage);
  const { rows, more } = await repo.wordSearch('E', local, cap + 1);
  return pageOf(distinct(rows), more, cap, page, perPage);
}

/**
 * Phone search by the first digits (area code first, the phone index) and, from
 * PHONE_SUFFIX_MIN digits on, by the last digits (reversed-digit terms); both Queries run in
 * parallel. The whole number first, then endings, then beginnings.
 */
async function searchByPhone(
  repo: CustomersRepository,
  digits: string,
  page: number,
  perPage: number,
): Promise<SearchResult> {
  const cap = Math.max(SEARCH_CAP, page * perPage);
  const bySuffix = digits.length >= PHONE_SUFFIX_MIN && digits.length < 10;
  const [prefix, suffix] = await Promise.all([
    repo.search({ kind: 'phone', value: digits }, 1, cap),
    bySuffix
      ? repo.wordSearch('P', reverseDigits(digits), cap + 1)
      : Promise.resolve({ rows: [], more: false }),
  ]);
  const rows = rankByPhone(distinct([...suffix.rows, ...prefix.items]), digits);
  return pageOf(rows, prefix.estimated || suffix.more, cap, page, perPage);
}

/**
 * Writes the word-search entries of every existing customer of the tenant (customers written
 * before word search, or restored from a backup). Idempotent and safe beside live traffic:
 * each customer's entries are written under a condition on its version. Pages of 100
 * customers; `onPage` reports progress. Run by `infra/scripts/backfill-customer-search.ts`.
 */
export async function backfillCustomerSearch(
  ctx: ServiceContext,
  onPage: (progress: { customers: number; skipped: number }) => void = () => {},
): Promise<{ customers: number; skipped: number }> {
  const repo = customersRepository(ctx.tenant);
  const done = { customers: 0, skipped: 0 };
  let cursor: string | null = null;
  do {
    const page = await repo.backfillWords(cursor, 100);
    done.customers += page.customers;
    done.skipped += page.skipped;
    cursor = page.cursor;
    onPage({ ...done });
  } while (cursor);
  return done;
}

/** Customers per registration channel. */
export const customerChannels = (ctx: ServiceContext) => customersRepository(ctx.tenant).channels();

/** Segments are the customer tags: [{segment, total}], largest first. */
export const customerSegments = (ctx: ServiceContext) => customersRepository(ctx.tenant).segments();

/** Map points [{id, latitude, longitude}], at most 5,000 (in id order). */
export const customerMapPoints = (ctx: ServiceContext) => customersRepository(ctx.tenant).geo(GEO_CAP);

/**
 * Every profile field, aggregates, tags, timeline and integrations of one customer. A
 * store-bound user's timeline leaves out purchases (and associations) of other stores, as
 * `GET /web/baskets/get` does; the aggregates are the customer's own loyalty figures and stay.
 */
export async function customerDetails(ctx: ServiceContext, id: number) {
  const repo = customersRepository(ctx.tenant);
  const [customer, events] = await Promise.all([repo.get(id), repo.events(id)]);
  if (!customer) throw notFound('Cliente não encontrado.');
  const scope = visibleStore(ctx);
  const visible = scope === undefined ? events : events.filter((e) => (eventStore(e) ?? scope) === scope);
  return toDetails(customer, visible);
}

/** The id owning a typed document (any mask), 0 when none; an invalid document is refused. */
export async function customerIdByDocument(ctx: ServiceContext, typed: string): Promise<number> {
  const document = normalizeDocument(typed);
  if (!document)
    throw new InvalidError(
      { document: CUSTOMER_MESSAGES.invalidDocument },
      CUSTOMER_MESSAGES.invalidDocument,
    );
  return (await customersRepository(ctx.tenant).idByDocument(document)) ?? 0;
}

/**
 * Creates a customer from the staff form: the favourite store must exist; the timeline gets
 * 'created' and the first consent values. A taken document is a conflict with the owner's id.
 */
export async function createCustomer(ctx: ServiceContext, form: CustomerForm): Promise<{ id: number }> {
  await assertStore(ctx, form.favorite_store);
  const passwordHash = form.password ? await hashPassword(form.password) : undefined;
  const created = await insert(ctx, profileFromForm(form), passwordHash);
  return { id: created.id };
}

/**
 * The active customers with one of these phone numbers (digits as stored: DDD + number), the
 * newest first (a WhatsApp message names only its number).
 */
export async function customerIdsByPhone(ctx: ServiceContext, phones: readonly string[]): Promise<number[]> {
  const repo = customersRepository(ctx.tenant);
  const ids = new Set<number>();
  for (const phone of phones) for (const id of await repo.idsByPhone(phone)) ids.add(id);
  return [...ids].sort((a, b) => b - a);
}

/**
 * Sets a customer's WhatsApp consent (`whatsapp_optout`) at once, as a profile edit (timeline,
 * change stream): an opt-out keyword received on a channel. Nothing is written when unchanged.
 */
export async function setWhatsappOptout(
  ctx: ServiceContext,
  id: number,
  optout: 'Y' | 'N',
): Promise<boolean> {
  const current = await customersRepository(ctx.tenant).get(id);
  if (!current) return false;
  if ((current.whatsapp_optout ?? 'N') === optout) return false;
  await replace(
    ctx,
    current,
    { ...(pickProfile(current) as Profile), whatsapp_optout: optout },
    { eventType: 'updated' },
  );
  return true;
}

/**
 * Sets a customer's e-mail or SMS consent at once, as a profile edit (timeline with the consent
 * event, change stream): the unsubscribe link of a marketing e-mail, an SMS opt-out reply.
 * Answers whether anything changed (nothing is written when unchanged).
 */
export async function setChannelOptout(
  ctx: ServiceContext,
  id: number,
  field: 'email_optout' | 'cellphone_optout',
  optout: 'Y' | 'N',
): Promise<boolean> {
  const current = await customersRepository(ctx.tenant).get(id);
  if (!current) return false;
  if ((current[field] ?? 'N') === optout) return false;
  await replace(
    ctx,
    current,
    { ...(pickProfile(current) as Profile), [field]: optout },
    { eventType: 'updated' },
  );
  return true;
}

/** The id of the customer with this e-mail (the e-mail index), if any. */
export async function customerIdByEmail(ctx: ServiceContext, email: string): Promise<number | undefined> {
  return customersRepository(ctx.tenant).idByEmail(email.trim().toLowerCase());
}

/** Replaces a customer's profile from the staff form (see {@link createCustomer}). */
export async function updateCustomer(ctx: ServiceContext, input: CustomerUpdate): Promise<{ id: number }> {
  const repo = customersRepository(ctx.tenant);
  const current = await repo.get(input.id);
  if (!current) throw notFound('Cliente não encontrado.');
  await assertStore(ctx, input.favorite_store);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const { id: _id, ...form } = input;
  await replace(ctx, current, profileFromForm(form, current), { passwordHash, eventType: 'updated' });
  return { id: current.id };
}

/**
 * Sets only a customer's tags (the details page's 'Tags' card): the rest of the record is kept
 * as it is, so a customer registered without a CEP or another field the staff form requires
 * (portal, point of sale) can be tagged. Same write as a profile edit: timeline entry, per-tag
 * counters, change stream. Nothing is written when the tags did not change.
 */
export async function setCustomerTags(
  ctx: ServiceContext,
  id: number,
  tags: readonly string[],
): Promise<{ id: number }> {
  const current = await customersRepository(ctx.tenant).get(id);
  if (!current) throw notFound('Cliente não encontrado.');
  const next = [...new Set(tags)];
  const before = current.tags ?? [];
  if (next.length === before.length && next.every((tag, i) => tag === before[i])) return { id };
  await replaceTags(ctx, current, next);
  return { id };
}

/** The record as it is with other tags: one profile edit (timeline, per-tag counters, stream). */
async function replaceTags(ctx: ServiceContext, current: CustomerItem, tags: string[]): Promise<void> {
  await replace(ctx, current, { ...(pickProfile(current) as Profile), tags }, { eventType: 'updated' });
}

/**
 * Deletes a customer, then its timeline (personal data too, LGPD). Purchases stay (sales
 * history) but no longer point to the person nor keep the document.
 */
export async function deleteCustomer(ctx: ServiceContext, id: number): Promise<void> {
  const repo = customersRepository(ctx.tenant);
  const current = await repo.get(id);
  if (!current) throw notFound('Cliente não encontrado.');
  await repo.remove(current);
  await repo.removeEvents(id);
  await basketsRepository(ctx.tenant).unlinkCustomer(id);
}

/** Stores with coordinates for the maps: [{id, name, latitude, longitude}] (store visibility applies). */
export async function storeMapPoints(ctx: ServiceContext) {
  const staff = staffOf(ctx);
  return (await listStoreRefs(ctx))
    .filter((s) => !staff || staff.allStores || s.id === staff.storeId)
    .filter((s) => s.latitude !== null && s.longitude !== null)
    .map(({ id, name, latitude, longitude }) => ({ id, name, latitude, longitude }));
}

// ---------------------------------------------------------------- for segmentation (leads, tags)

/** A customer row of lead and tag exports and of a static lead's details. */
export interface CustomerExportRow {
  id: number;
  fullname: string;
  document: string;
  email: string | null;
  cellphone: string | null;
  city: string | null;
  state: string | null;
  date_birth: string | null;
  gender: string | null;
  email_optout: 'Y' | 'N';
  cellphone_optout: 'Y' | 'N';
  channel: string;
  tags: string[];
}

/** Customers by id, in the order of `ids` (unknown ids left out): BatchGets of 100. */
export async function customerRowsByIds(
  ctx: ServiceContext,
  ids: readonly number[],
): Promise<CustomerExportRow[]> {
  const found = new Map((await customersRepository(ctx.tenant).getMany(ids)).map((c) => [c.id, c]));
  return ids
    .map((id) => found.get(id))
    .filter((c): c is CustomerItem => c !== undefined)
    .map((c) => {
      // The list row's fields (same nulls), without its registration date and status.
      const { created_at: _createdAt, active: _active, ...row } = toListItem(c);
      return {
        ...row,
        date_birth: c.date_birth ?? null,
        gender: c.gender ?? null,
        email_optout: c.email_optout,
        cellphone_optout: c.cellphone_optout,
        tags: c.tags ?? [],
      };
    });
}

/**
 * Resolves the rows of a file, e-mail or manual lead to distinct customer ids: by id (checked to
 * exist), else by document (its uniqueness marker), else by e-mail (the e-mail index). Index
 * reads only: BatchGets of 100 ids or markers, one small Query per e-mail (8 at a time).
 * `notFound` counts the rows that matched nobody.
 */
export async function resolveCustomerIds(
  ctx: ServiceContext,
  rows: readonly { id_customer?: number; document?: string; email?: string }[],
): Promise<{ ids: number[]; notFound: number }> {
  const repo = customersRepository(ctx.tenant);
  type Key = { id: number } | { document?: string; email?: string };
  const keyed = rows.map((row): Key => {
    if (row.id_customer !== undefined) return { id: row.id_customer };
    const document = row.document ? normalizeDocument(row.document) : undefined;
    return { document, email: row.email?.trim().toLowerCase() || undefined };
  });
  const askedIds = keyed.flatMap((k) => ('id' in k ? [k.id] : []));
  const documents = keyed.flatMap((k) => ('document' in k && k.document ? [k.document] : []));
  const [existing, owners] = await Promise.all([
    askedIds.length > 0
      ? repo.getMany(askedIds).then((cs) => new Set(cs.map((c) => c.id)))
      : Promise.resolve(new Set<number>()),
    documents.length > 0 ? repo.idsByDocuments(documents) : Promise.resolve(new Map<string, number>()),
  ]);
  // E-mails are looked up only for rows the id and document did not resolve.
  const emails = [
    ...new Set(
      keyed.flatMap((k) =>
        !('id' in k) && !(k.document && owners.has(k.document)) && k.email ? [k.email] : [],
      ),
    ),
  ];
  const byEmail = new Map<string, number>();
  await mapLimited(emails, 8, async (email) => {
    const id = await repo.idByEmail(email);
    if (id !== undefined) byEmail.set(email, id);
  });
  const ids = new Set<number>();
  let notFound = 0;
  for (const k of keyed) {
    const id =
      'id' in k
        ? existing.has(k.id)
          ? k.id
          : undefined
        : ((k.document ? owners.get(k.document) : undefined) ?? (k.email ? byEmail.get(k.email) : undefined));
    if (id === undefined) notFound++;
    else ids.add(id);
  }
  return { ids: [...ids], notFound };
}

/** Customers carrying each tag description (counters kept on write; 0 when none). */
export async function customersPerTag(
  ctx: ServiceContext,
  tags: readonly string[],
): Promise<Map<string, number>> {
  return customersRepository(ctx.tenant).tagTotals(tags);
}

/** One page of every customer's tags, in id order (backfill of indexes kept elsewhere; never on a request path). */
export async function customerTagsPage(
  ctx: ServiceContext,
  cursor: string | null,
  limit = 500,
): Promise<{ rows: { id: number; tags: string[] }[]; cursor: string | null }> {
  return customersRepository(ctx.tenant).tagsPage(cursor, limit);
}

/**
 * Renames a tag on one customer (a tag renamed in the tag registry): `from` becomes `to`, with
 * the timeline entry and the per-tag counters of any profile edit. Idempotent: false when the
 * customer is gone or no longer carries `from`. A concurrent edit is a conflict (retry).
 */
export async function renameCustomerTag(
  ctx: ServiceContext,
  customerId: number,
  from: string,
  to: string,
): Promise<boolean> {
  const current = await customersRepository(ctx.tenant).get(customerId);
  if (!current || !(current.tags ?? []).includes(from)) return false;
  await replaceTags(ctx, current, [...new Set((current.tags ?? []).map((tag) => (tag === from ? to : tag)))]);
  return true;
}

// ---------------------------------------------------------------- for the portal

/** The id owning a document (digits, already normalized), or undefined. */
export async function findCustomerIdByDocument(
  ctx: ServiceContext,
  document: string,
): Promise<number | undefined> {
  return customersRepository(ctx.tenant).idByDocument(document);
}

/** What a sign-in checks: the customer's id, password hash and state (undefined when unknown). */
export async function customerCredentials(
  ctx: ServiceContext,
  document: string,
): Promise<{ id: number; passwordHash?: string; active: 'Y' | 'N' } | undefined> {
  const repo = customersRepository(ctx.tenant);
  const id = await repo.idByDocument(document);
  const customer = id ? await repo.get(id) : null;
  return customer
    ? { id: customer.id, passwordHash: customer.passwordHash, active: customer.active }
    : undefined;
}

/** A customer's own record as the portal shows it (no password, no staff-only fields). */
export async function portalCustomerRecord(
  ctx: ServiceContext,
  id: number,
): Promise<PortalCustomerRecord | undefined> {
  const customer = await customersRepository(ctx.tenant).get(id);
  return customer ? toPortalRecord(customer) : undefined;
}

/** Registers a customer from the portal (channel 'Landing Page'); `password` is required there. */
export async function registerPortalCustomer(
  ctx: ServiceContext,
  payload: PortalCustomer,
  password: string,
): Promise<{ id: number }> {
  const created = await insert(ctx, profileFromPortal(payload), await hashPassword(password));
  return { id: created.id };
}

/**
 * Updates a customer from the portal. `build` turns the stored record into the payload to
 * save (the portal's own rules: tags it offers, the document it may not change); it runs on
 * the record this update is conditioned on, so a concurrent staff edit is never overwritten.
 * Staff-only fields are kept. Undefined when the customer no longer exists.
 */
export async function updatePortalCustomer(
  ctx: ServiceContext,
  id: number,
  build: (current: PortalCustomerRecord) => PortalCustomer | Promise<PortalCustomer>,
): Promise<{ id: number } | undefined> {
  const current = await customersRepository(ctx.tenant).get(id);
  if (!current) return undefined;
  const payload = await build(toPortalRecord(current));
  const passwordHash = payload.password ? await hashPassword(payload.password) : undefined;
  await replace(ctx, current, profileFromPortal(payload, current), {
    passwordHash,
    eventType: 'portal_update',
  });
  return { id: current.id };
}

// ---------------------------------------------------------------- internals

async function insert(
  ctx: ServiceContext,
  profile: Profile,
  passwordHash: string | undefined,
): Promise<CustomerItem> {
  const actor = timelineActor(ctx.actor);
  const now = ctx.now();
  const createdAt = now.toISOString();
  const events = timelineEntries(actor, now, [
    { type: 'created', description: `Cliente cadastrado (${actor.channel})` },
    ...consentChanges(undefined, profile).map((c) => ({
      type: 'consent' as const,
      description: consentDescription(c),
      consent: { field: c.field, to: c.to },
    })),
  ]);
  return customersRepository(ctx.tenant).create(
    {
      ...profile,
      channel: actor.channel,
      passwordHash,
      basketCount: 0,
      basketTotal: 0,
      version: 1,
      createdAt,
      updatedAt: createdAt,
    },
    events,
  );
}

/** Saves a new profile with the timeline of what changed: the fields, then each consent change. */
async function replace(
  ctx: ServiceContext,
  current: CustomerItem,
  profile: Profile,
  options: { passwordHash?: string; eventType: 'updated' | 'portal_update' },
): Promise<CustomerItem> {
  // The IBGE code filled from the city's name and state (customer-backfills.service.ts) stays
  // while they do: a form or payload without it does not erase it.
  if (
    !(profile.id_city ?? '').trim() &&
    (current.id_city ?? '').trim() &&
    profile.city === current.city &&
    profile.state === current.state
  )
    profile = { ...profile, id_city: current.id_city };
  const fields = changedFields(current, profile);
  if (options.passwordHash) fields.push('password');
  const now = ctx.now();
  const { eventType } = options;
  const events = timelineEntries(timelineActor(ctx.actor), now, [
    ...(fields.length > 0
      ? [
          {
            type: eventType,
            description: `Cadastro atualizado${eventType === 'portal_update' ? ' pelo portal' : ''}: ${fields.join(', ')}`,
            fields,
          },
        ]
      : []),
    ...consentChanges(current, profile).map((c) => ({
      type: 'consent' as const,
      description: consentDescription(c),
      consent: { field: c.field, from: c.from ?? undefined, to: c.to },
    })),
  ]);
  return customersRepository(ctx.tenant).update(current, profile, {
    updatedAt: now.toISOString(),
    passwordHash: options.passwordHash,
    events,
  });
}

/** A favourite store must be one of the tenant's stores. */
async function assertStore(ctx: ServiceContext, storeId: number | undefined): Promise<void> {
  if (storeId === undefined) return;
  const stores = await listStoreRefs(ctx);
  if (!stores.some((s) => s.id === storeId)) {
    throw new InvalidError(
      { favorite_store: 'Loja favorita não encontrada.' },
      'Loja favorita não encontrada.',
    );
  }
}

// ---------------------------------------------------------------- for the checkout

/** What a checkout needs of the customer behind a document: id and consent to the programme's terms. */
export interface CheckoutCustomer {
  id: number;
  acceptedTerms: boolean;
}

/**
 * The active customer owning a typed document (any mask), for the promotion engine; undefined for
 * an unknown, invalid or inactive one (the purchase is then priced as anonymous).
 */
export async function checkoutCustomer(
  ctx: ServiceContext,
  typed: string,
): Promise<CheckoutCustomer | undefined> {
  const document = normalizeDocument(typed);
  if (!document) return undefined;
  // The narrow lookup, not customersRepository: the checkout function bundles this and no more.
  const repo = customerLookupRepository(ctx.tenant);
  const id = await repo.idByDocument(document);
  const customer = id ? await repo.get(id) : null;
  if (!customer || customer.active !== 'Y') return undefined;
  return { id: customer.id, acceptedTerms: customer.gdpr_agreement === 'Y' };
}

/** The rule of campaigns with `need_terms` (lucky numbers, points, tickets): an active customer who accepted the terms. */
const acceptsTerms = (c: { active?: string | null; gdpr_agreement?: string | null }): boolean =>
  (c.active ?? 'Y') === 'Y' && c.gdpr_agreement === 'Y';

/** Whether an active customer accepted the programme's terms (lucky numbers, points: need_terms). */
export async function customerAcceptedTerms(ctx: ServiceContext, id: number): Promise<boolean> {
  const customer = await customerLookupRepository(ctx.tenant).get(id);
  return !!customer && acceptsTerms(customer);
}

/** What a message to a customer needs: the address of each channel and whether the customer opted out of it. */
export interface CustomerContact {
  id: number;
  fullname: string;
  document: string;
  email: string | null;
  cellphone: string | null;
  active: 'Y' | 'N';
  /** Opt-outs per channel ('Y' = does not want it): e-mail, SMS, WhatsApp, app (push). */
  email_optout: 'Y' | 'N';
  cellphone_optout: 'Y' | 'N';
  whatsapp_optout: 'Y' | 'N';
  app_optout: 'Y' | 'N';
  /** The customer's favourite store (the `{{loja}}` of a message), if any. */
  favorite_store: number | null;
}

const contactOf = (c: CustomerItem): CustomerContact => ({
  id: c.id,
  fullname: c.fullname,
  document: c.document,
  email: c.email ?? null,
  cellphone: c.cellphone ?? null,
  active: c.active ?? 'Y',
  email_optout: c.email_optout ?? 'N',
  cellphone_optout: c.cellphone_optout ?? 'N',
  whatsapp_optout: c.whatsapp_optout ?? 'N',
  app_optout: c.app_optout ?? 'N',
  favorite_store: c.favorite_store ?? null,
});

/** Contacts of customers by id (BatchGets of 100); unknown ids are left out. */
export async function customerContacts(
  ctx: ServiceContext,
  ids: readonly number[],
): Promise<CustomerContact[]> {
  return (await customersRepository(ctx.tenant).getMany(ids)).map(contactOf);
}

/** A page of every customer's contact, in id order; `cursor` continues it (the whole-base audience of a send). */
export async function customerContactsPage(
  ctx: ServiceContext,
  cursor: string | undefined,
  limit = 500,
): Promise<{ contacts: CustomerContact[]; cursor: string | undefined }> {
  const page = await customersRepository(ctx.tenant).idPage(cursor, Math.min(Math.max(1, limit), 1000));
  return { contacts: page.data.map(contactOf), cursor: page.cursor };
}

/**
 * How many customers a channel reaches (active, with the address, not opted out: the counters kept
 * on write), for the whole-base send estimate.
 */
export async function customerReach(ctx: ServiceContext, channel: ReachChannel): Promise<number> {
  return customersRepository(ctx.tenant).reach(channel);
}

/** How many customers the tenant has (the counter kept on write). */
export async function customerTotal(ctx: ServiceContext): Promise<number> {
  return customersRepository(ctx.tenant).total();
}

// ---------------------------------------------------------------- for sales orders

/** The customer snapshot a sales order keeps (spec part 3 §3 'Sale (cart)'). */
export interface SaleCustomerSnapshot {
  id: number;
  fullname: string;
  document: string;
  active: boolean;
  favorite_store_id: number | null;
  zipcode: string;
  address: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  email: string;
  cellphone: string;
}

/** The customer of a sales order, or undefined when unknown (one GetItem, the narrow lookup). */
export async function saleCustomer(
  ctx: ServiceContext,
  id: number,
): Promise<SaleCustomerSnapshot | undefined> {
  const c = await customerLookupRepository(ctx.tenant).get(id);
  if (!c) return undefined;
  return {
    id: c.id,
    fullname: c.fullname,
    document: c.document,
    active: c.active === 'Y',
    favorite_store_id: c.favorite_store ?? null,
    zipcode: c.zipcode ?? '',
    address: c.address ?? '',
    number: c.number ?? '',
    complement: c.complement ?? '',
    neighborhood: c.neighborhood ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    email: c.email ?? '',
    cellphone: c.cellphone ?? '',
  };
}

/** Which of these customers accepted the programme's terms (campaigns with `need_terms`); unknown ids are false. */
export async function customersWithTerms(ctx: ServiceContext, ids: readonly number[]): Promise<Set<number>> {
  const found = await customersRepository(ctx.tenant).getMany([...new Set(ids)]);
  return new Set(found.filter(acceptsTerms).map((c) => c.id));
}
