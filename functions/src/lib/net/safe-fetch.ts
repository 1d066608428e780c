import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/**
 * The one agent for outbound calls to URLs that users configure (WhatsApp channels and gateways,
 * media checks, bot Request nodes): a call never reaches the platform's own network.
 *
 * - Only http(s). The URL is parsed by WHATWG rules first, so decimal (`2130706433`), hex
 *   (`0x7f000001`), octal (`0177.0.0.1`) and short (`127.1`) IPv4 forms become `127.0.0.1` and are
 *   judged as such; IPv6 literals are judged with their embedded IPv4 (mapped `::ffff:a.b.c.d`,
 *   compatible, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`).
 * - A name is resolved (every A/AAAA answer), refused if ANY answer is forbidden, and the socket
 *   connects to the address that was checked (the `lookup` hook), so a second DNS answer
 *   (rebinding) cannot slip in between the check and the connection.
 * - Redirects are followed by hand (at most `maxRedirects`), each hop judged again.
 * - A timeout covers the whole call (hops included); a response over `maxBytes` is cut and refused.
 *
 * Forbidden: unspecified, loopback, private (RFC 1918, ULA fc00::/7), carrier-grade NAT, link-local
 * (169.254/16 — the cloud metadata service — and fe80::/10), multicast, reserved and documentation
 * ranges, broadcast. The only exception is `SAFE_FETCH_ALLOW`, a comma-separated list of
 * `host:port` origins set by the deployment (never by users): the local runtime and the tests put
 * their partner stand-ins (127.0.0.1:port) there. It is unset in AWS.
 */

export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Whole call, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Largest response body accepted (default 1 MiB). */
  maxBytes?: number;
  /** Redirect hops followed (default 3; 0 answers the 3xx itself). */
  maxRedirects?: number;
  signal?: AbortSignal;
  /** The resolver (tests); default: the system's, every answer. */
  resolve?: (host: string) => Promise<string[]>;
  /** Origins allowed although private (default: SAFE_FETCH_ALLOW). */
  allow?: readonly string[];
}

export interface SafeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The URL that answered (after redirects). */
  url: string;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

// ------------------------------------------------------------------------------ addresses

function ipv4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

function forbiddenV4(ip: string): boolean {
  const [a = 0, b = 0, c = 0] = ipv4Bytes(ip);
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

/** The 16 bytes of an IPv6 address (with an embedded dotted IPv4 tail), or undefined. */
function ipv6Bytes(ip: string): number[] | undefined {
  let text = ip.replace(/^\[|\]$/g, '').split('%')[0]!;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(tail[1]!);
    text = text.slice(0, -tail[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const left = halves[0] ? halves[0].split(':') : [];
  const right = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16));
  if (groups.some((g) => !Number.isFinite(g) || g < 0 || g > 0xffff)) return undefined;
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

function forbiddenV6(ip: string): boolean {
  const b = ipv6Bytes(ip);
  if (!b) return true;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (from: number) => b.slice(from, from + 4).join('.');
  if (zeros(0, 15) && (b[15] === 0 || b[15] === 1)) return true; // :: and ::1
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return forbiddenV4(v4(12)); // mapped
  if (zeros(0, 12)) return forbiddenV4(v4(12)); // compatible (deprecated)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return forbiddenV4(v4(12)); // NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return forbiddenV4(v4(2)); // 6to4
  if ((b[0]! & 0xfe) === 0xfc) return true; // unique local fc00::/7
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return true; // link-local fe80::/10
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return true; // site-local (deprecated)
  if (b[0] === 0xff) return true; // multicast
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return true; // documentation
  return false;
}

/** Whether an IP address (v4 or v6) is one the agent never connects to. Non-addresses are forbidden. */
export function isForbiddenAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  const kind = isIP(bare);
  if (kind === 4) return forbiddenV4(bare);
  if (kind === 6) return forbiddenV6(bare);
  return true;
}

// ------------------------------------------------------------------------------ the call

const allowedOrigins = (): string[] =>
  (process.env.SAFE_FETCH_ALLOW ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

const systemResolve = (host: string): Promise<string[]> =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, answers) =>
      error ? reject(error) : resolve(answers.map((a) => a.address)),
    ),
  );

