import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { classify, npsScore, type NpsClassification } from '@freguesia/shared/domain/nps';
import type { NpsDashboard } from '@freguesia/shared/schemas/nps';
import type { ServiceContext } from '../lib/context';
import { npsRepository, type NpsDailyItem } from './nps.repository';

/** Observations listed at most (the newest of the window). */
export const OBSERVATIONS_MAX = 200;

const SCORES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const countOf = (day: NpsDailyItem, score: number): number =>
  (day as unknown as Record<string, number | undefined>)[`s${score}`] ?? 0;

/**
 * GET /web/nps/dashboard?days (spec part 3 §3 'NPS', §4): answers per score, per month and class,
 * and the observations of the last `days` days (today included, Brasília). Two Queries whatever
 * the number of answers: the day counters kept when each answer is written (≤ 181 small items)
 * and the newest observations.
 */
export async function npsDashboard(ctx: ServiceContext, days: number): Promise<NpsDashboard> {
  const today = localDay(ctx.now());
  const from = addDays(today, -(days - 1));
  const repo = npsRepository(ctx.tenant);
  // The window's first instant in UTC: 00:00 in Brasília (UTC−3, no daylight saving since 2019).
  const fromInstant = new Date(`${from}T03:00:00.000Z`).toISOString();
  const [daily, observations] = await Promise.all([
    repo.days(from, today),
    repo.observations(fromInstant, OBSERVATIONS_MAX),
  ]);
  const scores = new Map<number, number>();
  const months = new Map<string, Record<NpsClassification, number>>();
  for (const day of daily) {
    const month = day.day.slice(0, 7);
    const m = months.get(month) ?? { detractor: 0, passive: 0, promoter: 0 };
    for (const score of SCORES) {
      const n = countOf(day, score);
      if (!n) continue;
      scores.set(score, (scores.get(score) ?? 0) + n);
      m[classify(score)] += n;
    }
    months.set(month, m);
  }
  const totals = { detractor: 0, passive: 0, promoter: 0 };
  for (const [score, qty] of scores) totals[classify(score)] += qty;
  return {
    scores: SCORES.map((score) => ({ score, qty: scores.get(score) ?? 0 })),
    month_scores: [...months]
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([month, m]) =>
        (['detractor', 'passive', 'promoter'] as const).map((classification) => ({
          month,
          classification,
          qty: m[classification],
        })),
      ),
    observations: observations.map((o) => ({
      id_customer: o.customer,
      score: o.score,
      observation: o.observation,
      answered_at: o.answered_at,
      origin: o.origin,
    })),
    total: totals.detractor + totals.passive + totals.promoter,
    nps: npsScore(totals),
    promoters: totals.promoter,
    passives: totals.passive,
    detractors: totals.detractor,
  };
}
