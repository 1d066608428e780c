import { TZDate } from '@date-fns/tz';
import { TIME_ZONE, addDays, localDay } from '@freguesia/shared/domain/dates';
import { normalizeText } from '@freguesia/shared/domain/text';
import {
  SHORTLINK_MESSAGES,
  shortLinkPrefix,
  type ShortLink,
  type ShortLinkInput,
  type ShortLinkList,
  type ShortLinkListQuery,
  type ShortLinkVisits,
} from '@freguesia/shared/schemas/shortlink';
import type { ServiceContext } from '../lib/context';
import { notFound } from '../lib/errors';
import { paginateArray } from '../lib/ddb/pagination';
import { logger } from '../lib/logger';
import { readSettingValue } from '../settings/settings.service';
import { shortLinksRepository, type ShortLinkFields, type ShortLinkRecord } from './shortlinks.repository';
import type { ShortLinkVisit } from './visits.schema';

/**
 * Short links (spec part 3 §2 'Short links', §3, §5, §7, §8): the screen's list, create, edit and
 * delete, the visits per day, and the counting of the visits the redirect (`redirect.ts`) queues.
 * `origin` is the tenant host the request came on (`https://demo.example.com`), the prefix of the
 * shared address while the `shortlink_domain` setting is empty.
 */

async function prefixOf(ctx: ServiceContext, origin: string): Promise<string> {
  const domain = await readSettingValue(ctx, 'shortlink_domain');
  return shortLinkPrefix(ctx.tenant, domain, origin);
}

function answer(link: ShortLinkRecord, prefix: string): ShortLink {
  return {
    id: link.id,
    description: link.description,
    url: link.url,
    slug: link.slug,
    shortlink: `${prefix}${link.slug}`,
    active: link.active,
    access_count: link.accessCount ?? 0,
    expires_at: link.expiresOn ?? null,
    max_visits: link.maxVisits ?? null,
    created_at: link.createdAt,
    updated_at: link.updatedAt,
  };
}

/** The last instant of `day` in America/Sao_Paulo. */
const endOfBusinessDay = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 23, 59, 59, 999, TIME_ZONE).getTime()).toISOString();
};

const fieldsOf = (input: ShortLinkInput): ShortLinkFields => ({
  description: input.description,
  url: input.url,
  slug: input.slug,
  active: input.active,
  ...(input.expires_at
    ? { expiresOn: input.expires_at, validUntil: endOfBusinessDay(input.expires_at) }
    : {}),
  ...(input.max_visits ? { maxVisits: input.max_visits } : {}),
});

/** GET /web/shortlinks: newest first, `active` and the text `filter` (description, URL, slug). */
export async function listShortLinks(
  ctx: ServiceContext,
  query: ShortLinkListQuery,
  origin: string,
): Promise<ShortLinkList> {
  const [links, prefix] = await Promise.all([shortLinksRepository(ctx.tenant).list(), prefixOf(ctx, origin)]);
  const needle = query.filter ? normalizeText(query.filter) : '';
  const rows = links
    .filter((l) => query.active === undefined || l.active === query.active)
    .filter(
      (l) =>
        !needle ||
        normalizeText(l.description).includes(needle) ||
        normalizeText(l.url).includes(needle) ||
        normalizeText(l.slug).includes(needle),
    )
    .sort((a, b) => b.id - a.id)
    .map((l) => answer(l, prefix));
  return { ...paginateArray(rows, query.page, query.per_page), prefix };
}

export async function createShortLink(
  ctx: ServiceContext,
  input: ShortLinkInput,
  origin: string,
): Promise<ShortLink> {
  const link = await shortLinksRepository(ctx.tenant).create(fieldsOf(input), ctx.now().toISOString());
  return answer(link, await prefixOf(ctx, origin));
}

async function existing(ctx: ServiceContext, id: number): Promise<ShortLinkRecord> {
  const link = await shortLinksRepository(ctx.tenant).byId(id);
  if (!link) throw notFound(SHORTLINK_MESSAGES.notFound);
  return link;
}

