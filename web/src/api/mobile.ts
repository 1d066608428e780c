import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MobileDashboard } from '@freguesia/shared/schemas/mobile';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/** The mobile app admin (spec part 3 §7): GET /web/dashboard/mobile. App categories are catalog's (api/catalog.ts). */

export type { MobileDashboard };

export async function getMobileDashboard(days: number, signal?: AbortSignal): Promise<MobileDashboard> {
  return parseAnswer(MobileDashboard, await api.get('/web/dashboard/mobile', { query: { days }, signal }));
}

/** The dashboard of the last `days` days; the app's events arrive all day, so it refreshes every minute. */
export const useMobileDashboard = (days: number) =>
  useQuery({
    queryKey: tenantKey('mobile', 'dashboard', days),
    queryFn: ({ signal }) => getMobileDashboard(days, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