const REFUSED = 'Endereço não permitido.';

/**
 * Parses and judges a URL (protocol, literal address); answers it with its port and whether the
 * deployment allows its origin although private. Throws {@link UnsafeUrlError}.
 */
export function checkUrl(
  raw: string,
  allow: readonly string[] = allowedOrigins(),
): { url: URL; allowed: boolean } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('URL inválida.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeUrlError('Use uma URL http(s).');
  if (url.username || url.password) throw new UnsafeUrlError('URL com credenciais não é permitida.');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = allow.includes(`${host}:${port}`);
  if (!allowed && isIP(host) && isForbiddenAddress(host)) throw new UnsafeUrlError(REFUSED);
  if (!allowed && (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')))
    throw new UnsafeUrlError(REFUSED);
  return { url, allowed };
}

/** A lookup hook that resolves once, judges every answer and hands the socket the checked address. */
function guardedLookup(resolve: (host: string) => Promise<string[]>, allowed: boolean): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (answers) => {
        if (answers.length === 0) return callback(new UnsafeUrlError('Endereço não encontrado.'));
        if (!allowed && answers.some(isForbiddenAddress)) return callback(new UnsafeUrlError(REFUSED));
        const address = answers[0]!;
        const family = isIP(address);
        if (options?.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (error: unknown) => callback(error),
    );
  }) as unknown as LookupFunction;
}

interface Hop {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function oneHop(url: URL, allowed: boolean, options: SafeFetchOptions, signal: AbortSignal): Promise<Hop> {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const requester = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Hop>((resolve, reject) => {
    const req = requester(
      url,
      {
        method: options.method ?? 'GET',
        headers: { 'user-agent': 'Freguesia/1.0', ...options.headers },
        lookup: guardedLookup(options.resolve ?? systemResolve, allowed),
        signal,
        agent: false,
      },
      (res) => {
        const declared = Number(res.headers['content-length']);
        if (options.method !== 'HEAD' && Number.isFinite(declared) && declared > maxBytes) {
          res.destroy();
          return reject(new UnsafeUrlError('Resposta grande demais.'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new UnsafeUrlError('Resposta grande demais.'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error) => reject(error instanceof UnsafeUrlError ? error : (error.cause ?? error)));
    if (options.body !== undefined && options.method !== 'GET' && options.method !== 'HEAD')
      req.write(options.body);
    req.end();
  });
}

/**
 * An outbound call to a URL a user configured, by the rules of this module. Throws
 * {@link UnsafeUrlError} for a refused address or size, and the network's own errors otherwise
 * (timeout: an `AbortError`/`TimeoutError`).
 */
export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const allow = options.allow ?? allowedOrigins();
  let current = raw;
  let method = options.method ?? 'GET';
  let body = options.body;
  let headers = options.headers ?? {};
  for (let hop = 0; ; hop++) {
    const { url, allowed } = checkUrl(current, allow);
    const answer = await oneHop(
      url,
      allowed,
      { ...options, method, headers, ...(body !== undefined ? { body } : {}) },
      signal,
    );
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && location && hop < (options.maxRedirects ?? 3)) {
      const next = new URL(location, url);
      // Credentials never follow a redirect to another origin.
      if (next.origin !== url.origin) headers = {};
      current = next.toString();
      // 303 (and, as browsers do, 301/302 after a POST) go on as GET without the body.
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    return {
      status: answer.status,
      headers: answer.headers,
      url: url.toString(),
      body: answer.body,
      text: () => answer.body.toString('utf8'),
      json: <T>() => JSON.parse(answer.body.toString('utf8') || 'null') as T,
    };
  }
}
