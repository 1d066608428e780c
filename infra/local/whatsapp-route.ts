import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandInChannel, WhatsappStandIns } from './whatsapp-stand-ins';

/**
 * The local WhatsApp partners seen from outside the runtime's process (the e2e tests, a developer
 * with curl), local only like `/_local/outbox`:
 *
 *   GET  /_local/whatsapp/sent       the messages the stand-ins accepted, oldest first
 *   POST /_local/whatsapp/inbound    {channel: {partner, identity, webhook, token, password, host?},
 *                                    from, text}: registers the channel (its sends get the partner's
 *                                    status callbacks) and posts the customer's message through its
 *                                    signed webhook; answers {status} (the webhook's HTTP status)
 */
export async function whatsappRoute(
  standIns: WhatsappStandIns,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (path === '/_local/whatsapp/sent' && req.method === 'GET') {
    answer(200, { data: standIns.accepted });
    return true;
  }
  if (path === '/_local/whatsapp/inbound' && req.method === 'POST') {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: { channel?: StandInChannel; from?: string; text?: string };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
    } catch {
      answer(400, { message: 'JSON inválido.' });
      return true;
    }
    const { channel, from, text } = body;
    if (!channel?.partner || !channel.identity || !channel.webhook || !from || typeof text !== 'string') {
      answer(400, { message: 'Informe channel {partner, identity, webhook, token, password}, from e text.' });
      return true;
    }
    standIns.register(channel);
    answer(200, { status: await standIns.inbound(channel, from, text) });
    return true;
  }
  return false;
}
