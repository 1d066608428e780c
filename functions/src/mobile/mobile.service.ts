import { addDays, localDay } from '@freguesia/shared/domain/dates';
import {
  MOBILE_LIMITS,
  MOBILE_MESSAGES,
  type AppEventsInput,
  type AppEventsResult,
  type AppPlatform,
  type MobileDashboard,
} from '@freguesia/shared/schemas/mobile';
import type { ServiceContext } from '../lib/context';
import { forbidden, invalid } from '../lib/errors';
import { limit } from '../lib/ratelimit';
import { recordActivity } from '../segmentation/population.service';
import { DAY_USE_TTL_DAYS, mobileRepository, type DayOpens, type DayUse } from './mobile.repository';

/**
 * The mobile app admin's figures and the app's usage events (functions/README.md, "Mobile app").
 * Events are counted on write, once each (the event id), and the facts the segmentation's app
 * conditions read (used the app on a day and platform, a push id) are recorded there once.
 */

/** Requests per customer and minute on the events endpoint (the app batches its events). */
export const EVENTS_RATE = { max: 30, windowSeconds: 60 } as const;

interface NormalisedEvent {
  id: string;
  type: 'open' | 'push_registered';
  platform: AppPlatform;
  at: string;
  day: string;
  push_id?: string;
}

function normalise(ctx: ServiceContext, input: AppEventsInput): NormalisedEvent[] {
  const now = ctx.now().getTime();
  const oldest = now - MOBILE_LIMITS.eventAgeDaysMax * 86_400_000;
  const newest = now + MOBILE_LIMITS.eventSkewMinutesMax * 60_000;
  const seen = new Set<string>();
  const events: NormalisedEvent[] = [];
  input.events.forEach((e, i) => {
    const time = e.at ? Date.parse(e.at) : now;
    if (!Number.isFinite(time)) throw invalid({ [`events.${i}.at`]: MOBILE_MESSAGES.at });
    if (time < oldest || time > newest) throw invalid({ [`events.${i}.at`]: MOBILE_MESSAGES.atWindow });
    // The same id twice in one request is one event.
    if (seen.has(e.id)) return;
    seen.add(e.id);
    const at = new Date(time).toISOString();
    events.push({
      id: e.id,
      type: e.type,
      platform: e.platform,
      at,
      day: localDay(new Date(time)),
      push_id: e.push_id,
    });
  });
  return events;
}

/**
 * POST /api/app/events: the signed-in customer's app reports its usage. Idempotent per event id
 * (a resend answers it as a duplicate and counts nothing); rate-limited per customer. Order
 * matters for a retry after a failure half-way: the facts (segmentation activity, day use,
 * device) are written before the event ids, and each of them is itself written once, so a
 * resend completes what was missing and counts nothing twice.
 */
export async function recordAppEvents(ctx: ServiceContext, input: AppEventsInput): Promise<AppEventsResult> {
  if (ctx.actor.kind !== 'customer') throw forbidden();
  const customer = ctx.actor.customerId;
  await limit(ctx.tenant, `app-events:customer:${customer}`, EVENTS_RATE.max, EVENTS_RATE.windowSeconds);
  const events = normalise(ctx, input);
  const repo = mobileRepository(ctx.tenant);

  const known = await repo.knownEvents(
    customer,
    events.map((e) => e.id),
  );
  const fresh = events.filter((e) => !known.has(e.id));
  if (fresh.length === 0) return { accepted: 0, duplicates: input.events.length };

  // The first use of each (day, platform) among the new events.
  const firstUse = new Map<string, NormalisedEvent>();
  for (const e of fresh) {
    const k = `${e.day}#${e.platform}`;
    const current = firstUse.get(k);
    if (!current || e.at < current.at) firstUse.set(k, e);
  }
  const uses: DayUse[] = [...firstUse.values()].map((e) => ({ day: e.day, platform: e.platform }));
  const [device, countedUses] = await Promise.all([repo.device(customer), repo.knownDayUses(customer, uses)]);
  const useExpiry = Math.floor(ctx.now().getTime() / 1000) + DAY_USE_TTL_DAYS * 86_400;

  if (!device?.first_at)
    await repo.countCustomer(
      customer,
      fresh.reduce((a, e) => (e.at < a ? e.at : a), fresh[0]!.at),
    );
  for (const platform of new Set(fresh.map((e) => e.platform)))
    if (!device?.[platform]) await repo.countFlag(customer, platform);

  for (const [k, e] of firstUse) {
    if (countedUses.has(k)) continue;
    await recordActivity(ctx, { customerId: customer, kind: 'app_used', at: e.at, platform: e.platform });
    await repo.countDayUse(customer, { day: e.day, platform: e.platform }, useExpiry);
  }

  const pushes = fresh.filter((e) => e.type === 'push_registered');
  const lastPush = pushes.reduce<NormalisedEvent | undefined>(
    (a, e) => (!a || e.at >= a.at ? e : a),
    undefined,
  );
  if (lastPush?.push_id) {
    if (!device?.push) {
      await recordActivity(ctx, {
        customerId: customer,
        kind: 'push_registered',
        at: lastPush.at,
        platform: lastPush.platform,
      });
      await repo.countFlag(customer, 'push');
    }
    if (device?.push_id !== lastPush.push_id)
      await repo.setPushId(customer, lastPush.push_id, lastPush.platform);
  }

  const opensOf = (list: readonly NormalisedEvent[]): DayOpens[] => {
    const byDay = new Map<string, DayOpens>();
    for (const e of list) {
      if (e.type !== 'open') continue;
      const d = byDay.get(e.day) ?? { day: e.day, android: 0, ios: 0 };
      d[e.platform] += 1;
      byDay.set(e.day, d);
    }
    return [...byDay.values()];
  };

  if (await repo.saveEvents(customer, fresh, opensOf(fresh), ctx.now()))
    return { accepted: fresh.length, duplicates: input.events.length - fresh.length };
  // A concurrent resend stored some of these ids meanwhile: one by one, each counted once.
  let accepted = 0;
  for (const e of fresh) if (await repo.saveEvents(customer, [e], opensOf([e]), ctx.now())) accepted++;
  return { accepted, duplicates: input.events.length - accepted };
}

/**
 * GET /web/dashboard/mobile (spec part 3 §2, §3 'Mobile'): customers who used the app per day and
 * platform over the last `days` days (today included, Brasília), the app customers, those
 * reachable by push and the split by platform. Two requests at any volume (the totals item and
 * one Query of the window's day counters). App customers belong to no store: `store_id` is
 * accepted as the spec sends it and the figures are the tenant's.
 */
export async function mobileDashboard(ctx: ServiceContext, days: number): Promise<MobileDashboard> {
  const today = localDay(ctx.now());
  const from = addDays(today, -(days - 1));
  const repo = mobileRepository(ctx.tenant);
  const [totals, daily] = await Promise.all([repo.totals(), repo.days(from, today)]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const series: string[] = [];
  for (let day = from; day <= today; day = addDays(day, 1)) series.push(day);
  return {
    perHour: {
      series,
      androidCustomers: series.map((d) => byDay.get(d)?.android ?? 0),
      iosCustomers: series.map((d) => byDay.get(d)?.ios ?? 0),
    },
    total_customers: { qty: totals?.customers ?? 0 },
    reachable_customers: { qty: totals?.reachable ?? 0 },
    ios_customers: { qty: totals?.ios ?? 0 },
    android_customers: { qty: totals?.android ?? 0 },
  };
}
