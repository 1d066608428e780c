import { runOnInstant } from '@freguesia/shared/domain/communication';
import { pacingOf } from '@freguesia/shared/domain/whatsapp';
import type { SendableCampaign } from '../communications/campaign-state.service';
import { renderTemplate, type ChannelSender } from '../communications/channel-senders.service';
import { customerContacts } from '../customers/customers.service';
import type { ServiceContext } from '../lib/context';
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
    async send({ campaign, recipient, idempotencyKey, signal }) {
      const info = campaign.info as unknown as WhatsappInfo;
      const id = channelOf(campaign);
      const deadline = info.deadline ? runOnInstant(info.deadline) : undefined;
      if (deadline && ctx.now().getTime() > deadline.getTime())
        return { ok: false, skip: true, error: 'prazo final da campanha encerrado' };
      if (campaign.type === 'WPPM') {
        if (recipient.id_customer) {
          const [contact] = await customerContacts(ctx, [recipient.id_customer]);
          if (!contact || contact.active !== 'Y' || contact.whatsapp_optout === 'Y')
            return { ok: false, skip: true, error: 'cliente recusou WhatsApp' };
        }
        const known = await whatsappRepository(ctx.tenant).contact(id, recipient.address);
        if (known?.optout === 'Y') return { ok: false, skip: true, error: 'número recusou WhatsApp' };
        if (info.ban_safety && !known?.interacted_at)
          return { ok: false, skip: true, error: 'sem interação com o canal (proteção contra banimento)' };
      }
      const c = await credentialsOf(id);
      if (!c || !c.token) return { ok: false, error: 'canal removido ou sem credenciais' };
      const items = flowOf(info);
      if (items.length === 0) return { ok: false, error: 'campanha sem mensagens' };
      let first = '';
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
          if (!answer.ok) return answer;
          if (i === 0) first = answer.id;
        } catch (error) {
          if (error instanceof UnsafeUrlError)
            return { ok: false, error: `URL do canal recusada: ${error.message}` };
          throw error;
        }
      }
      return { ok: true, id: first, lookup: lookupProvider(ctx.tenant, id) };
    },
  };
}
