import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/** GET /web/dashboard (spec part 3 §7, 'Dashboard info' §3): the month's figures, money in reais. */

const qty = z.number().int().nonnegative();
const money = z.number();

export const DashboardInfo = z.object({
  salesMonth: z.object({ total: money, avg_ticket: money, qty: qty.optional() }),
  salesMonthClub: z.object({ total: money, qty: qty.optional() }),
  salesMonthNotClub: z.object({ total: money, qty: qty.optional() }),
  perHour: z.object({
    series: z.array(z.string()),
    loyalSells: z.array(z.number()),
    notloyalSells: z.array(z.number()),
  }),
  totalCustomersByTags: z.array(z.object({ tag: z.string(), qty })),
  totalCustomersByChannel: z.array(z.object({ channel: z.string(), qty })),
  totalCustomersMonthByChannel: z.array(z.object({ channel: z.string(), qty })),
});
export type DashboardInfo = z.infer<typeof DashboardInfo>;

export const DashboardAnswer = z.object({
  dashboardInfo: DashboardInfo,
  /** The store shown (null: every store). */
  store_id: z.number().nullable().optional(),
  /** The stores this user may pick. */
  stores: z.array(z.object({ id: z.number(), name: z.string() })).default([]),
});
export type DashboardAnswer = z.infer<typeof DashboardAnswer>;

export async function getDashboard(
  storeId: number | undefined,
  signal?: AbortSignal,
): Promise<DashboardAnswer> {
  const query = storeId ? { store_id: String(storeId) } : undefined;
  return parseAnswer(DashboardAnswer, await api.get('/web/dashboard', { query, signal }));
}

/** The dashboard of a store (undefined: every store the user may see); the previous one stays while the next loads. */
export const useDashboard = (storeId: number | undefined) =>
  useQuery({
    queryKey: tenantKey('dashboard', storeId ?? 'all'),
    queryFn: ({ signal }) => getDashboard(storeId, signal),
    placeholderData: keepPreviousData,
    // Figures follow the sales as the stream brings them in.
    refetchInterval: 60_000,
  });
