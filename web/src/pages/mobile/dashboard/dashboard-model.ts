import type { MobileDashboard } from '@freguesia/shared/schemas/mobile';
import { MOBILE_LIMITS } from '@freguesia/shared/schemas/mobile';

/** The /mobile/dashboard screen's logic (spec part 3 §2, §3 'Mobile'). */

export const ANDROID = 'Android';
export const IOS = 'iOS';

/** The window asked for (?days=), within 1–180, 30 by default. */
export function daysOf(value: string | null): number {
  const n = Number(value);
  if (!value || !Number.isInteger(n)) return MOBILE_LIMITS.daysDefault;
  return Math.min(MOBILE_LIMITS.daysMax, Math.max(MOBILE_LIMITS.daysMin, n));
}

/** The area chart's points: one per day ('DD/MM'), customers on Android and on iOS. */
export function usagePoints(
  perHour: MobileDashboard['perHour'],
): { day: string; Android: number; iOS: number }[] {
  return perHour.series.map((date, i) => ({
    day: `${date.slice(8, 10)}/${date.slice(5, 7)}`,
    [ANDROID]: perHour.androidCustomers[i] ?? 0,
    [IOS]: perHour.iosCustomers[i] ?? 0,
  })) as { day: string; Android: number; iOS: number }[];
}

/** The pie of customers by platform (platforms with nobody left out). */
export function platformSlices(info: MobileDashboard): { platform: string; qty: number }[] {
  return [
    { platform: ANDROID, qty: info.android_customers.qty },
    { platform: IOS, qty: info.ios_customers.qty },
  ].filter((s) => s.qty > 0);
}

/** Share of the app's customers reachable by push, as '42,5%' ('—' with no customers). */
export function reachableShare(info: MobileDashboard): string {
  const total = info.total_customers.qty;
  if (total <= 0) return '—';
  const share = (info.reachable_customers.qty / total) * 100;
  return `${share.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
}
