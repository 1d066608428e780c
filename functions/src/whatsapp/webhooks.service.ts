import { createHash } from 'node:crypto';
import type { ServiceContext } from '../lib/context';
import { invalid, notFound, unauthenticated } from '../lib/errors';
import { queuePort } from '../lib/ports/queue';
import { limit } from '../lib/ratelimit';
import { channelCredentials } from './channels.service';
import { whatsappRepository } from './channels.repository';
import type { WhatsappEventsMessage } from './events.schema';
import type { ChannelCredentials } from './partners.service';
import { PARTNER_OF_SLUG, readEvents, REPLAY_TTL_S, verifySignature } from './webhooks.model';

/**
 * POST /api/hooks/whatsapp/{partner}/{channel} (README "WhatsApp", "Webhooks"): the partner's
 * events of one channel of the tenant (the host names the tenant). Checked by the partner's own
 * signature (webhooks.model.ts), read, and handed to the `whatsapp-events` queue — nothing else
 * happens before the answer: one read of the channel (kept 15 s per instance), one conditional
 * write (the replay guard), one queue message. A request refused for its signature counts towards a per-address limit.
 */

export const WHATSAPP_EVENTS_QUEUE = 'whatsapp-events';
const REFUSED = 'Não autorizado.';
/** Refused requests per minute from one address before 429. */
export const WEBHOOK_LIMITS = { deniedPerMinute: 20 };

/** How long an instance keeps a channel's credentials for its webhooks (ms). */
export const CREDENTIALS_KEPT_MS = 15_000;
const credentialsKept = new Map<string, { creds: ChannelCredentials; until: number }>();

export interface WebhookRequest {
  headers: Record<string, string | undefined>;
  raw: string;
  urls: string[];
  queryToken?: string;
}

export async function acceptWebhook(
  ctx: ServiceContext,
  slug: string,
  channelId: number,
  request: WebhookRequest,
): Promise<{ received: true; duplicate?: true }> {
  const partner = PARTNER_OF_SLUG[slug];
  if (!partner) throw notFound('Parceiro desconhecido.');
  const now = ctx.now();
  const verifies = (creds: ChannelCredentials | undefined) =>
    creds !== undefined &&
    creds.partner === partner &&
    verifySignature({
      partner,
      headers: request.headers,
      raw: request.raw,
      urls: request.urls,
      ...(request.queryToken ? { queryToken: request.queryToken } : {}),
      secrets: { token: creds.token, password: creds.password },
      now: now.getTime(),
    });
  // Credentials kept a few seconds per channel (a partner posts in bursts): the ack reads DynamoDB
  // once, not twice. A signature the kept secret refuses is checked again with a fresh read, so a
  // secret changed on the channel is honoured at once.
  const key = `${ctx.tenant}:${channelId}`;
  const kept = credentialsKept.get(key);
  let valid = kept !== undefined && kept.until > now.getTime() && verifies(kept.creds);
  if (!valid) {
    const fresh = await channelCredentials(ctx, channelId);
    valid = verifies(fresh);
    if (fresh && valid) {
      if (credentialsKept.size > 1_000) credentialsKept.clear();
      credentialsKept.set(key, { creds: fresh, until: now.getTime() + CREDENTIALS_KEPT_MS });
    }
  }
  if (!valid) {
    await limit(
      ctx.tenant,
      `hooks:whatsapp:denied:${ctx.sourceIp ?? 'unknown'}`,
      WEBHOOK_LIMITS.deniedPerMinute,
      60,
    );
    throw unauthenticated(REFUSED);
  }
  const events = readEvents(partner, request.raw, now.toISOString());
  if (!events) throw invalid('Evento não reconhecido.');
  if (events.length === 0) return { received: true };
  const digest = createHash('sha256').update(`${partner}:${channelId}:${request.raw}`).digest('base64url');
  const repo = whatsappRepository(ctx.tenant);
  if (!(await repo.firstSight(digest, REPLAY_TTL_S, now.getTime())))
    return { received: true, duplicate: true };
  await (
    await queuePort()
  ).send(WHATSAPP_EVENTS_QUEUE, {
    tenant: ctx.tenant,
    channel: channelId,
    events,
  } satisfies WhatsappEventsMessage);
  return { received: true };
}

/** Meta's subscription check (GET with hub.mode / hub.verify_token / hub.challenge): the challenge, or refused. */
export async function verifySubscription(
  ctx: ServiceContext,
  channelId: number,
  query: { mode?: string; token?: string; challenge?: string },
): Promise<string> {
  const creds = await channelCredentials(ctx, channelId);
  let expected = '';
  try {
    expected = String(
      (JSON.parse(creds?.extra_config || '{}') as { verify_token?: string }).verify_token ?? '',
    );
  } catch {
    expected = '';
  }
  if (!creds || query.mode !== 'subscribe' || !expected || query.token !== expected || !query.challenge)
    throw unauthenticated(REFUSED);
  return query.challenge;
}
