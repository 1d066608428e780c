import { QR_WAIT_MS, WHATSAPP_MESSAGES } from '@freguesia/shared/domain/whatsapp';
import {
  base,
  call,
  fileName,
  jsonOf,
  mediaKind,
  partnerClock,
  plainText,
  refused,
  type ChannelCredentials,
  type ConnectResult,
  type Group,
  type OutboundMessage,
  type SendResult,
  type WhatsappPartner,
} from './partners.service';

/**
 * The 'RetailThink' versions: self-hosted open-source WhatsApp gateways whose session models the
 * spec describes (README "WhatsApp").
 *
 * - RetailThink and RetailThink_v2 speak **Evolution API** (github.com/EvolutionAPI/evolution-api)
 *   v1 and v2: header `apikey`, instances in 'open' / 'connecting' / 'close' state
 *   (`GET /instance/connectionState/{instance}`, `GET /instance/connect/{instance}` → QR base64,
 *   `PUT /instance/restart/{instance}`, `DELETE /instance/logout/{instance}`), sends on
 *   `POST /message/sendText|sendMedia|sendLocation|sendContact/{instance}` (v1 nests the content in
 *   `textMessage` / `mediaMessage` / …, v2 has it flat), groups on
 *   `GET /group/fetchAllGroups/{instance}?getParticipants=false`.
 * - RetailThink_v3 speaks **WAHA** (github.com/devlikeapro/waha): header `X-Api-Key`, sessions
 *   WORKING / SCAN_QR_CODE / STOPPED / STARTING / FAILED (`GET /api/sessions/{session}`,
 *   `POST /api/sessions/{session}/start|stop|restart|logout`, `GET /api/{session}/auth/qr`), sends
 *   on `POST /api/sendText|sendImage|sendFile|sendVideo|sendLocation|sendContactVcard` with
 *   `{session, chatId}`, groups on `GET /api/{session}/groups`.
 */

const chatId = (to: string, suffix: string) => (to.includes('@') ? to : `${to}${suffix}`);

function evolution(version: 1 | 2): WhatsappPartner {
  const headers = (c: ChannelCredentials) => ({ apikey: c.token });
  const url = (c: ChannelCredentials, path: string) => `${base(c.user)}${path}/${encodeURIComponent(c.key)}`;
  const state = async (c: ChannelCredentials): Promise<string> => {
    const answer = await call(url(c, '/instance/connectionState'), { headers: headers(c) });
    if (answer.status === 404) return 'close';
    const json = jsonOf(answer) as { instance?: { state?: string }; state?: string };
    return String(json.instance?.state ?? json.state ?? 'close');
  };
  return {
    async send(c, m: OutboundMessage): Promise<SendResult> {
      const number = m.to.includes('@') ? m.to : m.to;
      const item = m.item;
      let path = '/message/sendText';
      let body: Record<string, unknown>;
      if (item.type === 'M') {
        path = '/message/sendMedia';
        const media = {
          mediatype: mediaKind(item),
          media: item.value,
          caption: item.extra ?? '',
          fileName: fileName(item.value),
        };
        body = version === 1 ? { number, mediaMessage: media } : { number, ...media };
      } else if (item.type === 'L') {
        path = '/message/sendLocation';
        const [latitude, longitude] = item.value.split(',').map((v) => Number(v.trim()));
        const location = { latitude, longitude, name: item.extra ?? '', address: '' };
        body = version === 1 ? { number, locationMessage: location } : { number, ...location };
      } else if (item.type === 'C') {
        path = '/message/sendContact';
        const contact = [{ fullName: item.extra ?? item.value, wuid: item.value, phoneNumber: item.value }];
        body = version === 1 ? { number, contactMessage: contact } : { number, contact };
      } else {
        body =
          version === 1
            ? { number, textMessage: { text: plainText(item) } }
            : { number, text: plainText(item) };
      }
      const answer = await call(url(c, path), {
        method: 'POST',
        headers: headers(c),
        json: body,
        idempotencyKey: m.idempotencyKey,
        ...(m.signal ? { signal: m.signal } : {}),
      });
      if (answer.status >= 300) return refused(answer);
      const json = jsonOf(answer) as { key?: { id?: string } };
      return { ok: true, id: String(json.key?.id ?? '') };
    },
    status: state,
    async connect(c): Promise<ConnectResult> {
      const status = await state(c);
      if (status === 'open') return { status, message: WHATSAPP_MESSAGES.connected };
      const answer = await call(url(c, '/instance/connect'), { headers: headers(c) });
      const json = jsonOf(answer) as {
        base64?: string;
        code?: string;
        qrcode?: { base64?: string; code?: string };
      };
      const qr = json.base64 ?? json.qrcode?.base64 ?? json.code ?? json.qrcode?.code;
      return { status, ...(qr ? { qr } : {}) };
    },
    async restart(c) {
      await call(url(c, '/instance/restart'), {
        method: version === 1 ? 'PUT' : 'POST',
        headers: headers(c),
      });
    },
    async logout(c) {
      await call(url(c, '/instance/logout'), { method: 'DELETE', headers: headers(c) });
    },
    async groups(c): Promise<Group[]> {
      const answer = await call(`${url(c, '/group/fetchAllGroups')}?getParticipants=false`, {
        headers: headers(c),
      });
      const list = answer.status < 300 ? answer.json<unknown>() : [];
      return (Array.isArray(list) ? list : []).map((g: Record<string, unknown>) => ({
        id: { _serialized: String(g.id ?? '') },
        name: String(g.subject ?? g.name ?? ''),
        isMuted: Boolean(g.isMuted ?? false),
        isGroup: true,
        isReadOnly: Boolean(g.announce ?? g.restrict ?? false),
      }));
    },
  };
}

