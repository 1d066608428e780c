import { randomUUID } from 'node:crypto';
import type { AppEvent } from '@freguesia/shared/schemas/mobile';
import { recordAppEvents } from '@freguesia/functions/mobile/mobile.service';
import type { Seeder } from './types';

const DAY = 86_400_000;

/**
 * The app's use by some customers over the last four weeks, posted through the events service as
 * the app would (so the dashboard's counters and the segmentation's app facts are the real ones):
 * 30 customers on the demo tenant, 8 on the small one; about two in three on Android, one in
 * five with a push id.
 */
export const mobileSeeder: Seeder = {
  name: 'mobile',
  async run(ctx) {
    const customers = ctx.size === 'full' ? 30 : 8;
    let events = 0;
    for (let customer = 1; customer <= customers; customer++) {
      const platform = ctx.rng.next() < 0.65 ? 'android' : 'ios';
      const uses = 1 + Math.floor(ctx.rng.next() * 8);
      const list: AppEvent[] = [];
      for (let i = 0; i < uses; i++) {
        const at = new Date(ctx.now.getTime() - Math.floor(ctx.rng.next() * 28 * DAY));
        list.push({ id: randomUUID(), type: 'open', platform, at: at.toISOString() });
      }
      if (ctx.rng.next() < 0.2)
        list.push({
          id: randomUUID(),
          type: 'push_registered',
          platform,
          at: ctx.now.toISOString(),
          push_id: `seed-${ctx.tenant}-${customer}`,
        });
      const clock = () => ctx.now;
      const result = await recordAppEvents(
        { tenant: ctx.tenant, actor: { kind: 'customer', customerId: customer }, now: clock },
        { events: list },
      );
      events += result.accepted;
    }
    return `${events} eventos do app de ${customers} clientes`;
  },
};
