import { describe, expect, it } from 'vitest';
import type { MobileDashboard } from '@freguesia/shared/schemas/mobile';
import { daysOf, platformSlices, reachableShare, usagePoints } from './dashboard-model';

const info = (
  over: Partial<Record<'total' | 'reachable' | 'android' | 'ios', number>> = {},
): MobileDashboard => ({
  perHour: { series: ['2026-11-25', '2026-11-26'], androidCustomers: [3, 5], iosCustomers: [1, 0] },
  total_customers: { qty: over.total ?? 8 },
  reachable_customers: { qty: over.reachable ?? 3 },
  android_customers: { qty: over.android ?? 6 },
  ios_customers: { qty: over.ios ?? 2 },
});

describe('mobile dashboard', () => {
  it('keeps the window within 1–180 days, 30 by default', () => {
    expect(daysOf(null)).toBe(30);
    expect(daysOf('abc')).toBe(30);
    expect(daysOf('0')).toBe(1);
    expect(daysOf('400')).toBe(180);
    expect(daysOf('90')).toBe(90);
  });

  it('plots customers per day and platform, days as DD/MM', () => {
    expect(usagePoints(info().perHour)).toEqual([
      { day: '25/11', Android: 3, iOS: 1 },
      { day: '26/11', Android: 5, iOS: 0 },
    ]);
  });

  it('slices the pie by platform, leaving out a platform nobody uses', () => {
    expect(platformSlices(info())).toEqual([
      { platform: 'Android', qty: 6 },
      { platform: 'iOS', qty: 2 },
    ]);
    expect(platformSlices(info({ ios: 0 }))).toEqual([{ platform: 'Android', qty: 6 }]);
  });

  it('shows the reachable share of the app customers', () => {
    expect(reachableShare(info())).toBe('37,5%');
    expect(reachableShare(info({ total: 0, reachable: 0 }))).toBe('—');
  });
});
