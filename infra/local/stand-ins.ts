/**
 * A local HTTP stand-in for the third-party lookups (ViaCEP and Nominatim): tests and benches never
 * reach the internet, and `npm start -- --offline` uses it for demos and machines without internet.
 * Point the ports at it with `CEP_BASE_URL=<url>/ws` and `GEOCODE_BASE_URL=<url>/nominatim`
 * (tests: `useStandIns()` in test/support/stand-ins.ts sets both).
 *
 * ViaCEP:    GET /ws/{8 digits}/json/  → ViaCEP JSON, `{"erro": true}` for unknown CEPs, 400 for malformed.
 * Nominatim: GET /nominatim/search?street=&city=&state=&format=jsonv2 → `[place]` or `[]`.
 * Special CEP 99999-999 answers 500 (to test the 502 path). Every request is recorded in `requests`.
 */
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
  '01310100': { cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' },
  '20040020': { cep: '20040-020', logradouro: 'Rua da Assembleia', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ', ibge: '3304557' },
  '30130010': { cep: '30130-010', logradouro: 'Avenida Afonso Pena', bairro: 'Centro', localidade: 'Belo Horizonte', uf: 'MG', ibge: '3106200' },
  '80020310': { cep: '80020-310', logradouro: 'Rua XV de Novembro', bairro: 'Centro', localidade: 'Curitiba', uf: 'PR', ibge: '4106902' },
  '70070120': { cep: '70070-120', logradouro: '', bairro: '', localidade: 'Brasília', uf: 'DF', ibge: '5300108' },
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
  { street: 'avenida paulista', city: 'sao paulo', lat: '-23.5613', lon: '-46.6565', place_id: 1001, display_name: 'Avenida Paulista, Bela Vista, São Paulo, SP, Brasil' },
  { street: 'rua da assembleia', city: 'rio de janeiro', lat: '-22.9045', lon: '-43.1766', place_id: 1002, display_name: 'Rua da Assembleia, Centro, Rio de Janeiro, RJ, Brasil' },
  { street: 'avenida afonso pena', city: 'belo horizonte', lat: '-19.9227', lon: '-43.9451', place_id: 1003, display_name: 'Avenida Afonso Pena, Centro, Belo Horizonte, MG, Brasil' },
];

export interface StandIns {
  url: string;
  cepBaseUrl: string;
  geocodeBaseUrl: string;
  requests: { path: string; userAgent: string | undefined }[];
  close(): Promise<void>;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Messages the SMS (Zenvia) and push (OneSignal) stand-ins accepted, one per idempotency key. */
export const providerMessages = { sms: new Map<string, Record<string, unknown>>(), push: new Map<string, Record<string, unknown>>() };

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
async function handleProvider(req: IncomingMessage, res: ServerResponse, kind: 'sms' | 'push'): Promise<void> {
  const body = await readBody(req);
  const key = String(kind === 'sms' ? (body.externalId ?? '') : (body.idempotency_key ?? ''));
  const to = kind === 'sms' ? String(body.to ?? '') : JSON.stringify(body.include_aliases ?? {});
  if (!key || !to) return send(res, 400, { message: 'missing destination or key' });
  if (kind === 'sms' && !/^\d{12,13}$/.test(to)) return send(res, 400, { message: 'invalid phone number' });
  const seen = providerMessages[kind].get(key);
  const id = (seen?.id as string | undefined) ?? `${kind}-${providerMessages[kind].size + 1}`;
  if (!seen) providerMessages[kind].set(key, { ...body, id });
  return send(res, 200, { id });
}

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  if (req.method === 'POST' && url.pathname === '/zenvia/v2/channels/sms/messages') return void handleProvider(req, res, 'sms');
  if (req.method === 'POST' && url.pathname === '/onesignal/notifications') return void handleProvider(req, res, 'push');
  const cep = /^\/ws\/([^/]+)\/json\/?$/.exec(url.pathname);
  if (cep) {
    const digits = cep[1] ?? '';
    if (digits === '99999999') return send(res, 500, { message: 'boom' });
    if (!/^\d{8}$/.test(digits)) return send(res, 400, { erro: true });
    const found = STAND_IN_CEPS[digits];
    return send(res, 200, found ? { ...found, complemento: '', gia: '', ddd: '11', siafi: '' } : { erro: true });
  }
  if (url.pathname === '/nominatim/search') {
    const street = fold(url.searchParams.get('street') ?? '');
    const city = fold(url.searchParams.get('city') ?? '');
    const found = STAND_IN_PLACES.filter((p) => street.includes(p.street) && city === p.city);
    return send(res, 200, found.map(({ lat, lon, place_id, display_name }) => ({ place_id, lat, lon, display_name, licence: 'stand-in' })));
  }
  return send(res, 404, { message: 'not found' });
}

/** Starts the stand-in on a random local port. */
export async function startStandIns(): Promise<StandIns> {
  const requests: StandIns['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', userAgent: req.headers['user-agent'] });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    cepBaseUrl: `${url}/ws`,
    geocodeBaseUrl: `${url}/nominatim`,
    requests,
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
 * providers, unless SMS_BASE_URL / PUSH_BASE_URL name another endpoint.
 */
export async function startMessagingStandIns(env: NodeJS.ProcessEnv = process.env): Promise<StandIns> {
  const standIns = await startStandIns();
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
