import { NPS_LIMITS } from '@freguesia/shared/domain/nps';
import type { NpsDashboard } from '../../api/nps';

/** Portuguese names of the classes (spec part 3 §4). */
export const CLASS_LABELS = { detractor: 'Detratores', passive: 'Neutros', promoter: 'Promotores' } as const;

/** The analysis window from the address (?days=): 1–180, default 30. */
export function daysOf(param: string | null): number {
  const n = Number(param);
  return Number.isInteger(n) && n >= NPS_LIMITS.daysMin && n <= NPS_LIMITS.daysMax
    ? n
    : NPS_LIMITS.daysDefault;
}

/** 'YYYY-MM' → 'mm/aaaa'. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** One row per month: its detractors, passives, promoters and NPS. */
export function monthRows(d: Pick<NpsDashboard, 'month_scores'>) {
  const rows = new Map<string, { month: string; detractor: number; passive: number; promoter: number }>();
  for (const m of d.month_scores) {
    const row = rows.get(m.month) ?? { month: m.month, detractor: 0, passive: 0, promoter: 0 };
    row[m.classification] += m.qty;
    rows.set(m.month, row);
  }
  return [...rows.values()]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((r) => {
      const total = r.detractor + r.passive + r.promoter;
      const nps = total ? Math.round(((r.promoter - r.detractor) / total) * 10_000) / 100 : 0;
      return { ...r, total, nps };
    });
}

/** The NPS as shown: two decimals, comma. */
export const formatNps = (n: number) =>
  n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