export async function updateShortLink(
  ctx: ServiceContext,
  id: number,
  input: ShortLinkInput,
  origin: string,
): Promise<ShortLink> {
  const current = await existing(ctx, id);
  const link = await shortLinksRepository(ctx.tenant).update(
    current,
    fieldsOf(input),
    ctx.now().toISOString(),
  );
  return answer(link, await prefixOf(ctx, origin));
}

export async function deleteShortLink(ctx: ServiceContext, id: number): Promise<void> {
  await shortLinksRepository(ctx.tenant).remove(await existing(ctx, id));
}

/** Visits per business day of the last `days` days (today included), zeros filled in. */
export async function shortLinkVisits(
  ctx: ServiceContext,
  id: number,
  days: number,
): Promise<ShortLinkVisits> {
  await existing(ctx, id);
  const today = localDay(ctx.now());
  const from = addDays(today, -(days - 1));
  const stored = new Map(
    (await shortLinksRepository(ctx.tenant).days(id, from)).map((d) => [d.day, d.visits] as const),
  );
  const data = Array.from({ length: days }, (_, i) => {
    const day = addDays(from, i);
    return { day, visits: stored.get(day) ?? 0 };
  });
  return { data, total: data.reduce((sum, d) => sum + d.visits, 0) };
}

/** Visits of one transaction at most: 98 markers + the link + its day (DynamoDB's 100 items). */
const VISITS_PER_WRITE = 98;

interface PendingVisit {
  visit: ShortLinkVisit;
  day: string;
  done: (error?: unknown) => void;
}

/** Visits handed over in this turn of the event loop, by tenant, link and day. */
let buffer: Map<string, { ctx: ServiceContext; visits: PendingVisit[] }> | undefined;

/**
 * Counts a visit queued by the redirect, once whatever the redeliveries. The visits of one
 * consumer batch (its records run side by side) are buffered for a turn of the event loop and
 * counted together: one transaction per link and day instead of one per visit. A link renamed
 * since the visit counts on its new slug; a removed one drops the visit.
 */
export function countShortLinkVisit(ctx: ServiceContext, visit: ShortLinkVisit): Promise<void> {
  return new Promise((resolve, reject) => {
    const day = localDay(new Date(visit.at));
    if (!buffer) {
      buffer = new Map();
      setImmediate(() => {
        const groups = buffer!;
        buffer = undefined;
        for (const group of groups.values()) void flushGroup(group.ctx, group.visits);
      });
    }
    const key = `${ctx.tenant}|${visit.slug}|${visit.id}|${day}`;
    const group = buffer.get(key) ?? { ctx, visits: [] };
    group.visits.push({ visit, day, done: (error) => (error ? reject(error) : resolve()) });
    buffer.set(key, group);
  });
}

async function flushGroup(ctx: ServiceContext, pending: PendingVisit[]): Promise<void> {
  for (let at = 0; at < pending.length; at += VISITS_PER_WRITE) {
    const chunk = pending.slice(at, at + VISITS_PER_WRITE);
    try {
      await countChunk(ctx, chunk);
      for (const p of chunk) p.done();
    } catch (error) {
      for (const p of chunk) p.done(error);
    }
  }
}

async function countChunk(ctx: ServiceContext, chunk: PendingVisit[]): Promise<void> {
  const repository = shortLinksRepository(ctx.tenant);
  const first = chunk[0]!;
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  let slug = first.visit.slug;
  let visits = chunk.map((p) => p.visit.visit);
  let renamed = false;
  // Each round either counts, or drops the visits counted before (a redelivery), or follows a rename once.
  while (visits.length > 0) {
    const result = await repository.countVisits({
      id: first.visit.id,
      day: first.day,
      nowSeconds,
      slug,
      visits,
    });
    if (result.outcome === 'counted') return;
    if (result.outcome === 'duplicate') {
      const already = new Set(result.already);
      visits = visits.filter((v) => !already.has(v));
      continue;
    }
    const current = renamed ? null : await repository.byId(first.visit.id);
    if (!current || current.slug === slug) {
      logger.info('short-link visits of a removed link dropped', {
        id: first.visit.id,
        visits: visits.length,
      });
      return;
    }
    slug = current.slug;
    renamed = true;
  }
}
