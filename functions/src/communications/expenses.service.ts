import { localDay } from '@freguesia/shared/domain/dates';
import { SENDABLE_TYPES, UNIT_PRICES } from '@freguesia/shared/domain/communication';
import { isWhatsappType } from '@freguesia/shared/domain/whatsapp';
import type { ExpenseReport } from '@freguesia/shared/schemas/communication';
import type { ServiceContext } from '../lib/context';
import { readSettingValue } from '../settings/settings.service';
import { sendableCampaigns } from './campaign-state.service';
import { directSendsByChannel } from './direct.service';
import { unitPrice } from './estimate.service';
import { sendingRepository } from './sending.repository';

/** Campaigns whose runs are read at once (each is one Query of its own partition). */
const CONCURRENCY = 8;

/** pricing_whatsapp as a number; 0 while unset. */
async function whatsappPrice(ctx: ServiceContext): Promise<number> {
  const configured = Number((await readSettingValue(ctx, 'pricing_whatsapp'))?.replace(',', '.'));
  return Number.isFinite(configured) && configured > 0 ? configured : UNIT_PRICES.WHATSAPP;
}

/**
 * GET /web/reports/expenses: messages sent per campaign in the period (spec part 3 §3 'Reports',
 * §9), counted from the sending pipeline's runs — a run belongs to the day (Brasília) it started —
 * with the unit prices that turn them into reais. Campaigns without sends in the period are left out.
 */
export async function expenseReport(
  ctx: ServiceContext,
  period: { start_at: string; end_at: string },
): Promise<ExpenseReport> {
  const repo = sendingRepository(ctx.tenant);
  // Deleted campaigns keep their sends here (their records are kept for history).
  const campaigns = await sendableCampaigns(ctx, { archived: true });
  const marketing: ExpenseReport['marketing_messages'] = [];
  for (let i = 0; i < campaigns.length; i += CONCURRENCY) {
    const slice = campaigns.slice(i, i + CONCURRENCY);
    const counts = await Promise.all(
      slice.map(async (c) => {
        const runs = await repo.runs(c.id);
        // Each run at the unit price it started with (runs older than that rule: today's price).
        const today = await unitPrice(ctx, c.type);
        return runs.reduce(
          (sum, r) => {
            const day = localDay(new Date(r.started_at));
            if (day < period.start_at || day > period.end_at) return sum;
            return { quantity: sum.quantity + r.sent, value: sum.value + r.sent * (r.unit_price ?? today) };
          },
          { quantity: 0, value: 0 },
        );
      }),
    );
    slice.forEach((c, k) => {
      if (counts[k]!.quantity > 0)
        marketing.push({
          type: isWhatsappType(c.type) ? 'WHATSAPP' : c.type,
          id_campaign: c.id,
          description: c.description,
          quantity: counts[k]!.quantity,
          // Not rounded to centavos here: the screen derives the unit price from it (R$ 0,007 an e-mail).
          value: Math.round(counts[k]!.value * 1e6) / 1e6,
          ...(c.archived ? { archived: true } : {}),
        });
    });
  }
  const nps = await directSendsByChannel(ctx, 'NPS', period);
  const [prices, whatsapp] = await Promise.all([
    Promise.all(SENDABLE_TYPES.map((type) => unitPrice(ctx, type))),
    whatsappPrice(ctx),
  ]);
  const byType = Object.fromEntries(SENDABLE_TYPES.map((type, k) => [type, prices[k]!])) as Record<
    (typeof SENDABLE_TYPES)[number],
    number
  >;
  return {
    marketing_messages: marketing.sort(
      (a, b) => a.type.localeCompare(b.type) || a.id_campaign - b.id_campaign,
    ),
    // NPS surveys sent after purchases (nps/send.service.ts), by origin: the channel they went on.
    nps_messages: nps.map((r) => ({ origin: r.channel, quantity: r.quantity })),
    unit_prices: { EMAIL: byType.EMAIL, SMS: byType.SMS, PUSH: byType.PUSH, WHATSAPP: whatsapp },
  };
}
