import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  EMAIL_EVENTS_QUEUE,
  outboxMessage,
  outboxMessages,
  sesEvent,
  type OutboxMessage,
} from '@freguesia/functions/lib/ports/local/outbox';
import { localQueue } from '@freguesia/functions/lib/ports/local/queue-runtime';

/**
 * The local twin of a mailbox: `/_local/outbox` lists what the local runtime "sent" (the SES
 * stand-in of `npm start`), newest first, and shows each message as the customer would see it.
 * Showing a campaign message records an Open, following one of its links a Click (GET only: a
 * HEAD probe records nothing), as SES's tracking would. Local only: never deployed.
 */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";
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

/** Answers the outbox routes; false when `path` is not one of them. */
export async function outboxRoute(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  if (path !== '/_local/outbox' && !path.startsWith('/_local/outbox/')) return false;
  const parts = path.split('/').filter(Boolean).slice(2);
  if (parts.length === 0) {
    const messages = await outboxMessages();
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
  const message = await outboxMessage(parts[0]!);
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
    if (!/^https?:\/\//i.test(target)) {
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
