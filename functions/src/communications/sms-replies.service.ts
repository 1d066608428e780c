import { optKeyword } from '@freguesia/shared/domain/whatsapp';
import { customerIdsByPhone, setChannelOptout } from '../customers/customers.service';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { SMS_REPLY_DAYS, SmsInboundEntity, SmsReplyEntity } from './communications.entities';
import { sendingRepository } from './sending.repository';

/**
 * SMS keyword replies (LGPD; README "Communications"). A customer answers a campaign SMS with one
 * of the opt-out keywords — SAIR, PARAR, STOP, CANCELAR, DESCADASTRAR, NAO QUERO — or one of the
 * opt-in keywords — VOLTAR, ACEITO, QUERO, START, SIM QUERO — the whole message, accents, case and
 * punctuation aside (`OPT_OUT_KEYWORDS` / `OPT_IN_KEYWORDS`, shared with WhatsApp), and Zenvia posts
 * the inbound MESSAGE to `POST /api/hooks/zenvia`. That webhook is bound to no tenant, so the sender
 * remembers which tenants sent to each number (`SmsReplyEntity`, 90 days); the reply sets
 * `cellphone_optout` at once ('Y' out, 'N' in) on those tenants' customers with that number (a
 * consent event on their timeline). An opt-out of a number that is no customer's (a typed recipient
 * list) puts it on the SMS suppression list with the reason {@link OPTOUT_REPLY}; an opt-in lifts
 * only a suppression of that reason — never one put there for another reason, and never a
 * customer's deactivation by staff. A number no tenant sent to lately changes nothing. Each
 * provider message applies once (`SmsInboundEntity`): a retried webhook, or a stale copy of an older
 * reply arriving after a newer one, changes nothing. Other replies are ignored.
 */

/** The suppression reason of an opt-out reply (the one an opt-in reply may lift). */
export const OPTOUT_REPLY = 'optout-reply';

/** National digits (DDD + number) of a number as Zenvia writes it (55 + DDD + number). */
export const nationalNumber = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
};

/** Remembers that `tenant` sent an SMS to `phone` (the sender, once the provider accepted it). */
export async function rememberSmsRecipient(tenant: string, phone: string, now: Date): Promise<void> {
  await SmsReplyEntity.put({
    phone: nationalNumber(phone),
    tenant,
    at: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + SMS_REPLY_DAYS * 86_400,
  }).go();
}

/** Whether this provider message was applied before (a retry or a stale copy). */
async function seen(id: string | undefined): Promise<boolean> {
  if (!id) return false;
  const { data } = await SmsInboundEntity.get({ provider: 'zenvia', message_id: id }).go();
  return data !== null;
}

async function markSeen(id: string | undefined, now: Date): Promise<void> {
  if (!id) return;
  await SmsInboundEntity.put({
    provider: 'zenvia',
    message_id: id,
    at: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + SMS_REPLY_DAYS * 86_400,
  }).go();
}

/**
 * An inbound SMS: an opt-out keyword opts the number out wherever it was sent from lately, an
 * opt-in keyword opts it back in (see the module's comment). Answers how many customers changed.
 */
export async function applySmsReply(
  reply: { from: string; text: string; id?: string },
  now = new Date(),
): Promise<number> {
  const opt = optKeyword(reply.text);
  if (!opt) return 0;
  const phone = nationalNumber(reply.from);
  if (!/^\d{10,11}$/.test(phone)) return 0;
  if (await seen(reply.id)) return 0;
  const { data } = await SmsReplyEntity.query.byPhone({ phone }).go({ pages: 'all' });
  let changed = 0;
  for (const { tenant } of data) {
    const ctx = systemContext(
      tenant,
      opt === 'out' ? 'Resposta SAIR por SMS' : 'Resposta VOLTAR por SMS',
      () => now,
    );
    const ids = await customerIdsByPhone(ctx, [phone]);
    for (const id of ids)
      if (await setChannelOptout(ctx, id, 'cellphone_optout', opt === 'out' ? 'Y' : 'N')) changed++;
    const repo = sendingRepository(tenant);
    if (opt === 'out' && ids.length === 0) await repo.suppress('SMS', phone, OPTOUT_REPLY, now.toISOString());
    // A number opted out while it was no customer's may be one's now: its suppression goes too.
    if (opt === 'in') await repo.unsuppress('SMS', phone, OPTOUT_REPLY);
  }
  // Marked once applied: a failure above leaves the provider's retry free to apply it.
  await markSeen(reply.id, now);
  logger.info('communications: SMS keyword reply applied', {
    opt,
    tenants: data.length,
    customers: changed,
  });
  return changed;
}
