import { localDay } from '@freguesia/shared/domain/dates';
import { centsToNumber } from '@freguesia/shared/domain/money';
import type { CustomerFacts, CustomersChange, PurchaseFacts } from '../customers/changes.service';

/**
 * The dashboard's aggregates, pure (no I/O). Figures live in wide items, one per
 * (tenant, scope, period): scope `all` or `store-<id>`, period a business month `YYYY-MM` or
 * `total`. Every change adds signed deltas to named counters of those items (DynamoDB ADD),
 * so the dashboard is two item reads whatever the number of purchases.
 *
 * Counters of a month item: `sales_n`/`sales_t` (purchases, centavos), `club_n`/`club_t`
 * (identified purchases), `hHH_club`/`hHH_not` (purchases per hour of the day, identified or
 * not), `ch#<channel>` (registrations of the month). Of the `total` item: `ch#<channel>` and
 * `tag#<tag>` (customers now). Customers count in the scope of their favourite store.
 */

export type Scope = 'all' | `store-${number}`;
export type Period = 'total' | `${number}-${number}`;

export interface ItemDelta {
  tenant: string;
  scope: Scope;
  period: Period;
  add: Record<string, number>;
}

export const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

const storeScope = (store: number | undefined): Scope[] =>
  store !== undefined && store > 0 ? ['all', `store-${store}`] : ['all'];

/** Deltas keyed by item, merged across changes (one update per item and batch). */
export class DeltaSet {
  private readonly items = new Map<string, ItemDelta>();

  add(tenant: string, scope: Scope, period: Period, counter: string, value: number): void {
    if (value === 0) return;
    const id = itemId(tenant, scope, period);
    const item = this.items.get(id) ?? { tenant, scope, period, add: {} };
    item.add[counter] = (item.add[counter] ?? 0) + value;
    this.items.set(id, item);
  }

  /** Adds every delta of `other`. */
  merge(other: DeltaSet): void {
    for (const d of other.list())
      for (const [counter, value] of Object.entries(d.add))
        this.add(d.tenant, d.scope, d.period, counter, value);
  }

  /** The items with at least one non-zero delta. */
  list(): ItemDelta[] {
    return [...this.items.values()]
      .map((d) => ({ ...d, add: Object.fromEntries(Object.entries(d.add).filter(([, v]) => v !== 0)) }))
      .filter((d) => Object.keys(d.add).length > 0);
  }

  get size(): number {
    return this.list().length;
  }
}

export const itemId = (tenant: string, scope: Scope, period: Period) => `${tenant}|${scope}|${period}`;

function purchase(set: DeltaSet, tenant: string, p: PurchaseFacts, sign: 1 | -1): void {
  const month = p.at.slice(0, 7) as Period;
  const hour = p.at.slice(11, 13);
  for (const scope of storeScope(p.store)) {
    set.add(tenant, scope, month, 'sales_n', sign);
    set.add(tenant, scope, month, 'sales_t', sign * p.totalCentavos);
    if (p.identified) {
      set.add(tenant, scope, month, 'club_n', sign);
      set.add(tenant, scope, month, 'club_t', sign * p.totalCentavos);
    }
    set.add(tenant, scope, month, `h${hour}_${p.identified ? 'club' : 'not'}`, sign);
  }
}

function customer(set: DeltaSet, tenant: string, c: CustomerFacts, sign: 1 | -1): void {
  const month = localDay(new Date(c.registeredAt)).slice(0, 7) as Period;
  for (const scope of storeScope(c.store)) {
    set.add(tenant, scope, 'total', `ch#${c.channel}`, sign);
    set.add(tenant, scope, month, `ch#${c.channel}`, sign);
    for (const tag of c.tags) set.add(tenant, scope, 'total', `tag#${tag}`, sign);
  }
}

/** What one change of the customers domain adds to the aggregates: `after` minus `before`. */
export function deltasOf(change: CustomersChange): DeltaSet {
  const set = new DeltaSet();
  if (change.kind === 'purchase') {
    if (change.before) purchase(set, change.tenant, change.before, -1);
    if (change.after) purchase(set, change.tenant, change.after, 1);
  } else {
    if (change.before) customer(set, change.tenant, change.before, -1);
    if (change.after) customer(set, change.tenant, change.after, 1);
  }
  return set;
}

/** A counter item as read: counter name → value. */
export type Counters = Record<string, number>;

const byPrefix = (counters: Counters, prefix: string, key: string) =>
  Object.entries(counters)
    .filter(([name, qty]) => name.startsWith(prefix) && qty > 0)
    .map(([name, qty]) => ({ [key]: name.slice(prefix.length), qty }))
    .sort((a, b) => b.qty - a.qty || String(a[key]).localeCompare(String(b[key]), 'pt-BR'));

/** Dashboard info (spec part 3 §3) from a scope's month and total items. Money in reais. */
export function toDashboardInfo(month: Counters, total: Counters) {
  const n = (name: string) => Math.max(0, month[name] ?? 0);
  const salesTotal = n('sales_t');
  const salesCount = n('sales_n');
  const clubTotal = n('club_t');
  return {
    salesMonth: {
      total: centsToNumber(salesTotal),
      avg_ticket: salesCount > 0 ? centsToNumber(Math.round(salesTotal / salesCount)) : 0,
      qty: salesCount,
    },
    salesMonthClub: { total: centsToNumber(clubTotal), qty: n('club_n') },
    salesMonthNotClub: {
      total: centsToNumber(Math.max(0, salesTotal - clubTotal)),
      qty: Math.max(0, salesCount - n('club_n')),
    },
    perHour: {
      series: HOURS.map((h) => `${h}h`),
      loyalSells: HOURS.map((h) => n(`h${h}_club`)),
      notloyalSells: HOURS.map((h) => n(`h${h}_not`)),
    },
    totalCustomersByTags: byPrefix(total, 'tag#', 'tag') as { tag: string; qty: number }[],
    totalCustomersByChannel: byPrefix(total, 'ch#', 'channel') as { channel: string; qty: number }[],
    totalCustomersMonthByChannel: byPrefix(month, 'ch#', 'channel') as { channel: string; qty: number }[],
  };
}

export type DashboardInfo = ReturnType<typeof toDashboardInfo>;
