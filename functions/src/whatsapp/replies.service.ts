import type { FlowItem } from '@freguesia/shared/domain/whatsapp';
import type { ServiceContext } from '../lib/context';
import { UnsafeUrlError } from '../lib/net/safe-fetch';
import { channelCredentials } from './channels.service';
import { whatsappRepository } from './channels.repository';
import { partners } from './partner-registry.service';
import { TransientPartnerError } from './partners.service';

/**
 * A channel's messages outside campaigns (the customer-service domain's replies and bot
 * messages): sent through the channel's partner with the caller's idempotency key, and kept as a
 * reply record (channel + partner message id → the caller's `reference`) whose status the
 * partner's webhooks move (events.service.ts), so the caller learns it through its own stream
 * processor on `whatsappReply` without this domain knowing it.
 */

export type ReplyResult = { ok: true; id: string } | { ok: false; error: string; transient?: boolean };

export async function sendChannelMessage(
  ctx: ServiceContext,
  input: { channel: number; to: string; item: FlowItem; idempotencyKey: string; reference: string },
): Promise<ReplyResult> {
  const c = await channelCredentials(ctx, input.channel);
  if (!c || !c.token) return { ok: false, error: 'canal removido ou sem credenciais' };
  try {
    const answer = await partners[c.partner].send(c, {
      to: input.to,
      item: input.item,
      idempotencyKey: input.idempotencyKey,
    });
    if (!answer.ok) return answer;
    await whatsappRepository(ctx.tenant).putReply({
      id_channel: input.channel,
      partner_id: answer.id,
      reference: input.reference,
      status: 'SENT',
      at: ctx.now().toISOString(),
    });
    return answer;
  } catch (error) {
    if (error instanceof UnsafeUrlError)
      return { ok: false, error: `URL do canal recusada: ${error.message}` };
    if (error instanceof TransientPartnerError) return { ok: false, error: error.message, transient: true };
    throw error;
  }
}

/** A partner's status of a reply (delivered, read, failed): answers whether the message was a reply. */
export async function recordReplyStatus(
  ctx: ServiceContext,
  channel: number,
  event: { messageId: string; action: string; at: string },
): Promise<boolean> {
  const status = { sent: 'SENT', delivered: 'DELIVERED', read: 'READ', failed: 'FAILED' }[event.action];
  if (!status) return false;
  return whatsappRepository(ctx.tenant).markReply(channel, event.messageId, status, event.at);
}

/** The channels' icons (the inbox's cards). */
export async function channelIcons(ctx: ServiceContext): Promise<Map<number, string>> {
  const all = await whatsappRepository(ctx.tenant).channels();
  return new Map(all.map((c) => [c.id, c.icon ?? '']));
}
