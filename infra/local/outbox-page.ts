import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyToken } from '@freguesia/functions/lib/auth/jwt';
import { resolveStaffPrincipal } from '@freguesia/functions/lib/auth/principals';
import { tenantLabelFromHost } from '@freguesia/functions/lib/http/middleware/tenant';
import {
  EMAIL_EVENTS_QUEUE,
  messageLinks,
  messageTenant,
  outboxMessage,
  outboxMessages,
  sesEvent,
  type OutboxMessage,
} from '@freguesia/functions/lib/ports/local/outbox';
import { localQueue } from '@freguesia/functions/lib/ports/local/queue-runtime';

/**
 * The local twin of a mailbox: `/_local/outbox` lists what the local runtime "sent" (the SES
 * stand-in of `npm start`), newest first, and shows each message as the customer would see it.
 * Local only: never deployed. It is the tenant's: it needs a staff session of the host's tenant
 * (the web app's own, handed over once by the page as an HttpOnly cookie scoped to
 * `/_local/outbox`) and shows only that tenant's messages. The local twin of SES's tracking:
 * a signed-in person showing a campaign message records an Open, following one of its links a
 * Click (GET only: a HEAD probe records nothing); an anonymous request records nothing, and the
 * click recorder redirects only to links the message holds (README, "Local outbox").
 */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** The outbox session cookie: the staff token of this host's tenant, readable by no script. */
export const OUTBOX_COOKIE = 'frg_outbox';
const COOKIE_PATH = '/_local/outbox';

/**
 * The sign-in page's only script: hands the web app's session (local storage `user`, as
 * web/src/app/session.ts keeps it) to the outbox once, then reloads.
 */
const HANDOVER_SCRIPT = `(async()=>{let t;try{t=JSON.parse(localStorage.getItem('user')||'null')?.token}catch{}
const m=document.getElementById('m');if(!t){m.hidden=false;return}
const r=await fetch('${COOKIE_PATH}/session',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({token:t})});
if(r.ok)location.reload();else m.hidden=false})()`;
const HANDOVER_CSP = `${PAGE_CSP}; script-src 'sha256-${createHash('sha256').update(HANDOVER_SCRIPT).digest('base64')}'; connect-src 'self'`;
/** The message itself: its own CSS and images, never a script; links leave through the click recorder. */
const MESSAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline' *; img-src * data:; font-src * data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

function send(res: ServerResponse, status: number, html: string, csp = PAGE_CSP) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
  res.end(html);
}

const layout = (
  title: string,
  body: string,
) => `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f4;color:#16191f}header{background:#232f3e;color:#fff;padding:12px 24px}
main{padding:16px 24px}table{border-collapse:collapse;width:100%;background:#fff}td,th{border-bottom:1px solid #e9ebed;padding:8px;text-align:left;font-size:14px}
a{color:#0972d3}iframe{width:100%;height:75vh;border:1px solid #d1d5db;background:#fff}.meta{font-size:14px;margin-bottom:12px}</style></head>
<body><header><strong>Caixa de saída local</strong> · e-mails enviados pelo runtime local (em produção, pelo SES)</header><main>${body}</main></body></html>`;

const withTracking = (message: OutboxMessage) =>
  (message.html ?? `<pre>${esc(message.text ?? '')}</pre>`).replace(
    /(<a\b[^>]*\bhref=")(https?:[^"]+)(")/gi,
    (_m, start: string, href: string, end: string) =>
      `${start}/_local/outbox/${message.id}/click?u=${encodeURIComponent(href.replace(/&amp;/g, '&'))}${end} target="_top"`,
  );

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Whether `token` is a staff session of `tenant` whose user may still sign in. */
async function staffSession(tenant: string, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 4096) return false;
  const claims = await verifyToken(token, tenant);
  return claims?.typ === 'staff' && (await resolveStaffPrincipal(tenant, claims)) !== null;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16 * 1024) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Answers the outbox routes; false when `path` is not one of them. */
