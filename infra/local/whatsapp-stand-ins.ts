/**
 * Local stand-ins of the WhatsApp partners (README "WhatsApp"), one HTTP server, one path prefix
 * each, speaking the same public APIs as the adapters of functions/src/whatsapp/partners:
 *
 *   /meta/v21.0/{phone-number-id}/messages        WhatsApp Cloud API (Bearer)
 *   /twilio/2010-04-01/Accounts/{sid}/Messages.json   Twilio (Basic sid:token, form)
 *   /gupshup/wa/api/v1/msg                         Gupshup (apikey, form)
 *   /evolution/…                                   Evolution API v1 and v2 (apikey; instance state open/connecting/close)
 *   /waha/api/…                                    WAHA (X-Api-Key; sessions STOPPED → SCAN_QR_CODE → WORKING)
 *
 * Sends are kept one per `X-Idempotency-Key` (the ledger's key: modelling the window between a
 * partner's acceptance and the ledger's completion) and counted. With a channel registered
 * ({@link WhatsappStandIns.register}), each accepted message is followed by the partner's status
 * callbacks (sent, delivered, read) posted to our webhook, signed as that partner signs; `inbound`
 * posts a customer's message the same way. Numbers ending in 0000 fail ('failed').
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInPartner =
  'META' | 'TWILIO' | 'GUPSHUP' | 'RetailThink' | 'RetailThink_v2' | 'RetailThink_v3';

export interface StandInChannel {
  partner: StandInPartner;
  /** The identity the partner knows the channel by: phone number id, SID, app, instance or session. */
  identity: string;
  /** Our webhook (http://…/api/hooks/whatsapp/{partner}/{id}). */
  webhook: string;
  /** The channel's token (Twilio signs with it) and password (Meta app secret, WAHA HMAC key, shared secret). */
  token: string;
  password: string;
  /** Host header to send (the tenant's), when the webhook URL's host is an IP. */
  host?: string;
}

export interface AcceptedMessage {
  partner: StandInPartner;
  identity: string;
  to: string;
  id: string;
  key: string;
  body: unknown;
  at: number;
}

