import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { staffOf, type ServiceContext } from '../lib/context';
import { forbidden, notFound } from '../lib/errors';
import { whatsappRepository } from './channels.repository';

/**
 * GET /whatsapp/report (spec part 3 §2 'Dashboard WhatsApp', §3 'WhatsApp report'): the audience
 * per channel (opt-in = numbers that wrote minus those opted out; opt-out) and opt-ins / opt-outs
 * per day over the last `days` (1–180) — all from counters kept on write (events.service.ts), never
 * from a scan: one Get per channel counter and one BatchGet per 50 days.
 */
export async function whatsappReport(
  ctx: ServiceContext,
  query: { days: number; id_channel?: number | undefined },
): Promise<{
  channel_customers: { id: number; description: string; optin: number; optout: number }[];
  opts_by_day: { date_day: string; optin: number; optout: number }[];
}> {
  const staff = staffOf(ctx);
  if (staff && !staff.abilities.some((a) => a.action === 'read' && a.subject === 'Reports'))
    throw forbidden();
  const repo = whatsappRepository(ctx.tenant);
  const all = (await repo.channels()).filter((c) => c.type === 'WHATSAPP');
  const chosen = query.id_channel ? all.filter((c) => c.id === query.id_channel) : all;
  if (query.id_channel && chosen.length === 0) throw notFound('Canal não encontrado.');
  const today = localDay(ctx.now());
  const days = Array.from({ length: query.days }, (_, i) => addDays(today, i - query.days + 1));
  const [audiences, perChannel] = await Promise.all([
    Promise.all(chosen.map((c) => repo.audience(c.id))),
    Promise.all(chosen.map((c) => repo.optsByDay(c.id, days))),
  ]);
  return {
    channel_customers: chosen.map((c, i) => ({
      id: c.id,
      description: c.description,
      optin: Math.max(0, audiences[i]!.total - audiences[i]!.total_optout),
      optout: audiences[i]!.total_optout,
    })),
    opts_by_day: days.map((day, d) => ({
      date_day: day,
      optin: perChannel.reduce((sum, rows) => sum + rows[d]!.optin, 0),
      optout: perChannel.reduce((sum, rows) => sum + rows[d]!.optout, 0),
    })),
  };
}
