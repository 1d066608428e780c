import { WHATSAPP_MESSAGES, type FlowItem } from '@freguesia/shared/domain/whatsapp';
import {
  base,
  call,
  fileName,
  jsonOf,
  mediaKind,
  plainText,
  refused,
  type ChannelCredentials,
  type Group,
  type WhatsappPartner,
} from './partners.service';

/**
 * The partners with their own public APIs (README "WhatsApp"); base URLs from the deployment
 * (WHATSAPP_META_BASE_URL, TWILIO_BASE_URL, GUPSHUP_BASE_URL: the stand-ins locally), never typed
 * by users:
 *
 * - META, the official WhatsApp Cloud API: `POST {graph}/v21.0/{phone-number-id}/messages` with
 *   `Authorization: Bearer {token}`; no sessions (the status is 'open' while the number answers
 *   `GET /v21.0/{phone-number-id}`); no groups.
 * - TWILIO: `POST /2010-04-01/Accounts/{sid}/Messages.json` (form: From/To `whatsapp:+…`, Body,
 *   MediaUrl), Basic auth sid:token; the account's `status` ('active' is connected).
 * - GUPSHUP: `POST /wa/api/v1/msg` (form: channel, source, destination, src.name, message JSON),
 *   header `apikey`; the app's opted-in users list answers the connectivity check.
 */

const GRAPH_VERSION = 'v21.0';
const metaBase = () => base(process.env.WHATSAPP_META_BASE_URL || 'https://graph.facebook.com');
const twilioBase = () => base(process.env.TWILIO_BASE_URL || 'https://api.twilio.com');
const gupshupBase = () => base(process.env.GUPSHUP_BASE_URL || 'https://api.gupshup.io');

const noGroups = async (): Promise<Group[]> => [];
const noSession = async () => undefined;

function metaMessage(to: string, item: FlowItem) {
  const head = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  switch (item.type) {
    case 'M': {
      const kind = mediaKind(item);
      return {
        ...head,
        type: kind,
        [kind]: {
          link: item.value,
          ...(item.extra ? { caption: item.extra } : {}),
          ...(kind === 'document' ? { filename: fileName(item.value) } : {}),
        },
      };
    }
    case 'L': {
      const [latitude, longitude] = item.value.split(',').map((v) => Number(v.trim()));
      return { ...head, type: 'location', location: { latitude, longitude, name: item.extra ?? '' } };
    }
    case 'C':
      return {
        ...head,
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: item.extra || item.value, first_name: item.extra || item.value },
            phones: [{ phone: item.value, wa_id: item.value.replace(/\D/g, '') }],
          },
        ],
      };
    default:
      return { ...head, type: 'text', text: { preview_url: true, body: plainText(item) } };
  }
}

export const meta: WhatsappPartner = {
  async send(c, m) {
    const answer = await call(`${metaBase()}/${GRAPH_VERSION}/${encodeURIComponent(c.user)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}` },
      json: { ...metaMessage(m.to, m.item), biz_opaque_callback_data: m.idempotencyKey },
      idempotencyKey: m.idempotencyKey,
      ...(m.signal ? { signal: m.signal } : {}),
    });
    if (answer.status >= 300) return refused(answer);
    const json = jsonOf(answer) as { messages?: { id?: string }[] };
    return { ok: true, id: String(json.messages?.[0]?.id ?? '') };
  },
  async status(c) {
    const answer = await call(`${metaBase()}/${GRAPH_VERSION}/${encodeURIComponent(c.user)}`, {
      headers: { authorization: `Bearer ${c.token}` },
    });
    return answer.status < 300 ? 'open' : 'close';
  },
  async connect(c) {
    const status = await this.status(c);
    return status === 'open' ? { status, message: WHATSAPP_MESSAGES.connected } : { status };
  },
  restart: noSession,
  logout: noSession,
  groups: noGroups,
};

const twilioAuth = (c: ChannelCredentials) =>
  `Basic ${Buffer.from(`${c.user}:${c.token}`, 'utf8').toString('base64')}`;
const twilioAddress = (n: string) => `whatsapp:+${n.replace(/\D/g, '')}`;

export const twilio: WhatsappPartner = {
  async send(c, m) {
    const item = m.item;
    const form: Record<string, string> = {
      From: twilioAddress(c.key),
      To: twilioAddress(m.to),
      Body: item.type === 'M' ? (item.extra ?? '') : plainText(item),
    };
    if (item.type === 'M') form.MediaUrl = item.value;
    const answer = await call(
      `${twilioBase()}/2010-04-01/Accounts/${encodeURIComponent(c.user)}/Messages.json`,
      {
        method: 'POST',
        headers: { authorization: twilioAuth(c) },
        form,
        idempotencyKey: m.idempotencyKey,
        ...(m.signal ? { signal: m.signal } : {}),
      },
    );
    if (answer.status >= 300) return refused(answer);
    return { ok: true, id: String((jsonOf(answer) as { sid?: string }).sid ?? '') };
  },
  async status(c) {
    const answer = await call(`${twilioBase()}/2010-04-01/Accounts/${encodeURIComponent(c.user)}.json`, {
      headers: { authorization: twilioAuth(c) },
    });
    if (answer.status >= 300) return 'close';
    return (jsonOf(answer) as { status?: string }).status === 'active' ? 'open' : 'close';
  },
  async connect(c) {
    const status = await this.status(c);
    return status === 'open' ? { status, message: WHATSAPP_MESSAGES.connected } : { status };
  },
  restart: noSession,
  logout: noSession,
  groups: noGroups,
};

function gupshupMessage(item: FlowItem): Record<string, unknown> {
  if (item.type === 'M') {
    const kind = mediaKind(item);
    return kind === 'document'
      ? { type: 'file', url: item.value, filename: fileName(item.value) }
      : {
          type: kind,
          [kind === 'image' ? 'originalUrl' : 'url']: item.value,
          previewUrl: item.value,
          caption: item.extra ?? '',
        };
  }
  if (item.type === 'L') {
    const [latitude, longitude] = item.value.split(',').map((v) => Number(v.trim()));
    return { type: 'location', latitude, longitude, name: item.extra ?? '' };
  }
  return { type: 'text', text: plainText(item) };
}

export const gupshup: WhatsappPartner = {
  async send(c, m) {
    const answer = await call(`${gupshupBase()}/wa/api/v1/msg`, {
      method: 'POST',
      headers: { apikey: c.token },
      form: {
        channel: 'whatsapp',
        source: c.key.replace(/\D/g, ''),
        destination: m.to,
        'src.name': c.user,
        message: JSON.stringify(gupshupMessage(m.item)),
      },
      idempotencyKey: m.idempotencyKey,
      ...(m.signal ? { signal: m.signal } : {}),
    });
    if (answer.status >= 300) return refused(answer);
    const json = jsonOf(answer) as { status?: string; messageId?: string; message?: string };
    if (json.status && json.status !== 'submitted')
      return { ok: false, error: String(json.message ?? json.status) };
    return { ok: true, id: String(json.messageId ?? '') };
  },
  async status(c) {
    const answer = await call(`${gupshupBase()}/wa/api/v1/users/${encodeURIComponent(c.user)}`, {
      headers: { apikey: c.token },
    });
    return answer.status < 300 ? 'open' : 'close';
  },
  async connect(c) {
    const status = await this.status(c);
    return status === 'open' ? { status, message: WHATSAPP_MESSAGES.connected } : { status };
  },
  restart: noSession,
  logout: noSession,
  groups: noGroups,
};
