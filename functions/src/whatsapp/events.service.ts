import { localDay } from '@freguesia/shared/domain/dates';
import { localPhones, optKeyword } from '@freguesia/shared/domain/whatsapp';
import { recordChannelReport } from '../communications/channel-reports.service';
import { customerIdsByPhone, setWhatsappOptout } from '../customers/customers.service';
import type { ServiceContext } from '../lib/context';
import { logger } from '../lib/logger';
import { queuePort } from '../lib/ports/queue';
import { recordActivity } from '../segmentation/population.service';
import { whatsappRepository } from './channels.repository';
import type { WhatsappEventsMessage } from './events.schema';
import { lookupProvider } from './campaign-flow.model';
import { recordReplyStatus } from './replies.service';
import { WHATSAPP_EVENTS_QUEUE } from './webhooks.service';

/**
 * The `whatsapp-events` queue (events.consumer.ts): what a partner told us, applied.
 *
 * - A status (delivered, read, failed) of a campaign message: the ledger's mark and the campaign's
 *   counter, once per (action, recipient) (communications/channel-reports.service.ts). One that
 *   outran the ledger's completion is put back a few times.
 * - An inbound message: the customer found by phone (or none), an opt keyword applied at once —
 *   the customer's `whatsapp_optout` and the segmentation activity (CM 'Aceita / Recusou WhatsApp')
 *   — the channel's contact (interacted, opted out, the audience and per-day counters), and the
 *   message stored for customer service. Every step is idempotent by state, the store last, so a
 *   redelivered message completes what a crash left undone.
 */

/** A status that outran its send is looked at again this many times, this far apart (tests shorten it). */
export const STATUS_RETRY = { delaySeconds: 5, times: 6 };

export async function applyEvents(ctx: ServiceContext, message: WhatsappEventsMessage): Promise<void> {
  const early: WhatsappEventsMessage['events'] = [];
  for (const event of message.events) {
    if (event.kind === 'status') {
      const outcome = await recordChannelReport(ctx, {
        provider: lookupProvider(ctx.tenant, message.channel),
        messageId: event.messageId,
        action: event.action,
        at: event.at,
      });
      // Not a campaign's: maybe a reply of customer service (replies.service.ts).
      if (outcome === 'unknown' && !(await recordReplyStatus(ctx, message.channel, event))) early.push(event);
    } else {
      await recordInbound(ctx, message.channel, event);
    }
  }
  const times = message.early ?? 0;
  if (early.length > 0 && times < STATUS_RETRY.times)
    await (
      await queuePort()
    ).send(
      WHATSAPP_EVENTS_QUEUE,
      { ...message, events: early, early: times + 1 } satisfies WhatsappEventsMessage,
      { delaySeconds: STATUS_RETRY.delaySeconds },
    );
}

type Inbound = Extract<WhatsappEventsMessage['events'][number], { kind: 'inbound' }>;

/** An inbound message of a channel (see the module's comment). */
export async function recordInbound(ctx: ServiceContext, channel: number, event: Inbound): Promise<void> {
  if (!event.from || !event.messageId) return;
  const repo = whatsappRepository(ctx.tenant);
  const [customer] = await customerIdsByPhone(ctx, localPhones(event.from));
  const opt = optKeyword(event.text);
  if (opt && customer) {
    await setWhatsappOptout(ctx, customer, opt === 'out' ? 'Y' : 'N');
    await recordActivity(ctx, {
      customerId: customer,
      kind: opt === 'out' ? 'whatsapp_optout' : 'whatsapp_optin',
      at: event.at,
    });
  }
  await repo.touchContact({
    channel,
    phone: event.from,
    ...(customer ? { id_customer: customer } : {}),
    at: event.at,
    day: localDay(new Date(event.at)),
    ...(opt ? { opt } : {}),
  });
  const stored = await repo.addInbound({
    id_channel: channel,
    partner_id: event.messageId,
    received_at: event.at,
    from: event.from,
    text: event.text.slice(0, 4_096),
    ...(event.mediaUrl ? { media_url: event.mediaUrl } : {}),
    ...(customer ? { id_customer: customer } : {}),
    ...(opt ? { opt } : {}),
  });
  if (opt)
    logger.info('whatsapp: opt keyword applied', {
      tenant: ctx.tenant,
      channel,
      opt,
      customer: customer ?? null,
      stored,
    });
}
