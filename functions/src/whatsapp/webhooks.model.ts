import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ChannelPartner } from '@freguesia/shared/domain/whatsapp';

/**
 * The partners' webhooks, read (README "WhatsApp"): how each signs, and the events in a body as
 * the pipeline keeps them. Pure: no I/O.
 *
 * Signatures:
 * - META: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>` (the channel's password).
 * - TWILIO: `X-Twilio-Signature: <base64 HMAC-SHA1(auth token, URL + each POST param name+value in
 *   name order)>` (the channel's token).
 * - RetailThink_v3 (WAHA): `X-Webhook-Hmac: <hex HMAC-SHA512(key, raw body)>` (the channel's
 *   password as the session webhook's `hmac.key`); events older than {@link MAX_AGE_MS} refused.
 * - RetailThink / _v2 (Evolution API) and GUPSHUP, which do not sign: the shared secret (the
 *   channel's password) in `X-Webhook-Token` or the URL's `token` parameter.
 * A replay (a body already accepted) changes nothing: its digest is kept for {@link REPLAY_TTL_S}.
 */

export const MAX_AGE_MS = 5 * 60_000;
export const REPLAY_TTL_S = 7 * 86_400;

/** The partner of a webhook path segment. */
export const PARTNER_OF_SLUG: Record<string, ChannelPartner> = {
  meta: 'META',
  twilio: 'TWILIO',
  gupshup: 'GUPSHUP',
  retailthink: 'RetailThink',
  retailthink_v2: 'RetailThink_v2',
  retailthink_v3: 'RetailThink_v3',
};

/** A status of a message the pipeline sent: the ledger's actions. */
export type WhatsappStatusAction = 'sent' | 'delivered' | 'read' | 'failed';

export type WhatsappEvent =
  | { kind: 'status'; messageId: string; action: WhatsappStatusAction; at: string }
  | { kind: 'inbound'; messageId: string; from: string; text: string; at: string; mediaUrl?: string };

const same = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

export interface SignedRequest {
  partner: ChannelPartner;
  headers: Record<string, string | undefined>;
  raw: string;
  /** The URL the partner called, for Twilio (both schemes are tried: a proxy may end TLS). */
  urls: string[];
  /** The URL's `token` parameter. */
  queryToken?: string;
  secrets: { token: string; password: string };
  now: number;
}

/** Whether a webhook request is the partner's (by its own rule). */
export function verifySignature(r: SignedRequest): boolean {
  const h = (name: string) => r.headers[name] ?? r.headers[name.toLowerCase()];
  switch (r.partner) {
    case 'META': {
      const given = h('x-hub-signature-256');
      if (!given || !r.secrets.password) return false;
      const expected = `sha256=${createHmac('sha256', r.secrets.password).update(r.raw, 'utf8').digest('hex')}`;
      return same(given, expected);
    }
    case 'TWILIO': {
      const given = h('x-twilio-signature');
      if (!given || !r.secrets.token) return false;
      const params = new URLSearchParams(r.raw);
      const names = [...new Set(params.keys())].sort();
      const tail = names
        .map((n) =>
          params
            .getAll(n)
            .map((v) => `${n}${v}`)
            .join(''),
        )
        .join('');
      return r.urls.some((url) =>
        same(
          given,
          createHmac('sha1', r.secrets.token)
            .update(url + tail, 'utf8')
            .digest('base64'),
        ),
      );
    }
    case 'RetailThink_v3': {
      const given = h('x-webhook-hmac');
      if (!given || !r.secrets.password) return false;
      if (!same(given, createHmac('sha512', r.secrets.password).update(r.raw, 'utf8').digest('hex')))
        return false;
      const stamp = Number((safeJson(r.raw) as { timestamp?: number }).timestamp);
      return Number.isFinite(stamp) && Math.abs(r.now - stamp) <= MAX_AGE_MS;
    }
    default: {
      const given = h('x-webhook-token') ?? r.queryToken;
      return Boolean(given && r.secrets.password && same(given, r.secrets.password));
    }
  }
}

function safeJson(raw: string): Record<string, unknown> {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A partner's instant, from 2000 to a year ahead; anything else (1e308, year 275760) is the fallback, never a 500. */
const iso = (value: unknown, fallback: string): string => {
  const n = Number(value);
  const ms =
    Number.isFinite(n) && n > 0
      ? n < 1e12
        ? n * 1000
        : n
      : typeof value === 'string'
        ? Date.parse(value)
        : NaN;
  return Number.isFinite(ms) && ms >= Date.UTC(2000, 0, 1) && ms <= Date.now() + 366 * 86_400_000
    ? new Date(ms).toISOString()
    : fallback;
};
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const digits = (v: unknown) => str(v).split('@')[0]!.replace(/\D/g, '');

const META_STATUS: Record<string, WhatsappStatusAction> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};
const TWILIO_STATUS: Record<string, WhatsappStatusAction> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
  undelivered: 'failed',
};
const GUPSHUP_STATUS: Record<string, WhatsappStatusAction> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};
/** WAHA's ack: -1 error, 1 server, 2 device, 3 read, 4 played. */
const WAHA_ACK: Record<string, WhatsappStatusAction> = {
  '-1': 'failed',
  '1': 'sent',
  '2': 'delivered',
  '3': 'read',
  '4': 'read',
};
/** Evolution's message update status. */
const EVOLUTION_STATUS: Record<string, WhatsappStatusAction> = {
  ERROR: 'failed',
  SERVER_ACK: 'sent',
  DELIVERY_ACK: 'delivered',
  READ: 'read',
  PLAYED: 'read',
};

