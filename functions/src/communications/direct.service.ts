import { Entity } from 'electrodb';
import type { SendableType } from '@freguesia/shared/domain/communication';
import { localDay } from '@freguesia/shared/domain/dates';
import { storeNames } from '../catalog/stores.service';
import { customerContacts } from '../customers/customers.service';
import type { ServiceContext } from '../lib/context';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';
import type { SendableCampaign } from './campaign-state.service';
import { channelSenders } from './channel-senders.service';
import { reachable } from './planner.service';
import { sendingRepository } from './sending.repository';

/**
 * Messages to one customer that no campaign sends (the NPS survey after a purchase): the same
 * channels, opt-outs, suppression list and providers as the campaign pipeline (planner.service's
 * `reachable`, the ledger's suppression list, channel-senders.service), counted per origin, channel
 * and day for 'Investimentos' (spec part 3 §3 'Reports': nps_messages by origin). The caller owns
 * once-only (the NPS survey marks each channel before it calls, sending.model.ts's idempotency key
 * goes to the provider).
 */

/** Messages sent per origin ('NPS'), day (Brasília) and channel. */
export const DirectSendCountEntity = new Entity(
  {
    model: { entity: 'directSendCount', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      origin: { type: 'string', required: true, readOnly: true },
      day: { type: 'string', required: true, readOnly: true },
      channel: { type: 'string', required: true, readOnly: true },
      sent: { type: 'number', required: true, default: 0 },
    },
    indexes: { byDay: key('primary', ['tenant', 'origin'], ['day', 'channel']) },
  },
  { client: documentClient, table: tableName() },
);

export interface DirectMessage {
  /** What sends it, for costs ('NPS'). */
  origin: string;
  channel: SendableType;
  customerId: number;
  /** E-mail subject, push title. */
  title: string;
  /** E-mail HTML (already safe: sanitised when saved), SMS text, push message. */
  body: string;
  /** Push: the address the notification opens. */
  url?: string;
  idempotencyKey: string;
}

export type DirectOutcome =
  | { status: 'SENT'; id: string }
  | { status: 'SKIPPED'; reason: 'no-customer' | 'unreachable' | 'suppressed' }
  | { status: 'FAILED'; error: string };

/** Sends one message to one customer on one channel unless the customer may not get it there. */
export async function sendToCustomer(ctx: ServiceContext, message: DirectMessage): Promise<DirectOutcome> {
  const [contact] = await customerContacts(ctx, [message.customerId]);
  if (!contact) return { status: 'SKIPPED', reason: 'no-customer' };
  const [recipient] = reachable(message.channel, [contact], await storeNames(ctx)).recipients;
  if (!recipient) return { status: 'SKIPPED', reason: 'unreachable' };
  if (message.channel === 'EMAIL') {
    const suppressed = await sendingRepository(ctx.tenant).suppressed('EMAIL', [recipient.address]);
    if (suppressed.size > 0) return { status: 'SKIPPED', reason: 'suppressed' };
  }
  const make = channelSenders[message.channel];
  if (!make) throw new Error(`communications: no sender for ${message.channel}`);
  // The channel senders take a campaign's texts: a stand-in carrying this message's.
  const campaign = {
    id: 0,
    description: message.origin,
    type: message.channel,
    active: 'Y',
    id_lead: null,
    info: {
      layout_title: message.title,
      layout_header: message.title,
      layout_body: message.body,
      ...(message.url ? { url: message.url } : {}),
    },
    version: 1,
    updated_at: ctx.now().toISOString(),
  } as unknown as SendableCampaign;
  const outcome = await make(ctx).send({
    campaign,
    recipient,
    idempotencyKey: message.idempotencyKey,
    tags: { tenant: ctx.tenant, origin: message.origin, recipient: recipient.key },
  });
  if (!outcome.ok) return { status: 'FAILED', error: outcome.error };
  await DirectSendCountEntity.upsert({
    tenant: ctx.tenant,
    origin: message.origin,
    day: localDay(ctx.now()),
    channel: message.channel,
  })
    .add({ sent: 1 })
    .go();
  return { status: 'SENT', id: outcome.id };
}

/** Messages of an origin sent in a period (days inclusive), per channel: one Query. */
export async function directSendsByChannel(
  ctx: ServiceContext,
  origin: string,
  period: { start_at: string; end_at: string },
): Promise<{ channel: string; quantity: number }[]> {
  const { data } = await DirectSendCountEntity.query
    .byDay({ tenant: ctx.tenant, origin })
    .between({ day: period.start_at }, { day: `${period.end_at}~` })
    .go({ pages: 'all' });
  const totals = new Map<string, number>();
  for (const row of data) totals.set(row.channel, (totals.get(row.channel) ?? 0) + row.sent);
  return [...totals].map(([channel, quantity]) => ({ channel, quantity })).filter((r) => r.quantity > 0);
}