export interface WhatsappStandIns {
  url: string;
  /** Base URLs to put in the channel's `user` (gateways) or the environment (official partners). */
  bases: { meta: string; twilio: string; gupshup: string; evolution: string; waha: string; media: string };
  /** Accepted messages, one per idempotency key, in acceptance order. */
  accepted: AcceptedMessage[];
  /** Send calls received (including repeats of a key). */
  calls: () => number;
  register(channel: StandInChannel): void;
  /** Posts a customer's inbound message through the channel's webhook; answers the HTTP status. */
  inbound(channel: StandInChannel, from: string, text: string): Promise<number>;
  /** Gateway sessions: set a WAHA session's or an Evolution instance's state. */
  sessions: Map<string, string>;
  /** Webhook calls made, with their answers. */
  posted: { partner: StandInPartner; kind: string; status: number; ms: number }[];
  /** Status callbacks: off (default on), the delay before the first one, and how a webhook call is made (tests: the handler). */
  options: {
    callbacks: boolean;
    delayMs: number;
    /** The gateway is down: every send answers 503 (a transient failure) and nothing is accepted. */
    unavailable?: boolean;
    deliver?: (request: { url: string; headers: Record<string, string>; body: string }) => Promise<number>;
  };
  settled(): Promise<void>;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const read = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** The partner's signed webhook request for a body. */
function signed(
  channel: StandInChannel,
  body: string,
  form: boolean,
): { headers: Record<string, string>; body: string } {
  const headers: Record<string, string> = {
    'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    ...(channel.host ? { host: channel.host, 'x-forwarded-host': channel.host } : {}),
  };
  switch (channel.partner) {
    case 'META':
      headers['x-hub-signature-256'] =
        `sha256=${createHmac('sha256', channel.password).update(body).digest('hex')}`;
      break;
    case 'TWILIO': {
      const params = new URLSearchParams(body);
      const names = [...new Set(params.keys())].sort();
      const url = channel.host
        ? channel.webhook.replace(/^(https?:\/\/)[^/]+/, `$1${channel.host}`)
        : channel.webhook;
      const data =
        url +
        names
          .map((n) =>
            params
              .getAll(n)
              .map((v) => `${n}${v}`)
              .join(''),
          )
          .join('');
      headers['x-twilio-signature'] = createHmac('sha1', channel.token).update(data).digest('base64');
      break;
    }
    case 'RetailThink_v3':
      headers['x-webhook-hmac'] = createHmac('sha512', channel.password).update(body).digest('hex');
      headers['x-webhook-hmac-algorithm'] = 'sha512';
      break;
    default:
      headers['x-webhook-token'] = channel.password;
  }
  return { headers, body };
}

function statusBody(
  channel: StandInChannel,
  id: string,
  to: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
) {
  const now = Date.now();
  switch (channel.partner) {
    case 'META':
      return {
        form: false,
        body: JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: 'waba',
              changes: [
                {
                  field: 'messages',
                  value: {
                    messaging_product: 'whatsapp',
                    metadata: { phone_number_id: channel.identity },
                    statuses: [{ id, status, timestamp: String(Math.floor(now / 1000)), recipient_id: to }],
                  },
                },
              ],
            },
          ],
        }),
      };
    case 'TWILIO':
      return {
        form: true,
        body: new URLSearchParams({
          MessageSid: id,
          MessageStatus: status,
          To: `whatsapp:+${to}`,
          AccountSid: channel.identity,
        }).toString(),
      };
    case 'GUPSHUP':
      return {
        form: false,
        body: JSON.stringify({
          app: channel.identity,
          timestamp: now,
          version: 2,
          type: 'message-event',
          payload: { id, gsId: id, type: status, destination: to, payload: { ts: now } },
        }),
      };
    case 'RetailThink_v3':
      return {
        form: false,
        body: JSON.stringify({
          id: `evt_${randomUUID()}`,
          timestamp: now,
          event: 'message.ack',
          session: channel.identity,
          payload: {
            id,
            from: `${to}@c.us`,
            fromMe: true,
            ack: { sent: 1, delivered: 2, read: 3, failed: -1 }[status],
            ackName: status.toUpperCase(),
          },
        }),
      };
    default:
      return {
        form: false,
        body: JSON.stringify({
          event: channel.partner === 'RetailThink' ? 'messages.update' : 'MESSAGES_UPDATE',
          instance: channel.identity,
          data: {
            keyId: id,
            remoteJid: `${to}@s.whatsapp.net`,
            fromMe: true,
            status: { sent: 'SERVER_ACK', delivered: 'DELIVERY_ACK', read: 'READ', failed: 'ERROR' }[status],
          },
        }),
      };
  }
}

function inboundBody(channel: StandInChannel, from: string, text: string) {
  const now = Date.now();
  const id = `in-${randomUUID()}`;
  switch (channel.partner) {
    case 'META':
      return {
        form: false,
        body: JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: 'waba',
              changes: [
                {
                  field: 'messages',
                  value: {
                    messaging_product: 'whatsapp',
                    metadata: { phone_number_id: channel.identity },
                    contacts: [{ wa_id: from, profile: { name: 'Cliente' } }],
                    messages: [
                      {
                        from,
                        id,
                        timestamp: String(Math.floor(now / 1000)),
                        type: 'text',
                        text: { body: text },
                      },
                    ],
                  },
                },
              ],
            },
          ],
        }),
      };
    case 'TWILIO':
      return {
        form: true,
        body: new URLSearchParams({
          MessageSid: `SM${id}`,
          From: `whatsapp:+${from}`,
          To: 'whatsapp:+5511000000000',
          Body: text,
          SmsStatus: 'received',
        }).toString(),
      };
    case 'GUPSHUP':
      return {
        form: false,
        body: JSON.stringify({
          app: channel.identity,
          timestamp: now,
          version: 2,
          type: 'message',
          payload: {
            id,
            source: from,
            type: 'text',
            payload: { text },
            sender: { phone: from, name: 'Cliente' },
          },
        }),
      };
    case 'RetailThink_v3':
      return {
        form: false,
        body: JSON.stringify({
          id: `evt_${id}`,
          timestamp: now,
          event: 'message',
          session: channel.identity,
          payload: { id, timestamp: Math.floor(now / 1000), from: `${from}@c.us`, fromMe: false, body: text },
        }),
      };
    default:
      return {
        form: false,
        body: JSON.stringify({
          event: channel.partner === 'RetailThink' ? 'messages.upsert' : 'MESSAGES_UPSERT',
          instance: channel.identity,
          data: {
            key: { id, remoteJid: `${from}@s.whatsapp.net`, fromMe: false },
            message: { conversation: text },
            messageTimestamp: Math.floor(now / 1000),
          },
        }),
      };
  }
}

