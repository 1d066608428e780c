import { runOnInstant } from '@freguesia/shared/domain/communication';
import { pacingOf } from '@freguesia/shared/domain/whatsapp';
import type { SendableCampaign } from '../communications/campaign-state.service';
import { renderTemplate, type ChannelSender } from '../communications/channel-senders.service';
import { customerContacts } from '../customers/customers.service';
import type { ServiceContext } from '../lib/context';
import { logger } from '../lib/logger';
import { UnsafeUrlError } from '../lib/net/safe-fetch';
import { channelCredentials } from './channels.service';
import { whatsappRepository } from './channels.repository';
import { flowOf, lookupProvider, type WhatsappInfo } from './campaign-flow.model';
import { takeSlot } from './pacer.service';

export { lookupProvider };
import { partners } from './partner-registry.service';
import type { ChannelCredentials } from './partners.service';

/**
 * The WhatsApp channel of the sending pipeline (communications/sender.service.ts runs the ledger
 * loop; send.consumer.ts plugs this in): each recipient in a slot of the channel's pacer, and at
 * send time — not only at planning — the customer's opt-out, the channel's opt-out, the deadline
 * and the ban-safety rule (only numbers that already wrote to the channel). A recipient left out
 * is settled as canceled, without a partner call.
 */

const DEADLINE_PASSED = 'prazo final da campanha encerrado';
const pastDeadline = (info: WhatsappInfo, now: number): boolean => {
  const deadline = info.deadline ? runOnInstant(info.deadline) : undefined;
  return Boolean(deadline && now > deadline.getTime());
};

export function whatsappSender(ctx: ServiceContext): ChannelSender {
  const creds = new Map<number, Promise<ChannelCredentials | undefined>>();
  const credentialsOf = (id: number) => {
    let found = creds.get(id);
    if (!found) creds.set(id, (found = channelCredentials(ctx, id)));
    return found;
  };
  const channelOf = (campaign: SendableCampaign) => Number((campaign.info as WhatsappInfo).channel_id ?? 0);
  return {
    async pace({ campaign }) {
      const id = channelOf(campaign);
      const c = await credentialsOf(id);
      // A channel that is gone: no slot to wait for (the send fails the recipient).
      if (!c) return { ok: true };
      const slot = await takeSlot(ctx, id, pacingOf(c.extra_config));
      return slot.ok ? { ok: true } : { ok: false, waitMs: slot.waitMs };
    },
    // Checked before the slot (a recipient left out costs the channel no pacing) and the deadline
    // again right before the call (the slot may have been slept for).
    async admit({ campaign, recipient }) {
      const info = campaign.info as unknown as WhatsappInfo;
      const id = channelOf(campaign);
      if (pastDeadline(info, ctx.now().getTime())) return { ok: false, error: DEADLINE_PASSED };
      if (campaign.type === 'WPPM') {
        if (recipient.id_customer) {
          const [contact] = await customerContacts(ctx, [recipient.id_customer]);
          if (!contact || contact.active !== 'Y' || contact.whatsapp_optout === 'Y')
            return { ok: false, error: 'cliente recusou WhatsApp' };
        }
        const known = await whatsappRepository(ctx.tenant).contact(id, recipient.address);
        if (known?.optout === 'Y') return { ok: false, error: 'número recusou WhatsApp' };
        if (info.ban_safety && !known?.interacted_at)
          return { ok: false, error: 'sem interação com o canal (proteção contra banimento)' };
      }
      return { ok: true };
    },
    async send({ campaign, recipient, idempotencyKey, signal }) {
      const info = campaign.info as unknown as WhatsappInfo;
      const id = channelOf(campaign);
      if (pastDeadline(info, ctx.now().getTime())) return { ok: false, skip: true, error: DEADLINE_PASSED };
      const c = await credentialsOf(id);
      if (!c || !c.token) return { ok: false, error: 'canal removido ou sem credenciais' };
      const items = flowOf(info);
      if (items.length === 0) return { ok: false, error: 'campanha sem mensagens' };
      // Every message of the flow is linked to the recipient's ledger entry (its ids travel with the
      // completion), so a status of any of them is counted — once per action and recipient.
      const ids: string[] = [];
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        const rendered =
          item.type === 'T' ? { ...item, value: renderTemplate(item.value, recipient, false) } : item;
        try {
          const answer = await partners[c.partner].send(c, {
            to: recipient.address,
            item: rendered,
            idempotencyKey: `${idempotencyKey}:${i}`,
            ...(signal ? { signal } : {}),
          });
          if (!answer.ok) {
            // A later message refused after earlier ones went out: the customer was reached, the
            // send counts as sent with the messages that left (the refusal is logged).
            if (ids.length === 0) return answer;
            logger.warn('whatsapp: a message of the flow was refused after the first', {
              tenant: ctx.tenant,
              campaign: campaign.id,
              item: i,
              error: answer.error,
            });
            break;
          }
          ids.push(answer.id);
        } catch (error) {
          if (error instanceof UnsafeUrlError)
            return { ok: false, error: `URL do canal recusada: ${error.message}` };
          throw error;
        }
      }
      return {
        ok: true,
        id: ids[0]!,
        lookup: lookupProvider(ctx.tenant, id),
        ...(ids.length > 1 ? { ids } : {}),
      };
    },
  };
}
