/**
 * A local HTTP stand-in for the third-party lookups (ViaCEP and Nominatim): tests and benches never
 * reach the internet, and `npm start -- --offline` uses it for demos and machines without internet.
 * Point the ports at it with `CEP_BASE_URL=<url>/ws` and `GEOCODE_BASE_URL=<url>/nominatim`
 * (tests: `useStandIns()` in test/support/stand-ins.ts sets both).
 *
 * ViaCEP:    GET /ws/{8 digits}/json/  → ViaCEP JSON, `{"erro": true}` for unknown CEPs, 400 for malformed.
 * Nominatim: GET /nominatim/search?street=&city=&state=&format=jsonv2 → `[place]` or `[]`.
 * Special CEP 99999-999 answers 500 (to test the 502 path). Every request is recorded in `requests`.
 *
 * Zenvia:    POST /zenvia/v2/channels/sms/messages  → `{id}`, one message per `externalId`.
 * OneSignal: POST /onesignal/notifications          → `{id}`, one notification per `idempotency_key`.
 * With `reports` configured (`npm start` does), each accepted message is followed, after
 * `delayMs`, by the provider's delivery reports posted to our webhook with the shared secret:
 * - SMS: Zenvia MESSAGE_STATUS events, SENT then DELIVERED — but NOT_DELIVERED for numbers ending
 *   in 0000 and REJECTED for numbers ending in 9999 (test numbers);
 * - push: OneSignal event-stream bodies (the README's template), `message.push.received`, then
 *   `message.push.clicked` for customers whose id is a multiple of 3 (`c3`, `c6`, …).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInCep {
  cep: string;
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
  ibge: string;
}

/** Fixed CEPs the stand-in knows. */
export const STAND_IN_CEPS: Record<string, StandInCep> = {
  '01310100': {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
    ibge: '3550308',
  },
  '20040020': {
    cep: '20040-020',
    logradouro: 'Rua da Assembleia',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
    ibge: '3304557',
  },
  '30130010': {
    cep: '30130-010',
    logradouro: 'Avenida Afonso Pena',
    bairro: 'Centro',
    localidade: 'Belo Horizonte',
    uf: 'MG',
    ibge: '3106200',
  },
  '80020310': {
    cep: '80020-310',
    logradouro: 'Rua XV de Novembro',
    bairro: 'Centro',
    localidade: 'Curitiba',
    uf: 'PR',
    ibge: '4106902',
  },
  '70070120': {
    cep: '70070-120',
    logradouro: '',
    bairro: '',
    localidade: 'Brasília',
    uf: 'DF',
    ibge: '5300108',
  },
};

interface StandInPlace {
  street: string;
  city: string;
  lat: string;
  lon: string;
  place_id: number;
  display_name: string;
}

/** Known places, matched by street (contains, accent/case-insensitive) and city. */
export const STAND_IN_PLACES: StandInPlace[] = [
  {
    street: 'avenida paulista',
    city: 'sao paulo',
    lat: '-23.5613',
    lon: '-46.6565',
    place_id: 1001,
    display_name: 'Avenida Paulista, Bela Vista, São Paulo, SP, Brasil',
  },
  {
    street: 'rua da assembleia',
    city: 'rio de janeiro',
    lat: '-22.9045',
    lon: '-43.1766',
    place_id: 1002,
    display_name: 'Rua da Assembleia, Centro, Rio de Janeiro, RJ, Brasil',
  },
  {
    street: 'avenida afonso pena',
    city: 'belo horizonte',
    lat: '-19.9227',
    lon: '-43.9451',
    place_id: 1003,
    display_name: 'Avenida Afonso Pena, Centro, Belo Horizonte, MG, Brasil',
  },
];

export type ReportingProvider = 'zenvia' | 'onesignal';

/** Where and how the stand-ins post the providers' delivery reports. */
export interface ProviderReports {
  /** The webhook of each provider (`http://…/api/hooks/zenvia`) and the secret it sends in `x-webhook-token`. */
  zenvia?: { url: string; token: string };
  onesignal?: { url: string; token: string };
  /** Milliseconds between the acceptance and the first report (default 1500), and between reports. */
  delayMs?: number;
  /** Each report is posted this many times (a provider's redelivery; default 1). */
  repeat?: number;
  /** Posts one report and answers the HTTP status (default: `fetch` to the provider's url). Tests call the handler. */
  deliver?: (
    provider: ReportingProvider,
    request: { url: string; headers: Record<string, string>; body: unknown },
  ) => Promise<number>;
}

