import { batchGetEntities } from '../lib/ddb/batch';
import { failedIndex, transactionError, writeTransaction } from '../lib/ddb/transactions';
import type { AppPlatform } from '@freguesia/shared/schemas/mobile';
import {
  MobileDailyEntity,
  MobileDayUseEntity,
  MobileDeviceEntity,
  MobileEventEntity,
  MobileTotalsEntity,
  mobileService,
  type MobileDailyItem,
  type MobileDeviceItem,
  type MobileTotalsItem,
} from './entities';

/** A day (Brasília) a customer used the app on a platform. */
export interface DayUse {
  day: string;
  platform: AppPlatform;
}

/** What a group of new events adds to one day: opens per platform. */
export interface DayOpens {
  day: string;
  android: number;
  ios: number;
}

/** Per platform / push first sights counted into the totals. */
export type DeviceFlag = 'android' | 'ios' | 'push';

const SECONDS_PER_DAY = 86_400;

/** The app's usage records of one tenant (entities.ts). */
export function mobileRepository(tenant: string) {
  /** Runs a two-step transaction (a marker put only when absent + a counter); false when the marker existed. */
  const once = async (build: () => Promise<unknown>): Promise<boolean> => {
    const result = await writeTransaction(build as never);
    if (!result.canceled) return true;
    if (failedIndex(result) === 0) return false;
    throw transactionError(result);
  };

  return {
    /** The event ids of `customer` already received (one BatchGetItem). */
    async knownEvents(customer: number, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const found = await batchGetEntities(
        (keys) => MobileEventEntity.get(keys).go({ attributes: ['id'] }),
        ids.map((id) => ({ tenant, customer, id })),
        { what: 'mobile events' },
      );
      return new Set(found.map((e) => e.id));
    },

    /** The customer's device record (platforms and push id seen), if any. */
    async device(customer: number): Promise<MobileDeviceItem | undefined> {
      return (await MobileDeviceEntity.get({ tenant, customer }).go()).data ?? undefined;
    },

    /** Which of these day uses of `customer` are already counted (one BatchGetItem). */
    async knownDayUses(customer: number, uses: readonly DayUse[]): Promise<Set<string>> {
      if (uses.length === 0) return new Set();
      const found = await batchGetEntities(
        (keys) => MobileDayUseEntity.get(keys).go(),
        uses.map((u) => ({ tenant, customer, day: u.day, platform: u.platform })),
        { what: 'mobile day uses' },
      );
      return new Set(found.map((u) => `${u.day}#${u.platform}`));
    },

    /** Counts the customer's use of `day` on `platform` once: the marker and the day's counter together. */
    async countDayUse(customer: number, use: DayUse, expiresAt: number): Promise<boolean> {
      return once(() =>
        mobileService.transaction
          .write(({ dayUse, daily }) => [
            dayUse.create({ tenant, customer, day: use.day, platform: use.platform, expiresAt }).commit(),
            daily
              .upsert({ tenant, day: use.day })
              .add({ [use.platform]: 1 } as { android: number })
              .commit(),
          ])
          .go(),
      );
    },

    /** The customer's first sight in the app: counted once into the tenant's app customers. */
    async countCustomer(customer: number, at: string): Promise<boolean> {
      return once(() =>
        mobileService.transaction
          .write(({ device, totals }) => [
            device
              .upsert({ tenant, customer })
              .set({ first_at: at })
              .where((a, op) => op.notExists(a.first_at))
              .commit(),
            totals.upsert({ tenant }).add({ customers: 1 }).commit(),
          ])
          .go(),
      );
    },

    /** A platform or a push id seen for the first time on the customer's device record: counted once. */
    async countFlag(customer: number, flag: DeviceFlag): Promise<boolean> {
      const total = flag === 'push' ? 'reachable' : flag;
      return once(() =>
        mobileService.transaction
          .write(({ device, totals }) => [
            device
              .upsert({ tenant, customer })
              .set({ [flag]: true } as { android: boolean })
              .where((a, op) => op.notExists(a[flag]))
              .commit(),
            totals
              .upsert({ tenant })
              .add({ [total]: 1 } as { customers: number })
              .commit(),
          ])
          .go(),
      );
    },

    /** Keeps the device's latest push id (the push sender addresses the customer by it). */
    async setPushId(customer: number, pushId: string, platform: AppPlatform): Promise<void> {
      await MobileDeviceEntity.upsert({ tenant, customer })
        .set({ push_id: pushId, push_platform: platform })
        .go();
    },

    /**
     * Stores new event ids with the opens they add per day, all or nothing. Answers false when one
     * of the ids arrived meanwhile (a concurrent resend): the caller then stores them one by one.
     */
    async saveEvents(
      customer: number,
      events: readonly { id: string; at: string }[],
      opens: readonly DayOpens[],
      now: Date,
    ): Promise<boolean> {
      const expiresAt = Math.floor(now.getTime() / 1000) + 60 * SECONDS_PER_DAY;
      const result = await writeTransaction(() =>
        mobileService.transaction
          .write(({ event, daily }) => [
            ...events.map((e) => event.create({ tenant, customer, id: e.id, at: e.at, expiresAt }).commit()),
            ...opens
              .filter((o) => o.android + o.ios > 0)
              .map((o) =>
                daily
                  .upsert({ tenant, day: o.day })
                  .add({
                    ...(o.android ? { opens_android: o.android } : {}),
                    ...(o.ios ? { opens_ios: o.ios } : {}),
                  })
                  .commit(),
              ),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (failedIndex(result) >= 0) return false;
      throw transactionError(result);
    },

    /** The tenant's totals (one GetItem). */
    async totals(): Promise<MobileTotalsItem | undefined> {
      return (await MobileTotalsEntity.get({ tenant }).go()).data ?? undefined;
    },

    /** Day counters from `from` to `to` inclusive: one Query (≤ 180 small items). */
    async days(from: string, to: string): Promise<MobileDailyItem[]> {
      const { data } = await MobileDailyEntity.query
        .byDay({ tenant })
        .between({ day: from }, { day: to })
        .go({ pages: 'all' });
      return data;
    },
  };
}

export const DAY_USE_TTL_DAYS = 200;
