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
import { dayOfVisit, planVisitWrites, type SecondVisits } from './visit-writes.model';
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
    const day = dayOfVisit(visit.at);
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
  const byId = new Map<string, PendingVisit[]>();
  for (const p of pending) {
    const same = byId.get(p.visit.visit);
    if (same) same.push(p);
    else byId.set(p.visit.visit, [p]);
  }
  const first = pending[0]!;
  for (const write of planVisitWrites(pending.map((p) => p.visit))) {
    const waiting = write.flatMap((s) => s.visits.flatMap((id) => byId.get(id) ?? []));
    try {
      await countWrite(ctx, first, write);
      for (const p of waiting) p.done();
    } catch (error) {
      for (const p of waiting) p.done(error);
    }
  }
}

async function countWrite(ctx: ServiceContext, first: PendingVisit, write: SecondVisits[]): Promise<void> {
  const repository = shortLinksRepository(ctx.tenant);
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  const linkId = first.visit.id;
  let slug = first.visit.slug;
  let seconds = write;
  let renamed = false;
  // Each round either counts, or drops the visits counted before (a redelivery), or follows a rename once.
  while (seconds.length > 0) {
    const result = await repository.countVisits({ id: linkId, day: first.day, nowSeconds, slug, seconds });
    if (result.outcome === 'counted') return;
    if (result.outcome === 'duplicate') {
      const next: SecondVisits[] = [];
      for (const s of seconds) {
        if (!result.seconds.includes(s.second)) {
          next.push(s);
          continue;
        }
        const counted = await repository.countedIn(linkId, s.second);
        const fresh = s.visits.filter((v) => !counted.has(v));
        // The condition failed, so one of the ids is there: never the same write again.
        if (fresh.length === s.visits.length)
          throw new Error(`short-link visits of ${s.second}: condition failed, none counted`);
        if (fresh.length > 0) next.push({ second: s.second, visits: fresh });
      }
      seconds = next;
      continue;
    }
    const current = renamed ? null : await repository.byId(linkId);
    if (!current || current.slug === slug) {
      logger.info('short-link visits of a removed link dropped', {
        id: linkId,
        visits: seconds.reduce((sum, s) => sum + s.visits.length, 0),
      });
      return;
    }
    slug = current.slug;
    renamed = true;
  }
}
