import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { domainForPath } from '@freguesia/functions/domains';
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

/** Serves the built web app; unknown paths fall back to index.html (SPA routes). */
function serveStatic(webDir: string, req: IncomingMessage, res: ServerResponse): void {
  const index = join(webDir, 'index.html');
  if (!existsSync(index)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('A aplicação web ainda não foi construída: execute `npm run build:web`.');
    return;
  }
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
  const candidate = normalize(join(webDir, pathname));
  const isFile = candidate.startsWith(webDir) && existsSync(candidate) && statSync(candidate).isFile();
  const file = isFile ? candidate : index;
  const immutable = isFile && pathname.startsWith('/assets/');
  res.writeHead(200, {
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  createReadStream(file).pipe(res);
}

export interface LocalServerOptions {
  port: number;
  webDir: string;
  /** Optional dev middleware (Vite) that handles non-API requests. */
  devMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  log?: (line: string) => void;
}

/**
 * One port for everything, like CloudFront in front of the stack: `/api/*` invokes the
 * domain Lambdas with API Gateway v2 events, `/link/*` the redirect function, anything
 * else is the web app.
 */
export async function startLocalServer(options: LocalServerOptions): Promise<Server> {
  const webDir = resolve(options.webDir);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const handle = async () => {
      if (path === '/api' || path.startsWith('/api/')) {
        const domain = domainForPath(path);
        if (!domain) return sendJson(res, 404, { message: 'Rota não encontrada.' });
        return invokeHttp(await loadHandler(domain.name), domain.name, req, res);
      }
      if (path.startsWith('/link/') && existsSync(join(functionsDir, 'shortlinks', 'redirect.ts'))) {
        return invokeHttp(await loadHandler('shortlinks', 'redirect.ts'), 'shortlinks-redirect', req, res);
      }
      if (options.devMiddleware) return options.devMiddleware(req, res, () => serveStatic(webDir, req, res));
      return serveStatic(webDir, req, res);
    };
    handle().catch((error: unknown) => {
      options.log?.(`erro ao atender ${req.method} ${path}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Ocorreu um erro inesperado. Tente novamente em instantes.' });
      else res.end();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    // No host: dual-stack, so demo.localhost works whether it resolves to 127.0.0.1 or ::1.
    server.listen(options.port, () => resolveListen());
  });
  return server;
}