export const evolutionV1 = evolution(1);
export const evolutionV2 = evolution(2);

const WAHA_ENDPOINT: Record<string, string> = {
  image: '/api/sendImage',
  document: '/api/sendFile',
  video: '/api/sendVideo',
};

export const waha: WhatsappPartner = {
  async send(c, m) {
    const headers = { 'X-Api-Key': c.token };
    const session = c.key;
    const to = chatId(m.to, '@c.us');
    const item = m.item;
    let path = '/api/sendText';
    let body: Record<string, unknown> = { session, chatId: to, text: plainText(item) };
    if (item.type === 'M') {
      const kind = mediaKind(item);
      path = WAHA_ENDPOINT[kind]!;
      body = {
        session,
        chatId: to,
        file: {
          url: item.value,
          filename: fileName(item.value),
          mimetype: kind === 'document' ? 'application/pdf' : kind === 'video' ? 'video/mp4' : 'image/jpeg',
        },
        caption: item.extra ?? '',
      };
    } else if (item.type === 'L') {
      const [latitude, longitude] = item.value.split(',').map((v) => Number(v.trim()));
      path = '/api/sendLocation';
      body = { session, chatId: to, latitude, longitude, title: item.extra ?? '' };
    } else if (item.type === 'C') {
      path = '/api/sendContactVcard';
      body = {
        session,
        chatId: to,
        contacts: [{ fullName: item.extra ?? item.value, phoneNumber: item.value, whatsappId: item.value }],
      };
    }
    const answer = await call(`${base(c.user)}${path}`, {
      method: 'POST',
      headers,
      json: body,
      idempotencyKey: m.idempotencyKey,
      ...(m.signal ? { signal: m.signal } : {}),
    });
    if (answer.status >= 300) return refused(answer);
    const json = jsonOf(answer) as { id?: string | { _serialized?: string } };
    const id = typeof json.id === 'string' ? json.id : (json.id?._serialized ?? '');
    return { ok: true, id };
  },
  async status(c) {
    const answer = await call(`${base(c.user)}/api/sessions/${encodeURIComponent(c.key)}`, {
      headers: { 'X-Api-Key': c.token },
    });
    if (answer.status === 404) return 'STOPPED';
    return String((jsonOf(answer) as { status?: string }).status ?? 'STOPPED');
  },
  /** §4: WORKING → 'Já está conectado!'; SCAN_QR_CODE → the QR; STOPPED → start, wait 2 s, the QR. */
  async connect(c) {
    const headers = { 'X-Api-Key': c.token };
    const session = `${base(c.user)}/api/sessions/${encodeURIComponent(c.key)}`;
    const status = await this.status(c);
    if (status === 'WORKING') return { status, message: WHATSAPP_MESSAGES.connected };
    if (status !== 'SCAN_QR_CODE') {
      await call(`${session}/start`, { method: 'POST', headers });
      await partnerClock.sleep(QR_WAIT_MS);
    }
    const answer = await call(`${base(c.user)}/api/${encodeURIComponent(c.key)}/auth/qr?format=image`, {
      headers: { ...headers, accept: 'application/json' },
    });
    const json = jsonOf(answer) as { mimetype?: string; data?: string; value?: string };
    const qr = json.data ? `data:${json.mimetype ?? 'image/png'};base64,${json.data}` : json.value;
    return { status, ...(qr ? { qr } : {}) };
  },
  async restart(c) {
    await call(`${base(c.user)}/api/sessions/${encodeURIComponent(c.key)}/restart`, {
      method: 'POST',
      headers: { 'X-Api-Key': c.token },
    });
  },
  async logout(c) {
    await call(`${base(c.user)}/api/sessions/${encodeURIComponent(c.key)}/logout`, {
      method: 'POST',
      headers: { 'X-Api-Key': c.token },
    });
  },
  async groups(c) {
    const answer = await call(`${base(c.user)}/api/${encodeURIComponent(c.key)}/groups`, {
      headers: { 'X-Api-Key': c.token },
    });
    const list = answer.status < 300 ? answer.json<unknown>() : [];
    return (Array.isArray(list) ? list : []).map((g: Record<string, unknown>) => {
      const id = g.id as string | { _serialized?: string } | undefined;
      return {
        id: { _serialized: typeof id === 'string' ? id : (id?._serialized ?? '') },
        name: String(g.name ?? g.subject ?? ''),
        isMuted: Boolean(g.isMuted ?? false),
        isGroup: g.isGroup === undefined ? true : Boolean(g.isGroup),
        isReadOnly: Boolean(g.isReadOnly ?? false),
      };
    });
  },
};
