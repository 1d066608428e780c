import { escapeHtml } from '@freguesia/shared/domain/text';
import { smsText, type SendableType } from '@freguesia/shared/domain/communication';
import type { ServiceContext } from '../lib/context';
import { logger } from '../lib/logger';
import { mailPort } from '../lib/ports/mail';
import { sendPush, sendSms } from '../lib/ports/messaging';
import { readSettingValue } from '../settings/settings.service';
import type { SendableCampaign } from './campaign-state.service';
import type { Recipient } from './sending.repository';
import { rememberSmsRecipient } from './sms-replies.service';
import { unsubscribeHeaders, unsubscribeLinks, withUnsubscribeFooter } from './unsubscribe.service';

/**
 * The channels: what each provider is given for one recipient of a campaign. The ledger loop around
 * them (claim, call, complete) is sender.service.ts; a new channel (WhatsApp) is one more sender
 * here, a queue in src/queues.ts and its entry in `channelSenders`.
 */

/**
 * What a channel's provider did with one recipient: the provider's message id (and, where its
 * reports name only that id, the lookup's provider name), a permanent failure, or — checked at
 * send time — a recipient left out (`skip`: opted out meanwhile, past the deadline), settled as
 * canceled without a provider call.
 */
export type SendOutcome =
  | {
      ok: true;
      id: string;
      lookup?: string;
      /**
       * Every message id of the send when it is more than one message (a WhatsApp flow): each is
       * linked to the recipient, so a report on any of them reaches the ledger.
       */
      ids?: string[];
    }
  | { ok: false; error: string; skip?: boolean };

/** What a channel's provider does with one recipient. */
export interface ChannelSender {
  send(input: {
    campaign: SendableCampaign;
    recipient: Recipient;
    idempotencyKey: string;
    tags: Record<string, string>;
    /** Aborts the provider request when the call's budget (inside the sender's lease) runs out. */
    signal?: AbortSignal;
  }): Promise<SendOutcome>;
  /**
   * A paced channel (WhatsApp) hands out one slot per message: called for each claimed recipient,
   * one at a time; `waitMs` parks the rest of the batch until the next slot.
   */
  pace?(input: {
    campaign: SendableCampaign;
    recipient: Recipient;
  }): Promise<{ ok: true } | { ok: false; waitMs: number }>;
  /**
   * The send-time rules that need no slot (opt-outs, deadline, ban safety), checked after the
   * claim and before `pace`: a recipient left out is settled as canceled at once and costs the
   * channel no slot (a campaign past its deadline settles its rest without waiting the pacing).
   */
  admit?(input: {
    campaign: SendableCampaign;
    recipient: Recipient;
  }): Promise<{ ok: true } | { ok: false; error: string }>;
}

/**
 * Template variables of a message (TEMPLATE_VARIABLES: the customer's name, contacts, document and
 * favourite store), escaped for HTML when `html`; a variable without a value renders empty.
 * Unknown names are refused when the campaign is saved (communicationIssues).
 */
export function renderTemplate(template: string, r: Recipient, html: boolean): string {
  const first = r.name.trim().split(/\s+/)[0] ?? '';
  const title = (s: string) => s.toLowerCase().replace(/(^|\s)\p{L}/gu, (m) => m.toUpperCase());
  const values: Record<string, string> = {
    nome: title(r.name),
    primeiro_nome: title(first),
    email: r.address.includes('@') ? r.address : '',
    celular: r.cellphone ?? '',
    documento: r.document ?? '',
    loja: r.store ?? '',
  };
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return html ? escapeHtml(value) : value;
  });
}

/** The tenant's e-mail sender address (`sendgrid_from`), else the deployment's or a default. */
export async function senderFrom(ctx: ServiceContext): Promise<string> {
  return (
    (await readSettingValue(ctx, 'sendgrid_from'))?.trim() ||
    process.env.MAIL_FROM ||
    `nao-responda@${ctx.tenant}.freguesia.app`
  );
}

/**
 * The e-mail channel: SES (the local outbox in `npm start`). Every message is marketing: it carries
 * the recipient's visible unsubscribe link and the RFC 8058 one-click headers (unsubscribe.service.ts).
 */
export function emailSender(ctx: ServiceContext): ChannelSender {
  let from: Promise<string> | undefined;
  return {
    async send({ campaign, recipient, idempotencyKey, tags, signal }) {
      from ??= senderFrom(ctx);
      const mail = await mailPort();
      const links = await unsubscribeLinks(ctx.tenant, recipient.key);
      const id = await mail.send({
        from: await from,
        to: [recipient.address],
        tenant: ctx.tenant,
        subject: renderTemplate(campaign.info.layout_title, recipient, false),
        html: withUnsubscribeFooter(renderTemplate(campaign.info.layout_body, recipient, true), links.page),
        headers: unsubscribeHeaders(links.oneClick),
        idempotencyKey,
        tags,
        ...(signal ? { signal } : {}),
      });
      return { ok: true, id };
    },
  };
}

/** The SMS channel (Zenvia; a stand-in locally): the text as the spec strips it. */
export const smsSender = (ctx?: ServiceContext): ChannelSender => ({
  async send({ campaign, recipient, idempotencyKey, signal }) {
    const answer = await sendSms({
      to: recipient.address,
      text: smsText(renderTemplate(campaign.info.layout_body, recipient, false)),
      idempotencyKey: idempotencyKey.slice(0, 100),
      signal,
    });
    // Whose number this is, for an opt-out reply (sms-replies.service.ts).
    if (answer.ok && ctx)
      await rememberSmsRecipient(ctx.tenant, recipient.address, ctx.now()).catch((error: unknown) =>
        logger.warn('communications: SMS recipient not remembered for replies', {
          tenant: ctx.tenant,
          error,
        }),
      );
    return answer.ok ? { ok: true, id: answer.id ?? '' } : { ok: false, error: answer.error ?? 'recusado' };
  },
});

/** The push channel (OneSignal; a stand-in locally), to the customer's app by external id. */
export const pushSender = (): ChannelSender => ({
  async send({ campaign, recipient, idempotencyKey, signal }) {
    const answer = await sendPush({
      externalId: recipient.key,
      title: renderTemplate(campaign.info.layout_title, recipient, false),
      heading: renderTemplate(campaign.info.layout_header, recipient, false),
      body: renderTemplate(campaign.info.layout_body, recipient, false),
      ...(campaign.info.url ? { url: campaign.info.url } : {}),
      idempotencyKey,
      signal,
    });
    return answer.ok ? { ok: true, id: answer.id ?? '' } : { ok: false, error: answer.error ?? 'recusado' };
  },
});

/** Senders per channel (tests replace them). */
export const channelSenders: Partial<Record<SendableType, (ctx: ServiceContext) => ChannelSender>> = {
  EMAIL: emailSender,
  SMS: smsSender,
  PUSH: pushSender,
};
