import { runOnInstant } from '@freguesia/shared/domain/communication';
import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { pacingOf, type Pacing } from '@freguesia/shared/domain/whatsapp';
import type { ServiceContext } from '../lib/context';
import { whatsappRepository } from './channels.repository';

/**
 * A channel's pacer (README "WhatsApp", "Pacing"): the careful operator's rhythm, shared by every
 * campaign of the channel and every sender instance. A slot is handed out by a conditional write on
 * the channel's pacer item, so two senders never take the same one: between two slots there is
 * always at least the configured minimum interval (a random interval between min and max), after
 * `burst` messages the channel rests `rest_s` (RESTING), and at most `daily_cap` messages go out per
 * day (America/Sao_Paulo). Nothing else is written per message.
 */

export type Slot = { ok: true; at: number } | { ok: false; waitMs: number; resting: boolean };

/** The random source (tests pin it), and an observer of the slots handed out (the bench measures the intervals). */
export const pacerRandom = { next: () => Math.random() };
export const pacerObserver: { slot?: (tenant: string, channel: number, at: number) => void } = {};

const nextMidnight = (now: number): number =>
  runOnInstant(`${addDays(localDay(new Date(now)), 1)} 00:00`)?.getTime() ?? now + 3_600_000;

/** Takes the channel's next slot if it is due, else says how long to wait. */
export async function takeSlot(ctx: ServiceContext, channel: number, pacing: Pacing): Promise<Slot> {
  const repo = whatsappRepository(ctx.tenant);
  for (let attempt = 0; attempt < 8; attempt++) {
    const now = ctx.now().getTime();
    const p = await repo.pacer(channel);
    const day = localDay(new Date(now));
    const dayCount = p?.day === day ? p.day_count : 0;
    if (dayCount >= pacing.daily_cap) return { ok: false, waitMs: nextMidnight(now) - now, resting: true };
    if (p && p.resting_until > now) return { ok: false, waitMs: p.resting_until - now, resting: true };
    if (p && p.next_at > now) return { ok: false, waitMs: p.next_at - now, resting: false };
    const span = pacing.max_interval_s - pacing.min_interval_s;
    const interval = Math.ceil((pacing.min_interval_s + pacerRandom.next() * span) * 1000);
    const burst = (p?.burst ?? 0) + 1;
    const rests = burst >= pacing.burst;
    const moved = await repo.movePacer(channel, p?.version ?? 0, {
      next_at: now + interval,
      burst: rests ? 0 : burst,
      resting_until: rests ? now + pacing.rest_s * 1000 : 0,
      day,
      day_count: dayCount + 1,
      last_at: now,
    });
    if (moved) {
      pacerObserver.slot?.(ctx.tenant, channel, now);
      return { ok: true, at: now };
    }
  }
  // Contended: another sender is taking slots right now.
  return { ok: false, waitMs: Math.max(50, pacing.min_interval_s * 1000), resting: false };
}

/** Whether a channel is resting now (the campaign list's RESTING). */
export async function channelResting(
  ctx: ServiceContext,
  channel: number,
  extraConfig: string,
): Promise<boolean> {
  const p = await whatsappRepository(ctx.tenant).pacer(channel);
  if (!p) return false;
  const now = ctx.now().getTime();
  const pacing = pacingOf(extraConfig);
  return p.resting_until > now || (p.day === localDay(new Date(now)) && p.day_count >= pacing.daily_cap);
}
