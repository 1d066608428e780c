import { describe, expect, it } from 'vitest';
import type { CustomersChange } from '../customers/changes.service';
import { DeltaSet, deltasOf, toDashboardInfo, type Counters } from './aggregates.model';

const sale = { id: 1, store: 2, totalCentavos: 2_450, identified: false, at: '2026-03-10 18:05:00' };
const customer = {
  id: 7,
  channel: 'PDV',
  store: 2,
  tags: ['VIP', 'Vinhos'],
  registeredAt: '2026-03-01T02:00:00.000Z',
};

/** Applies changes as the stream processor would, into counter items by `scope|period`. */
function apply(...changes: CustomersChange[]): Map<string, Counters> {
  const set = new DeltaSet();
  for (const c of changes) set.merge(deltasOf(c));
  const items = new Map<string, Counters>();
  for (const d of set.list()) {
    const item = items.get(`${d.scope}|${d.period}`) ?? {};
    for (const [k, v] of Object.entries(d.add)) item[k] = (item[k] ?? 0) + v;
    items.set(`${d.scope}|${d.period}`, item);
  }
  return items;
}

describe('dashboard aggregates model', () => {
  it('counts a sale in its store and in all stores, by month and hour of the day', () => {
    const items = apply({ kind: 'purchase', tenant: 't', after: sale });
    for (const scope of ['all', 'store-2']) {
      expect(items.get(`${scope}|2026-03`)).toEqual({ sales_n: 1, sales_t: 2_450, h18_not: 1 });
    }
  });

  it('moves an associated sale to the identified figures and nets to nothing when undone', () => {
    const identified = { ...sale, identified: true };
    const items = apply(
      { kind: 'purchase', tenant: 't', after: sale },
      { kind: 'purchase', tenant: 't', before: sale, after: identified },
    );
    expect(items.get('all|2026-03')).toEqual({
      sales_n: 1,
      sales_t: 2_450,
      club_n: 1,
      club_t: 2_450,
      h18_club: 1,
    });
    expect(apply({ kind: 'purchase', tenant: 't', before: sale, after: sale }).size).toBe(0);
  });

  it('counts a registration by channel in its business month (America/Sao_Paulo) and by tag', () => {
    const items = apply({ kind: 'customer', tenant: 't', after: customer });
    // 02:00 UTC on March 1st is still February 28th in São Paulo.
    expect(items.get('all|2026-02')).toEqual({ 'ch#PDV': 1 });
    expect(items.get('all|total')).toEqual({ 'ch#PDV': 1, 'tag#VIP': 1, 'tag#Vinhos': 1 });
    const removed = apply(
      { kind: 'customer', tenant: 't', after: customer },
      { kind: 'customer', tenant: 't', before: customer },
    );
    expect(removed.size).toBe(0);
  });

  it('answers the spec fields with money in reais and the average ticket', () => {
    const info = toDashboardInfo(
      { sales_n: 3, sales_t: 10_000, club_n: 1, club_t: 4_000, h09_club: 1, h18_not: 2, 'ch#PDV': 2 },
      { 'ch#PDV': 5, 'ch#Landing Page': 9, 'tag#VIP': 3, 'tag#Zerada': 0 },
    );
    expect(info.salesMonth).toEqual({ total: 100, avg_ticket: 33.33, qty: 3 });
    expect(info.salesMonthClub).toEqual({ total: 40, qty: 1 });
    expect(info.salesMonthNotClub).toEqual({ total: 60, qty: 2 });
    expect(info.perHour.series[9]).toBe('09h');
    expect(info.perHour.loyalSells[9]).toBe(1);
    expect(info.perHour.notloyalSells[18]).toBe(2);
    expect(info.totalCustomersByChannel).toEqual([
      { channel: 'Landing Page', qty: 9 },
      { channel: 'PDV', qty: 5 },
    ]);
    expect(info.totalCustomersMonthByChannel).toEqual([{ channel: 'PDV', qty: 2 }]);
    expect(info.totalCustomersByTags).toEqual([{ tag: 'VIP', qty: 3 }]);
  });
});
