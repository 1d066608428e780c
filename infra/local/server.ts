import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { outboxRoute } from './outbox-page';
import { whatsappRoute } from './whatsapp-route';
import type { WhatsappStandIns } from './whatsapp-stand-ins';
import { LOCAL_BLOB_PATH, serveBlobLink } from './blob-route';
import { FILES_PATH, serveCmsFile } from './files-route';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { domainForPath } from '@freguesia/functions/domains';
import { PRERENDERED_PAGES, SURVEY_PAGE, isSurveyRequest } from '../lib/constructs/edge-functions';
import {
  API_CONTENT_SECURITY_POLICY,
  baseSecurityHeaders,
  webSecurityHeaders,
} from '../lib/security-headers';
import { invokeHttp, type HttpLambda } from './lambda-adapter';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const functionsDir = resolve(import.meta.dirname, '../../functions/src');
const handlers = new Map<string, Promise<HttpLambda>>();
/** Looked up once: the short-link redirect's entry (not on the request path). */
const hasRedirect = existsSync(join(functionsDir, 'shortlinks', 'redirect.ts'));

/** Loads a domain's real Lambda entry once (the same module CDK bundles). */
function loadHandler(name: string, file = 'handler.ts'): Promise<HttpLambda> {
  const keyName = `${name}/${file}`;
  let pending = handlers.get(keyName);
  if (!pending) {
    pending = import(join(functionsDir, name, file)).then((m: { handler: HttpLambda }) => m.handler);
    handlers.set(keyName, pending);
  }
  return pending;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Text types CloudFront compresses (it leaves images and fonts alone: they are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);
/** CloudFront compresses answers of 1,000 bytes to 10 MB. */
const MIN_COMPRESS_BYTES = 1000;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
type Encoding = 'br' | 'gzip';
/** Compressed files by path, encoding and mtime: hashed assets never change, so each is compressed once. */
const compressed = new Map<string, Promise<Buffer>>();

/** The encoding CloudFront would pick: brotli when the viewer accepts it, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return undefined;
}

function compressFile(file: string, mtimeMs: number, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${mtimeMs}:${file}`;
  let pending = compressed.get(key);
  if (!pending) {
    const content = readFileSync(file);
    pending =
      encoding === 'br'
        ? brotli(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          })
        : gzipAsync(content, { level: 9 });
    compressed.set(key, pending);
  }
  return pending;
}

/**
 * The prerendered HTML file of /login or /cadastro (with or without a final slash), as CloudFront's
 * SpaRewrite picks it; undefined for other paths, or for a build without the file.
 */
function prerenderedPage(webDir: string, pathname: string): string | undefined {
  const page = PRERENDERED_PAGES[pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname];
  const file = page && join(webDir, page);
  return file && existsSync(file) ? file : undefined;
}

/**
 * Serves the built web app as CloudFront does: /login and /cadastro get their prerendered page,
 * other unknown paths fall back to index.html (SPA routes),
 * hashed `/assets/*` are cached for a year and everything else revalidated, text is compressed
 * (brotli or gzip, by Accept-Encoding) and every answer carries the security headers.
 */
async function serveStatic(
  webDir: string,
  req: IncomingMessage,
  res: ServerResponse,
  securityHeaders: Record<string, string>,
): Promise<void> {
  const index = join(webDir, 'index.html');
  if (!existsSync(index)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('A aplicação web ainda não foi construída: execute `npm run build:web`.');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://local');
  const pathname = decodeURIComponent(url.pathname);
  const candidate = normalize(join(webDir, pathname));
  const isFile = candidate.startsWith(webDir) && existsSync(candidate) && statSync(candidate).isFile();
  const survey = isSurveyRequest(pathname, url.searchParams.has(SURVEY_PAGE.query))
    ? join(webDir, SURVEY_PAGE.file)
    : undefined;
  const file = isFile
    ? candidate
    : survey && existsSync(survey)
      ? survey
      : (prerenderedPage(webDir, pathname) ?? index);
  const immutable = isFile && pathname.startsWith('/assets/');
  const stat = statSync(file);
  const headers: Record<string, string | number> = {
    ...securityHeaders,
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  const encoding =
    COMPRESSIBLE.has(extname(file)) && stat.size >= MIN_COMPRESS_BYTES
      ? pickEncoding(req.headers['accept-encoding'])
      : undefined;
  if (COMPRESSIBLE.has(extname(file))) headers.vary = 'accept-encoding';
  if (encoding) {
    const body = await compressFile(file, stat.mtimeMs, encoding);
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': stat.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

/** True when every percent-escape of the path decodes (`/%E0%A4%A` does not). */
function decodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export interface LocalServerOptions {
  port: number;
  webDir: string;
  /** Optional dev middleware (Vite) that handles non-API requests. */
  devMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  log?: (line: string) => void;
  /**
   * The address to listen on. Default: loopback only (127.0.0.1 and ::1), so the local runtime,
   * its outbox and its demo logins are not reachable from the network; `0.0.0.0` or `::` listen
   * wider (`npm start -- --host 0.0.0.0`, or FREGUESIA_HOST).
   */
  host?: string;
  /** The local WhatsApp partners, listed and driven at `/_local/whatsapp` (whatsapp-route.ts). */
  whatsapp?: WhatsappStandIns;
}

/** The loopback addresses the server listens on by default. */
export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'] as const;

/**
 * One port for everything, like CloudFront in front of the stack: `/api/*` invokes the
 * domain Lambdas with API Gateway v2 events, `/link/*` the redirect function, anything
 * else is the web app.
 */
export async function startLocalServer(options: LocalServerOptions): Promise<Server> {
  const webDir = resolve(options.webDir);
  // Vite's dev server injects inline scripts (hot reload): the CSP is for the production build.
  const webHeaders = options.devMiddleware
    ? baseSecurityHeaders()
    : webSecurityHeaders(process.env.VITE_MAP_TILE_URL?.trim());
  // Like CloudFront's API policy: filled in before the handler answers, so its own headers win.
  const apiHeaders = { ...baseSecurityHeaders(), 'content-security-policy': API_CONTENT_SECURITY_POLICY };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const handle = async () => {
      if (!decodablePath(path)) {
        for (const [name, value] of Object.entries(apiHeaders)) res.setHeader(name, value);
        return sendJson(res, 400, {
          message: 'Endereço inválido: o caminho contém uma codificação malformada.',
        });
      }
      if (path === '/api' || path.startsWith('/api/') || path.startsWith('/link/')) {
        for (const [name, value] of Object.entries(apiHeaders)) res.setHeader(name, value);
      }
      if (path === '/api' || path.startsWith('/api/')) {
        const domain = domainForPath(path);
        if (!domain) return sendJson(res, 404, { message: 'Rota não encontrada.' });
        return invokeHttp(await loadHandler(domain.name), domain.name, req, res, domain.timeoutSeconds);
      }
      if (path.startsWith('/_local/outbox') && (await outboxRoute(req, res, path))) return;
      if (
        options.whatsapp &&
        path.startsWith('/_local/whatsapp/') &&
        (await whatsappRoute(options.whatsapp, req, res, path))
      )
        return;
      // Export downloads: the local twin of S3's presigned GET.
      if (path.startsWith(LOCAL_BLOB_PATH)) return serveBlobLink(req, res, apiHeaders);
      // CMS files on the site's own origin, as CloudFront's /files/* behaviour.
      if (path.startsWith(FILES_PATH)) {
        return serveCmsFile(req, res, path, process.env.FREGUESIA_DATA_DIR ?? '.data', baseSecurityHeaders());
      }
      if (path.startsWith('/link/') && hasRedirect) {
        return invokeHttp(await loadHandler('shortlinks', 'redirect.ts'), 'shortlinks-redirect', req, res, 5);
      }
      for (const [name, value] of Object.entries(webHeaders)) res.setHeader(name, value);
      if (options.devMiddleware) {
        const fallback = () => void serveStatic(webDir, req, res, webHeaders).catch(fail);
        return options.devMiddleware(req, res, fallback);
      }
      return serveStatic(webDir, req, res, webHeaders);
    };
    const fail = (error: unknown) => {
      options.log?.(`erro ao atender ${req.method} ${path}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent)
        sendJson(res, 500, { message: 'Ocorreu um erro inesperado. Tente novamente em instantes.' });
      else res.end();
    };
    handle().catch(fail);
  });
  server.keepAliveTimeout = 5_000;
  const listen = (target: Server, host: string, port: number) =>
    new Promise<number>((resolveListen, reject) => {
      target.once('error', reject);
      target.listen(port, host, () => {
        target.off('error', reject);
        resolveListen((target.address() as AddressInfo).port);
      });
    });
  if (options.host) {
    await listen(server, options.host, options.port);
    return server;
  }
  // Loopback on both families, so demo.localhost works whether it resolves to 127.0.0.1 or ::1.
  const port = await listen(server, LOOPBACK_HOSTS[0], options.port);
  const v6 = createServer((req, res) => server.emit('request', req, res));
  v6.keepAliveTimeout = server.keepAliveTimeout;
  await listen(v6, LOOPBACK_HOSTS[1], port).catch(() => {
    // No IPv6 loopback on this host: 127.0.0.1 alone.
  });
  server.once('close', () => {
    if (v6.listening) v6.close();
  });
  return server;
}
