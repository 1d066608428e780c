import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from '../../config';
import type { MailMessage, MailPort } from '../mail';
import { localQueue } from './queue-runtime';

/** A message as the outbox keeps it. */
export interface OutboxMessage extends MailMessage {
  id: string;
  sentAt: string;
}

/** The queue that receives e-mail events (SES → EventBridge → SQS in AWS). */
export const EMAIL_EVENTS_QUEUE = 'email-events';

export const outboxDir = () => join(config.dataDir, 'outbox');

/** An SES event (the shape of the configuration set's events) for a message of the outbox. */
export function sesEvent(
  type: 'Send' | 'Delivery' | 'Open' | 'Click' | 'Bounce' | 'Complaint',
  message: OutboxMessage,
  extra: Record<string, unknown> = {},
) {
  const tags = Object.fromEntries(
    Object.entries({
      ...message.tags,
      ...(message.idempotencyKey ? { ledger: message.idempotencyKey } : {}),
    }).map(([k, v]) => [k, [v]]),
  );
  const detail: Record<string, unknown> = {
    eventType: type,
    mail: { messageId: message.id, timestamp: message.sentAt, destination: message.to, tags },
  };
  if (type === 'Open')
    detail.open = {
      timestamp: new Date().toISOString(),
      userAgent: extra.userAgent ?? 'local',
      ipAddress: '127.0.0.1',
    };
  if (type === 'Click')
    detail.click = {
      timestamp: new Date().toISOString(),
      link: extra.link ?? '',
      userAgent: extra.userAgent ?? 'local',
      ipAddress: '127.0.0.1',
    };
  if (type === 'Delivery') detail.delivery = { timestamp: new Date().toISOString(), recipients: message.to };
  if (type === 'Bounce')
    detail.bounce = {
      bounceType: 'Permanent',
      bouncedRecipients: message.to.map((emailAddress) => ({ emailAddress })),
    };
  if (type === 'Complaint')
    detail.complaint = { complainedRecipients: message.to.map((emailAddress) => ({ emailAddress })) };
  return detail;
}

/**
 * The local twin of SES: each e-mail is a JSON file in .data/outbox (listed by the local runtime at
 * /_local/outbox, where a person sees what the customer would get). A message sent again with the
 * same idempotency key is the same file (one copy, same id). Campaign messages (with tags) answer
 * the events SES would: Send and Delivery at once; Open and Click when the outbox page shows the
 * message and follows a link.
 */
export function outbox(dir = outboxDir()): MailPort {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const keyed = message.idempotencyKey
        ? createHash('sha256').update(message.idempotencyKey).digest('hex').slice(0, 32)
        : undefined;
      if (keyed) {
        const existing = (await readdir(dir)).find((name) => name.endsWith(`-${keyed}.json`));
        const found = existing ? await readMessage(join(dir, existing)) : undefined;
        if (found) return found.id;
      }
      const id = keyed ?? randomUUID();
      const { signal: _signal, ...content } = message;
      const stored: OutboxMessage = { ...content, id, sentAt: new Date().toISOString() };
      const name = `${stored.sentAt.replace(/[:.]/g, '-')}-${id}.json`;
      // Written whole or not at all (a kill -9 mid-write leaves a temporary file, never a torn message).
      const temporary = join(dir, `.${name}.${process.pid}.${randomUUID()}.tmp`);
      await writeFile(temporary, JSON.stringify(stored, null, 2));
      await rename(temporary, join(dir, name));
      if (message.tags) {
        await localQueue.send(EMAIL_EVENTS_QUEUE, sesEvent('Send', stored));
        await localQueue.send(EMAIL_EVENTS_QUEUE, sesEvent('Delivery', stored));
      }
      return id;
    },
  };
}

/** A stored message, or undefined for a file that is empty or unreadable (one left by an older runtime's crash). */
async function readMessage(file: string): Promise<OutboxMessage | undefined> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as OutboxMessage;
    return typeof value?.id === 'string' && Array.isArray(value.to) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The tenant a message was sent for (campaign messages name it in their tags too). */
export const messageTenant = (message: OutboxMessage): string | undefined =>
  message.tenant ?? message.tags?.tenant;

/** The outbox's messages of one tenant, newest first (the local page); unreadable files are left out. */
export async function outboxMessages(
  tenant: string,
  dir = outboxDir(),
  limit = 200,
): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  } catch {
    return [];
  }
  const found: OutboxMessage[] = [];
  for (const n of names.sort().reverse()) {
    if (found.length >= limit) break;
    const message = await readMessage(join(dir, n));
    if (message && messageTenant(message) === tenant) found.push(message);
  }
  return found;
}

/** One message of the outbox by id (of any tenant: the caller checks whose it is). */
export async function outboxMessage(id: string, dir = outboxDir()): Promise<OutboxMessage | undefined> {
  if (!/^[A-Za-z0-9-]{8,64}$/.test(id)) return undefined;
  try {
    const name = (await readdir(dir)).find((n) => n.endsWith(`-${id}.json`) && !n.startsWith('.'));
    return name ? await readMessage(join(dir, name)) : undefined;
  } catch {
    return undefined;
  }
}

/** The links of a message (its `href`s, entities decoded): the only places the outbox redirects to. */
export function messageLinks(message: OutboxMessage): Set<string> {
  const links = new Set<string>();
  for (const match of (message.html ?? '').matchAll(/<a\b[^>]*\bhref\s*=\s*["']([^"']+)["']/gi))
    links.add(match[1]!.replace(/&amp;/g, '&').trim());
  return links;
}