/** A report the stand-in posted, with the answer it got (0: the request failed). */
export interface PostedReport {
  provider: ReportingProvider;
  /** Zenvia's status code or OneSignal's event kind. */
  event: string;
  /** The recipient: the phone number, or the external id. */
  to: string;
  status: number;
}

export interface StandIns {
  url: string;
  cepBaseUrl: string;
  geocodeBaseUrl: string;
  requests: { path: string; userAgent: string | undefined }[];
  /** Delivery reports posted so far (with `reports`). */
  reports: PostedReport[];
  /** Resolves once every report scheduled so far has been posted. */
  reportsSettled(): Promise<void>;
  close(): Promise<void>;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Messages the SMS (Zenvia) and push (OneSignal) stand-ins accepted, one per idempotency key. */
export const providerMessages = {
  sms: new Map<string, Record<string, unknown>>(),
  push: new Map<string, Record<string, unknown>>(),
};

function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      } catch {
        resolve({});
      }
    });
  });
}

/** Zenvia's `POST /v2/channels/sms/messages` and OneSignal's `POST /notifications`, deduplicated by their keys. */
async function handleProvider(
  req: IncomingMessage,
  res: ServerResponse,
  kind: 'sms' | 'push',
  reporter: Reporter,
): Promise<void> {
  const body = await readBody(req);
  const key = String(kind === 'sms' ? (body.externalId ?? '') : (body.idempotency_key ?? ''));
  const to = kind === 'sms' ? String(body.to ?? '') : JSON.stringify(body.include_aliases ?? {});
  if (!key || !to) return send(res, 400, { message: 'missing destination or key' });
  if (kind === 'sms' && !/^\d{12,13}$/.test(to)) return send(res, 400, { message: 'invalid phone number' });
  const seen = providerMessages[kind].get(key);
  const id = (seen?.id as string | undefined) ?? `${kind}-${randomUUID()}`;
  if (!seen) {
    providerMessages[kind].set(key, { ...body, id });
    if (kind === 'sms') reporter.sms(id, body);
    else reporter.push(id, body);
  }
  return send(res, 200, { id });
}

/** Zenvia's outcome for a test number (README "Communications"). */
export const standInSmsOutcome = (to: string): 'DELIVERED' | 'NOT_DELIVERED' | 'REJECTED' =>
  to.endsWith('0000') ? 'NOT_DELIVERED' : to.endsWith('9999') ? 'REJECTED' : 'DELIVERED';
/** Whether the stand-in's customer opens the push: ids that are multiples of 3. */
export const standInPushClicked = (externalId: string): boolean =>
  /^c\d+$/.test(externalId) && Number(externalId.slice(1)) % 3 === 0;

const ZENVIA_DESCRIPTIONS: Record<string, string> = {
  SENT: 'The message has been forwarded to the provider',
  DELIVERED: 'The message has been delivered by the provider',
  NOT_DELIVERED: 'The provider was unable to deliver the message',
  REJECTED: 'The message was rejected by the provider',
};

interface Reporter {
  sms(id: string, message: Record<string, unknown>): void;
  /** An inbound SMS (a customer's reply) posted to the Zenvia webhook; answers the webhook's status. */
  inbound(from: string, text: string): Promise<number>;
  push(id: string, notification: Record<string, unknown>): void;
  posted: PostedReport[];
  settled(): Promise<void>;
}