export async function outboxRoute(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  if (path !== '/_local/outbox' && !path.startsWith('/_local/outbox/')) return false;
  const tenant = tenantLabelFromHost(req.headers.host);
  if (!tenant) {
    send(
      res,
      404,
      layout('Não encontrado', '<p>Ambiente não encontrado. Verifique o endereço acessado.</p>'),
    );
    return true;
  }
  const parts = path.split('/').filter(Boolean).slice(2);
  if (parts[0] === 'session' && parts.length === 1) {
    const body = (req.method === 'POST' ? await readJson(req) : undefined) as { token?: unknown } | undefined;
    const token = typeof body?.token === 'string' ? body.token : undefined;
    if (!(await staffSession(tenant, token))) {
      res.writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ message: 'Sessão inválida.' }));
      return true;
    }
    res.writeHead(204, {
      'set-cookie': `${OUTBOX_COOKIE}=${token}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=43200`,
      'cache-control': 'no-store',
    });
    res.end();
    return true;
  }
  if (!(await staffSession(tenant, cookie(req, OUTBOX_COOKIE)))) {
    send(
      res,
      401,
      layout(
        'Caixa de saída local',
        `<p id="m" hidden>Entre na Freguesia com um usuário da equipe deste ambiente para ver a caixa de saída. <a href="/login">Entrar</a></p><script>${HANDOVER_SCRIPT}</script>`,
      ),
      HANDOVER_CSP,
    );
    return true;
  }
  if (parts.length === 0) {
    const messages = await outboxMessages(tenant);
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${esc(new Date(m.sentAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }))}</td><td>${esc(m.to.join(', '))}</td><td><a href="/_local/outbox/${m.id}">${esc(m.subject)}</a></td><td>${m.tags?.campaign ? `Campanha ${esc(m.tags.campaign)}` : 'Avulso'}</td></tr>`,
      )
      .join('');
    send(
      res,
      200,
      layout(
        'Caixa de saída local',
        messages.length
          ? `<p class="meta">${messages.length} mensagem(ns), mais recentes primeiro.</p><table><thead><tr><th>Enviado em</th><th>Para</th><th>Assunto</th><th>Origem</th></tr></thead><tbody>${rows}</tbody></table>`
          : '<p>Nenhum e-mail enviado ainda.</p>',
      ),
    );
    return true;
  }
  const found = await outboxMessage(parts[0]!);
  // Another tenant's message is as absent as one that does not exist.
  const message = found && messageTenant(found) === tenant ? found : undefined;
  if (!message) {
    send(
      res,
      404,
      layout('Não encontrado', '<p>Mensagem não encontrada. <a href="/_local/outbox">Voltar</a></p>'),
    );
    return true;
  }
  if (parts[1] === 'raw') {
    send(res, 200, withTracking(message), MESSAGE_CSP);
    return true;
  }
  if (parts[1] === 'click') {
    const target = new URL(req.url ?? '/', 'http://local').searchParams.get('u') ?? '';
    // Only a link of the message: the recorder is no open redirect.
    if (!/^https?:\/\//i.test(target) || !messageLinks(message).has(target)) {
      send(res, 400, layout('Link inválido', '<p>Link inválido.</p>'));
      return true;
    }
    if (req.method === 'GET' && message.tags)
      await localQueue.send(
        EMAIL_EVENTS_QUEUE,
        sesEvent('Click', message, { link: target, userAgent: req.headers['user-agent'] }),
      );
    res.writeHead(302, { location: target, 'cache-control': 'no-store' });
    res.end();
    return true;
  }
  if (req.method === 'GET' && message.tags)
    await localQueue.send(
      EMAIL_EVENTS_QUEUE,
      sesEvent('Open', message, { userAgent: req.headers['user-agent'] }),
    );
  send(
    res,
    200,
    layout(
      message.subject,
      `<p class="meta"><a href="/_local/outbox">← Caixa de saída</a></p><div class="meta"><strong>De:</strong> ${esc(message.from)}<br><strong>Para:</strong> ${esc(message.to.join(', '))}<br><strong>Assunto:</strong> <span data-testid="outbox-subject">${esc(message.subject)}</span></div><iframe title="Mensagem" src="/_local/outbox/${message.id}/raw"></iframe>`,
    ),
  );
  return true;
}
