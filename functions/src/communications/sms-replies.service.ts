import { optKeyword } from '@freguesia/shared/domain/whatsapp';
import { customerIdsByPhone, setChannelOptout } from '../customers/customers.service';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { SMS_REPLY_DAYS, SmsReplyEntity } from './communications.entities';
import { sendingRepository } from './sending.repository';

/**
 * SMS opt-out replies (LGPD; README "Communications"). A customer answers a campaign SMS with one
 * of the opt-out keywords — SAIR, PARAR, STOP, CANCELAR, DESCADASTRAR, NAO QUERO, the whole message,
 * accents, case and punctuation aside (`OPT_OUT_KEYWORDS`, shared with WhatsApp) — and Zenvia posts
 * the inbound MESSAGE to `POST /api/hooks/zenvia`. That webhook is bound to no tenant, so the sender
 * remembers which tenants sent to each number (`SmsReplyEntity`, 90 days); the reply sets
 * `cellphone_optout` at once on those tenants' customers with that number (a consent event on their
 * timeline), and a number that is no customer's (a typed recipient list) joins the SMS suppression
 * list. Other replies are ignored.
 */

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

/** An inbound SMS: an opt-out keyword opts the number out wherever it was sent from lately. */
export async function applySmsReply(
  reply: { from: string; text: string },
  now = new Date(),
): Promise<number> {
  if (optKeyword(reply.text) !== 'out') return 0;
  const phone = nationalNumber(reply.from);
  if (!/^\d{10,11}$/.test(phone)) return 0;
  const { data } = await SmsReplyEntity.query.byPhone({ phone }).go({ pages: 'all' });
  let changed = 0;
  for (const { tenant } of data) {
    const ctx = systemContext(tenant, 'Resposta SAIR por SMS', () => now);
    const ids = await customerIdsByPhone(ctx, [phone]);
    for (const id of ids) if (await setChannelOptout(ctx, id, 'cellphone_optout', 'Y')) changed++;
    if (ids.length === 0)
      await sendingRepository(tenant).suppress('SMS', phone, 'optout-reply', now.toISOString());
  }
  logger.info('communications: SMS opt-out reply applied', { tenants: data.length, customers: changed });
  return changed;
}