/** Posts the delivery reports of accepted messages, as the providers would (nothing without `options`). */
function reporter(options: ProviderReports | undefined): Reporter {
  const posted: PostedReport[] = [];
  const pending = new Set<Promise<void>>();
  const delayMs = options?.delayMs ?? 1_500;
  const deliver =
    options?.deliver ??
    (async (
      _provider: ReportingProvider,
      request: { url: string; headers: Record<string, string>; body: unknown },
    ) => {
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: JSON.stringify(request.body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.status;
    });
  const post = async (provider: ReportingProvider, event: string, to: string, body: unknown) => {
    const target = options?.[provider];
    if (!target) return;
    const headers = { 'content-type': 'application/json', 'x-webhook-token': target.token };
    for (let copy = 0; copy < Math.max(1, options?.repeat ?? 1); copy++) {
      // Like the providers: a failed delivery is tried again a few times.
      let status = 0;
      for (let attempt = 0; attempt < 3 && !(status >= 200 && status < 300); attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 500 * attempt));
        status = await deliver(provider, { url: target.url, headers, body }).catch(() => 0);
      }
      posted.push({ provider, event, to, status });
    }
  };
  const later = (run: () => Promise<void>) => {
    const task = new Promise<void>((resolve) => setTimeout(resolve, delayMs))
      .then(run)
      .catch(() => undefined);
    pending.add(task);
    void task.finally(() => pending.delete(task));
  };
  const pause = () => new Promise((r) => setTimeout(r, Math.min(delayMs, 200)));
  return {
    posted,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    sms(id, message) {
      if (!options?.zenvia) return;
      const to = String(message.to ?? '');
      const status = (code: string) => ({
        id: randomUUID(),
        timestamp: new Date().toISOString(),
        type: 'MESSAGE_STATUS',
        subscriptionId: 'stand-in',
        channel: 'sms',
        messageId: id,
        contentIndex: 0,
        message: {
          id,
          externalId: message.externalId,
          contentIndex: 0,
          direction: 'OUT',
          from: message.from,
          to,
        },
        messageStatus: {
          timestamp: new Date().toISOString(),
          code,
          description: ZENVIA_DESCRIPTIONS[code],
          causes:
            code === 'DELIVERED'
              ? []
              : [
                  {
                    channelErrorCode: code === 'REJECTED' ? '004' : '005',
                    reason: code,
                    details: 'Número de teste do stand-in',
                  },
                ],
        },
      });
      later(async () => {
        await post('zenvia', 'SENT', to, status('SENT'));
        await pause();
        const outcome = standInSmsOutcome(to);
        await post('zenvia', outcome, to, status(outcome));
      });
    },
    async inbound(from, text) {
      const id = randomUUID();
      const message = {
        id: randomUUID(),
        timestamp: new Date().toISOString(),
        type: 'MESSAGE',
        subscriptionId: 'stand-in',
        channel: 'sms',
        direction: 'IN',
        message: {
          id,
          from,
          to: 'freguesia',
          direction: 'IN',
          channel: 'sms',
          contents: [{ type: 'text', text }],
          timestamp: new Date().toISOString(),
        },
      };
      await post('zenvia', 'MESSAGE', from, message);
      return posted.at(-1)?.status ?? 0;
    },
    push(id, notification) {
      if (!options?.onesignal) return;
      const aliases = notification.include_aliases as { external_id?: unknown[] } | undefined;
      const externalId = String(aliases?.external_id?.[0] ?? '');
      const event = (kind: string) => ({
        event: {
          id: randomUUID(),
          kind,
          datetime: new Date().toISOString(),
          timestamp: Math.floor(Date.now() / 1000),
          external_id: externalId,
        },
        message: { id },
      });
      later(async () => {
        await post('onesignal', 'message.push.received', externalId, event('message.push.received'));
        if (!standInPushClicked(externalId)) return;
        await pause();
        await post('onesignal', 'message.push.clicked', externalId, event('message.push.clicked'));
      });
    },
  };
}