/** The events of a webhook body; undefined when it is no event of that partner. */
export function readEvents(partner: ChannelPartner, raw: string, now: string): WhatsappEvent[] | undefined {
  if (partner === 'TWILIO') {
    const p = new URLSearchParams(raw);
    const sid = p.get('MessageSid') ?? p.get('SmsSid');
    if (!sid) return undefined;
    const status = p.get('MessageStatus') ?? p.get('SmsStatus') ?? '';
    if (p.get('Body') !== null && (status === '' || status === 'received'))
      return [
        {
          kind: 'inbound',
          messageId: sid,
          from: digits(p.get('From')?.replace(/^whatsapp:/, '')),
          text: p.get('Body') ?? '',
          at: now,
          ...(p.get('MediaUrl0') ? { mediaUrl: p.get('MediaUrl0')! } : {}),
        },
      ];
    const action = TWILIO_STATUS[status];
    return action ? [{ kind: 'status', messageId: sid, action, at: now }] : [];
  }
  if (partner === 'GUPSHUP') {
    const body = safeJson(raw);
    const payload = (body.payload ?? {}) as Record<string, unknown>;
    if (body.type === 'message') {
      const inner = (payload.payload ?? {}) as Record<string, unknown>;
      return [
        {
          kind: 'inbound',
          messageId: str(payload.id),
          from: digits(payload.source ?? (payload.sender as Record<string, unknown> | undefined)?.phone),
          text: str(inner.text ?? inner.caption),
          at: iso(body.timestamp, now),
          ...(inner.url ? { mediaUrl: str(inner.url) } : {}),
        },
      ];
    }
    if (body.type === 'message-event') {
      const action = GUPSHUP_STATUS[str(payload.type)];
      const id = str(payload.gsId ?? payload.id);
      return action && id ? [{ kind: 'status', messageId: id, action, at: iso(body.timestamp, now) }] : [];
    }
    return body.type ? [] : undefined;
  }
  const body = safeJson(raw);
  if (partner === 'META') {
    if (body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry)) return undefined;
    const events: WhatsappEvent[] = [];
    for (const entry of body.entry as { changes?: { value?: Record<string, unknown> }[] }[]) {
      for (const change of entry.changes ?? []) {
        const value = change.value ?? {};
        for (const s of (value.statuses as Record<string, unknown>[] | undefined) ?? []) {
          const action = META_STATUS[str(s.status)];
          if (action)
            events.push({ kind: 'status', messageId: str(s.id), action, at: iso(s.timestamp, now) });
        }
        for (const m of (value.messages as Record<string, unknown>[] | undefined) ?? []) {
          const text =
            (m.text as { body?: string } | undefined)?.body ??
            (m.button as { text?: string } | undefined)?.text ??
            ((m.image ?? m.document ?? m.video) as { caption?: string } | undefined)?.caption ??
            '';
          events.push({
            kind: 'inbound',
            messageId: str(m.id),
            from: digits(m.from),
            text,
            at: iso(m.timestamp, now),
          });
        }
      }
    }
    return events;
  }
  if (partner === 'RetailThink_v3') {
    const payload = (body.payload ?? {}) as Record<string, unknown>;
    if (body.event === 'message') {
      if (payload.fromMe) return [];
      return [
        {
          kind: 'inbound',
          messageId: str(payload.id),
          from: digits(payload.from),
          text: str(payload.body),
          at: iso(payload.timestamp ?? body.timestamp, now),
          ...((payload.media as { url?: string } | undefined)?.url
            ? { mediaUrl: str((payload.media as { url?: string }).url) }
            : {}),
        },
      ];
    }
    if (body.event === 'message.ack') {
      const action = WAHA_ACK[str(payload.ack)];
      return action
        ? [{ kind: 'status', messageId: str(payload.id), action, at: iso(body.timestamp, now) }]
        : [];
    }
    return typeof body.event === 'string' ? [] : undefined;
  }
  // Evolution API (v1 'messages.upsert' / v2 'MESSAGES_UPSERT' and the updates).
  const event = str(body.event).toLowerCase().replace(/_/g, '.');
  if (!event) return undefined;
  const data = (body.data ?? {}) as Record<string, unknown>;
  if (event === 'messages.upsert') {
    const key = (data.key ?? {}) as { id?: string; remoteJid?: string; fromMe?: boolean };
    if (key.fromMe) return [];
    const message = (data.message ?? {}) as Record<
      string,
      { text?: string; caption?: string } | string | undefined
    >;
    const text =
      (typeof message.conversation === 'string' ? message.conversation : undefined) ??
      (message.extendedTextMessage as { text?: string } | undefined)?.text ??
      (message.imageMessage as { caption?: string } | undefined)?.caption ??
      '';
    return [
      {
        kind: 'inbound',
        messageId: str(key.id),
        from: digits(key.remoteJid),
        text,
        at: iso(data.messageTimestamp, now),
      },
    ];
  }
  if (event === 'messages.update') {
    const updates = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [data];
    return updates.flatMap((u) => {
      const id = str((u.key as { id?: string } | undefined)?.id ?? u.keyId ?? u.id);
      const status = str(u.status ?? (u.update as { status?: string } | undefined)?.status);
      const action = EVOLUTION_STATUS[status];
      return action && id ? [{ kind: 'status' as const, messageId: id, action, at: now }] : [];
    });
  }
  return [];
}
