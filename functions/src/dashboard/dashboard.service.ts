import { localDay } from '@freguesia/shared/domain/dates';
import { assertStoreInScope, listStoreRefs } from '../catalog/stores.service';
import type { CustomersChange } from '../customers/changes.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { forbidden, notFound } from '../lib/errors';
import { DeltaSet, deltasOf, toDashboardInfo, type Period, type Scope } from './aggregates.model';
import { aggregatesRepository, TRANSACTION_MAX } from './aggregates.repository';

/**
 * The dashboard (spec part 3 §2 'Dashboard', §3 'Dashboard info', §7 `GET /web/dashboard`):
 * figures maintained on write from the table's stream (see `aggregates.stream.ts`), read as two
 * items per request, never by scanning purchases or customers.
 */

/**
 * The dashboard of the current business month for a store or all stores. A user bound to one
 * store sees that store only (another `store_id` is refused); without `store_id` a user of
 * all stores sees the sum of every store. Also answers the stores the user may pick.
 */
export async function dashboardInfo(ctx: ServiceContext, storeId: number | undefined) {
  const staff = staffOf(ctx);
  assertStoreInScope(ctx, storeId);
  const stores = await listStoreRefs(ctx);
  let scope: Scope = 'all';
  if (staff && !staff.allStores) {
    if (staff.storeId === null) throw forbidden();
    scope = `store-${staff.storeId}`;
  } else if (storeId !== undefined) {
    if (!stores.some((s) => s.id === storeId)) throw notFound('Loja não encontrada.');
    scope = `store-${storeId}`;
  }
  const month = localDay(ctx.now()).slice(0, 7) as Period;
  const { month: monthCounters, total } = await aggregatesRepository(ctx.tenant).read(scope, month);
  const visible = staff && !staff.allStores ? stores.filter((s) => s.id === staff.storeId) : stores;
  return {
    dashboardInfo: toDashboardInfo(monthCounters, total),
    store_id: scope === 'all' ? null : Number(scope.slice('store-'.length)),
    stores: visible.map((s) => ({ id: s.id, name: s.name })),
  };
}

/**
 * Bulk load of changes the stream processor will not also deliver (the local seed): all deltas
 * merged in memory and added once per counter item, without per-record markers. Answers how many
 * changes were counted.
 */
export async function loadCustomersChanges(
  ctx: ServiceContext,
  changes: readonly CustomersChange[],
): Promise<number> {
  const deltas = new DeltaSet();
  const mine = changes.filter((c) => c.tenant === ctx.tenant);
  for (const change of mine) deltas.merge(deltasOf(change));
  await aggregatesRepository(ctx.tenant).addDeltas(deltas.list());
  return mine.length;
}

/** One stream record's change, identified by the record's event id. */
export interface RecordedChange {
  eventId: string;
  change: CustomersChange;
}

/**
 * Applies changes of the customers domain to the tenant's aggregates, exactly once per event
 * id: each transaction writes a marker per record with the merged counter deltas, so a record
 * delivered again (a retried batch, a replay) changes nothing. `processor` names the markers.
 */
export async function applyCustomersChanges(
  ctx: ServiceContext,
  processor: string,
  changes: RecordedChange[],
): Promise<void> {
  const repo = aggregatesRepository(ctx.tenant);
  const unique = [
    ...new Map(changes.filter((c) => c.change.tenant === ctx.tenant).map((c) => [c.eventId, c])).values(),
  ];
  let chunk: RecordedChange[] = [];
  let merged = new DeltaSet();
  const flush = async () => {
    let pending = chunk;
    while (pending.length > 0) {
      const deltas = new DeltaSet();
      for (const c of pending) deltas.merge(deltasOf(c.change));
      const outcome = await repo.applyOnce(
        processor,
        pending.map((c) => c.eventId),
        deltas.list(),
        ctx.now(),
      );
      if (outcome.applied) break;
      const done = new Set(outcome.alreadyApplied);
      pending = pending.filter((c) => !done.has(c.eventId));
    }
    chunk = [];
    merged = new DeltaSet();
  };
  for (const entry of unique) {
    const next = new DeltaSet();
    next.merge(merged);
    next.merge(deltasOf(entry.change));
    if (chunk.length > 0 && chunk.length + 1 + next.size > TRANSACTION_MAX) {
      await flush();
      merged.merge(deltasOf(entry.change));
    } else {
      merged = next;
    }
    chunk.push(entry);
  }
  if (chunk.length > 0) await flush();
}