function handle(req: IncomingMessage, res: ServerResponse, reports: Reporter) {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  if (req.method === 'POST' && url.pathname === '/zenvia/v2/channels/sms/messages')
    return void handleProvider(req, res, 'sms', reports);
  if (req.method === 'POST' && url.pathname === '/onesignal/notifications')
    return void handleProvider(req, res, 'push', reports);
  // A customer's SMS reply (e.g. 'SAIR'), posted to the Zenvia webhook as Zenvia would: `{from, text}`,
  // `from` as Zenvia writes it (55 + DDD + number).
  if (req.method === 'POST' && url.pathname === '/zenvia/_local/inbound')
    return void readBody(req).then(async (body) => {
      const from = String(body.from ?? '');
      if (!/^\d{10,13}$/.test(from) || typeof body.text !== 'string')
        return send(res, 400, { message: 'from (digits) and text required' });
      return send(res, 200, { posted: await reports.inbound(from, body.text) });
    });
  const cep = /^\/ws\/([^/]+)\/json\/?$/.exec(url.pathname);
  if (cep) {
    const digits = cep[1] ?? '';
    if (digits === '99999999') return send(res, 500, { message: 'boom' });
    if (!/^\d{8}$/.test(digits)) return send(res, 400, { erro: true });
    const found = STAND_IN_CEPS[digits];
    return send(
      res,
      200,
      found ? { ...found, complemento: '', gia: '', ddd: '11', siafi: '' } : { erro: true },
    );
  }
  if (url.pathname === '/nominatim/search') {
    const street = fold(url.searchParams.get('street') ?? '');
    const city = fold(url.searchParams.get('city') ?? '');
    const found = STAND_IN_PLACES.filter((p) => street.includes(p.street) && city === p.city);
    return send(
      res,
      200,
      found.map(({ lat, lon, place_id, display_name }) => ({
        place_id,
        lat,
        lon,
        display_name,
        licence: 'stand-in',
      })),
    );
  }
  return send(res, 404, { message: 'not found' });
}

/** Starts the stand-in on a random local port; with `reports`, the SMS and push twins post delivery reports. */
export async function startStandIns(options: { reports?: ProviderReports } = {}): Promise<StandIns> {
  const requests: StandIns['requests'] = [];
  const reports = reporter(options.reports);
  const server: Server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', userAgent: req.headers['user-agent'] });
    handle(req, res, reports);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    cepBaseUrl: `${url}/ws`,
    geocodeBaseUrl: `${url}/nominatim`,
    requests,
    reports: reports.posted,
    reportsSettled: () => reports.settled(),
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/**
 * `npm start -- --offline`: starts the stand-ins and points this process's CEP and geocoding ports
 * at them (the handlers read CEP_BASE_URL / GEOCODE_BASE_URL on every call).
 */
export async function startOfflineLookups(env: NodeJS.ProcessEnv = process.env): Promise<StandIns> {
  const standIns = await startStandIns();
  env.CEP_BASE_URL = standIns.cepBaseUrl;
  env.GEOCODE_BASE_URL = standIns.geocodeBaseUrl;
  return standIns;
}

/**
 * `npm start`: SMS and push go to the stand-ins (Zenvia and OneSignal twins), never to the real
 * providers, unless SMS_BASE_URL / PUSH_BASE_URL name another endpoint. Their delivery reports come
 * back to this runtime's webhooks (`http://127.0.0.1:{PORT}/api/hooks/…`) with webhook secrets made
 * up for the session (ZENVIA_WEBHOOK_SECRET / ONESIGNAL_WEBHOOK_SECRET, unless set), so the SMS and
 * push analytics move like the e-mail ones.
 */
export async function startMessagingStandIns(env: NodeJS.ProcessEnv = process.env): Promise<StandIns> {
  env.ZENVIA_WEBHOOK_SECRET ||= randomUUID();
  env.ONESIGNAL_WEBHOOK_SECRET ||= randomUUID();
  const hooks = `http://127.0.0.1:${Number(env.PORT ?? 3000)}/api/hooks`;
  const standIns = await startStandIns({
    reports: {
      zenvia: { url: `${hooks}/zenvia`, token: env.ZENVIA_WEBHOOK_SECRET },
      onesignal: { url: `${hooks}/onesignal`, token: env.ONESIGNAL_WEBHOOK_SECRET },
    },
  });
  env.SMS_BASE_URL ||= `${standIns.url}/zenvia`;
  env.PUSH_BASE_URL ||= `${standIns.url}/onesignal`;
  return standIns;
}

/** The CEPs the stand-in knows, formatted (printed by `npm start -- --offline`). */
export function knownStandInCeps(): string[] {
  return Object.values(STAND_IN_CEPS)
    .map((c) => c.cep)
    .sort();
}