const QR = { mimetype: 'image/png', data: Buffer.from('stand-in-qr').toString('base64') };

/** Starts the stand-ins on a random local port. */
export async function startWhatsappStandIns(): Promise<WhatsappStandIns> {
  const accepted: AcceptedMessage[] = [];
  const byKey = new Map<string, AcceptedMessage>();
  const channels = new Map<string, StandInChannel>();
  const sessions = new Map<string, string>();
  const posted: WhatsappStandIns['posted'] = [];
  const pending = new Set<Promise<void>>();
  const options: WhatsappStandIns['options'] = { callbacks: true, delayMs: 200 };
  let calls = 0;

  const post = async (channel: StandInChannel, kind: string, payload: { form: boolean; body: string }) => {
    const request = signed(channel, payload.body, payload.form);
    const started = performance.now();
    let status = 0;
    for (let attempt = 0; attempt < 3 && !(status >= 200 && status < 300); attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 300 * attempt));
      status = await (
        options.deliver
          ? options.deliver({ url: channel.webhook, headers: request.headers, body: request.body })
          : fetch(channel.webhook, {
              method: 'POST',
              headers: request.headers,
              body: request.body,
              signal: AbortSignal.timeout(10_000),
            }).then(async (r) => {
              await r.arrayBuffer();
              return r.status;
            })
      ).catch(() => 0);
    }
    posted.push({ partner: channel.partner, kind, status, ms: performance.now() - started });
    return status;
  };

  const accept = (
    partner: StandInPartner,
    identity: string,
    to: string,
    key: string,
    body: unknown,
    res: ServerResponse,
    answer: (id: string) => unknown,
  ) => {
    calls++;
    if (options.unavailable) return send(res, 503, { error: 'Service Unavailable' });
    const seen = key ? byKey.get(key) : undefined;
    if (seen) return send(res, 200, answer(seen.id));
    const id = partner === 'TWILIO' ? `SM${randomUUID().replace(/-/g, '')}` : `wamid.${randomUUID()}`;
    const message = { partner, identity, to, id, key, body, at: Date.now() };
    accepted.push(message);
    if (key) byKey.set(key, message);
    send(res, 200, answer(id));
    const channel = channels.get(`${partner}:${identity}`);
    if (!channel || !options.callbacks) return;
    const task = (async () => {
      await new Promise((r) => setTimeout(r, options.delayMs));
      const fails = to.endsWith('0000');
      for (const status of fails ? (['sent', 'failed'] as const) : (['sent', 'delivered', 'read'] as const))
        await post(channel, status, statusBody(channel, id, to, status));
    })().catch(() => undefined);
    pending.add(task);
    void task.finally(() => pending.delete(task));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const raw = req.method === 'POST' || req.method === 'PUT' ? await read(req) : '';
    const key = String(req.headers['x-idempotency-key'] ?? '');
    // Media files of campaigns (the save's HEAD check): `/media/<name>?bytes=N` declares N bytes.
    if (path.startsWith('/media/') && (req.method === 'HEAD' || req.method === 'GET')) {
      const bytes = Math.max(
        0,
        Math.min(64 * 1024 * 1024, Number(url.searchParams.get('bytes') ?? 1024) || 0),
      );
      const type = path.endsWith('.pdf')
        ? 'application/pdf'
        : path.endsWith('.mp4')
          ? 'video/mp4'
          : 'image/jpeg';
      res.writeHead(200, { 'content-type': type, 'content-length': String(bytes) });
      return void res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(bytes));
    }
    const json = () => {
      try {
        return JSON.parse(raw || '{}') as Record<string, unknown>;
      } catch {
        return {};
      }
    };
    let m: RegExpExecArray | null;
    // ---- Meta Cloud API
    if ((m = /^\/meta\/v[\d.]+\/([^/]+)\/messages$/.exec(path)) && req.method === 'POST') {
      if (!String(req.headers.authorization ?? '').startsWith('Bearer '))
        return send(res, 401, { error: { message: 'no token' } });
      const body = json();
      return accept('META', m[1]!, String(body.to ?? ''), key, body, res, (id) => ({
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id }],
      }));
    }
    if ((m = /^\/meta\/v[\d.]+\/([^/]+)$/.exec(path)) && req.method === 'GET')
      return String(req.headers.authorization ?? '') === 'Bearer bad'
        ? send(res, 401, { error: { message: 'invalid token' } })
        : send(res, 200, { id: m[1], verified_name: 'Loja' });
    // ---- Twilio
    if (
      (m = /^\/twilio\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path)) &&
      req.method === 'POST'
    ) {
      const form = new URLSearchParams(raw);
      return accept(
        'TWILIO',
        m[1]!,
        (form.get('To') ?? '').replace(/\D/g, ''),
        key,
        Object.fromEntries(form),
        res,
        (sid) => ({ sid, status: 'queued' }),
      );
    }
    if ((m = /^\/twilio\/2010-04-01\/Accounts\/([^/]+)\.json$/.exec(path)))
      return send(res, 200, { sid: m[1], status: 'active' });
    // ---- Gupshup
    if (path === '/gupshup/wa/api/v1/msg' && req.method === 'POST') {
      const form = new URLSearchParams(raw);
      return accept(
        'GUPSHUP',
        form.get('src.name') ?? '',
        form.get('destination') ?? '',
        key,
        Object.fromEntries(form),
        res,
        (messageId) => ({ status: 'submitted', messageId }),
      );
    }
    if ((m = /^\/gupshup\/wa\/api\/v1\/users\/([^/]+)$/.exec(path)))
      return send(res, 200, { status: 'success', users: [] });
    // ---- Evolution API v1 / v2
    if (
      (m = /^\/evolution\/message\/send(Text|Media|Location|Contact)\/([^/]+)$/.exec(path)) &&
      req.method === 'POST'
    ) {
      const body = json();
      const instance = decodeURIComponent(m[2]!);
      const partner: StandInPartner =
        'textMessage' in body ||
        'mediaMessage' in body ||
        'locationMessage' in body ||
        'contactMessage' in body
          ? 'RetailThink'
          : 'RetailThink_v2';
      if ((sessions.get(`evolution:${instance}`) ?? 'open') !== 'open')
        return send(res, 400, { message: 'instance not connected' });
      return accept(partner, instance, String(body.number ?? ''), key, body, res, (id) => ({
        key: { id, remoteJid: `${String(body.number)}@s.whatsapp.net`, fromMe: true },
        status: 'PENDING',
      }));
    }
    if ((m = /^\/evolution\/instance\/connectionState\/([^/]+)$/.exec(path))) {
      const instance = decodeURIComponent(m[1]!);
      return send(res, 200, {
        instance: { instanceName: instance, state: sessions.get(`evolution:${instance}`) ?? 'open' },
      });
    }
    if ((m = /^\/evolution\/instance\/connect\/([^/]+)$/.exec(path))) {
      const instance = decodeURIComponent(m[1]!);
      if ((sessions.get(`evolution:${instance}`) ?? 'open') !== 'open')
        sessions.set(`evolution:${instance}`, 'connecting');
      return send(res, 200, { code: '2@stand-in', base64: `data:image/png;base64,${QR.data}`, count: 1 });
    }
    if ((m = /^\/evolution\/instance\/(restart|logout)\/([^/]+)$/.exec(path))) {
      sessions.set(`evolution:${decodeURIComponent(m[2]!)}`, m[1] === 'logout' ? 'close' : 'open');
      return send(res, 200, { status: 'SUCCESS' });
    }
    if ((m = /^\/evolution\/group\/fetchAllGroups\/([^/]+)$/.exec(path)))
      return send(res, 200, [
        { id: '120363000000000001@g.us', subject: 'Clientes VIP', announce: false },
        { id: '120363000000000002@g.us', subject: 'Avisos (somente admins)', announce: true },
      ]);
    // ---- WAHA
    if (
      (m = /^\/waha\/api\/send(Text|Image|File|Video|Location|ContactVcard)$/.exec(path)) &&
      req.method === 'POST'
    ) {
      if (String(req.headers['x-api-key'] ?? '') === '') return send(res, 401, { message: 'no key' });
      const body = json();
      const session = String(body.session ?? '');
      if ((sessions.get(`waha:${session}`) ?? 'WORKING') !== 'WORKING')
        return send(res, 422, { message: 'session not working' });
      return accept(
        'RetailThink_v3',
        session,
        String(body.chatId ?? '').split('@')[0]!,
        key,
        body,
        res,
        (id) => ({ id: { fromMe: true, remote: body.chatId, id, _serialized: id } }),
      );
    }
    if ((m = /^\/waha\/api\/sessions\/([^/]+)$/.exec(path))) {
      const session = decodeURIComponent(m[1]!);
      return send(res, 200, { name: session, status: sessions.get(`waha:${session}`) ?? 'WORKING' });
    }
    if ((m = /^\/waha\/api\/sessions\/([^/]+)\/(start|stop|restart|logout)$/.exec(path))) {
      const session = decodeURIComponent(m[1]!);
      const next = {
        start: 'SCAN_QR_CODE',
        stop: 'STOPPED',
        restart: sessions.get(`waha:${session}`) === 'WORKING' ? 'WORKING' : 'SCAN_QR_CODE',
        logout: 'STOPPED',
      }[m[2] as 'start'];
      sessions.set(`waha:${session}`, next);
      return send(res, 201, { name: session, status: next });
    }
    if ((m = /^\/waha\/api\/([^/]+)\/auth\/qr$/.exec(path))) return send(res, 200, QR);
    if ((m = /^\/waha\/api\/([^/]+)\/groups$/.exec(path)))
      return send(res, 200, [
        {
          id: { _serialized: '120363000000000001@g.us' },
          name: 'Clientes VIP',
          isGroup: true,
          isReadOnly: false,
          isMuted: false,
        },
        {
          id: { _serialized: '120363000000000003@g.us' },
          name: 'Silenciado',
          isGroup: true,
          isReadOnly: false,
          isMuted: true,
        },
      ]);
    return send(res, 404, { message: 'not found' });
  };

  const server = createServer(
    (req, res) => void handle(req, res).catch(() => send(res, 500, { message: 'stand-in error' })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    bases: {
      meta: `${url}/meta`,
      twilio: `${url}/twilio`,
      gupshup: `${url}/gupshup`,
      evolution: `${url}/evolution`,
      waha: `${url}/waha`,
      media: `${url}/media`,
    },
    accepted,
    calls: () => calls,
    register(channel) {
      channels.set(`${channel.partner}:${channel.identity}`, channel);
    },
    inbound: (channel, from, text) => post(channel, 'inbound', inboundBody(channel, from, text)),
    sessions,
    posted,
    options,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/**
 * `npm start` and the tests: the official partners' base URLs point at the stand-ins, and the safe
 * agent allows the stand-ins' origin (SAFE_FETCH_ALLOW; never set in AWS).
 */
export async function useWhatsappStandIns(env: NodeJS.ProcessEnv = process.env): Promise<WhatsappStandIns> {
  const standIns = await startWhatsappStandIns();
  const origin = new URL(standIns.url).host;
  env.WHATSAPP_META_BASE_URL = standIns.bases.meta;
  env.TWILIO_BASE_URL = standIns.bases.twilio;
  env.GUPSHUP_BASE_URL = standIns.bases.gupshup;
  env.SAFE_FETCH_ALLOW = [...(env.SAFE_FETCH_ALLOW ?? '').split(',').filter(Boolean), origin].join(',');
  return standIns;
}
