import type { CustomerRecordChange } from '../customers/changes.service';
import { setCustomerCityIds } from '../customers/customer-backfills.service';
import type { ServiceContext } from '../lib/context';
import { logger } from '../lib/logger';
import { changeWithCityId, cityIdOf } from './city-ids.model';
import { applyCustomerRecordChanges, fillProfileCityIds } from './profiles.service';

/**
 * The work of the segmentation queue and stream that needs the IBGE municipality table (≈ 99 KB,
 * city-ids.model.ts): the city code of profiles and customer records (issue 20, item 7).
 */

/**
 * The `city-backfill` job of the segmentation queue: profiles written before the stream filled the
 * IBGE code get it from the city's name and state. Idempotent; the `profile-city-ids` migration
 * runs the same pages automatically for every tenant (functions/README.md, "Data migrations").
 */
export async function backfillCityIds(ctx: ServiceContext): Promise<number> {
  const filled = await fillProfileCityIds(ctx, cityIdOf);
  logger.info('segmentation: city ids filled', { tenant: ctx.tenant, filled });
  return filled;
}

/**
 * The `segmentation-profiles` stream's batch of one tenant: the profiles take the changes with the
 * city code resolved from the name and state, and customer records written with the name and
 * state but no code get the code on the record itself (customers service, guarded by the record
 * still having that city and no code). The record's own write comes back on the stream with the
 * code and changes no profile.
 */
export async function applyCustomerChangesWithCityIds(
  ctx: ServiceContext,
  changes: readonly CustomerRecordChange[],
): Promise<void> {
  await applyCustomerRecordChanges(ctx, changes.map(changeWithCityId));
  const latest = new Map<number, { id: number; city?: string; state?: string } | undefined>();
  for (const change of changes) {
    if (change.kind !== 'customer') continue;
    const id = change.after?.id ?? change.before?.id;
    if (id === undefined) continue;
    const after = change.after;
    latest.set(id, after && after.cityId === undefined ? after : undefined);
  }
  const records = [...latest.values()].filter((r) => r !== undefined);
  if (records.length > 0) await setCustomerCityIds(ctx, records, cityIdOf);
}
