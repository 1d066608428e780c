import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { documentClient, tableName } from '../lib/ddb/client';
import { tenantLabelFromHost } from '../lib/http/middleware/tenant';
import { queuePort } from '../lib/ports/queue';
import { isHumanVisit } from './bots.model';
import { VISITS_QUEUE, shortLinkItemKey, type RedirectItem } from './redirect-key.model';
import { NOT_FOUND_PAGE, destinationOf, slugOfPath } from './redirect.model';
import type { ShortLinkVisit } from './visits.schema';

/**
 * `GET|HEAD /link/{slug}` (spec part 1 §1–§2, part 3 §2 'Short links'): its own light function
 * behind CloudFront and `npm start`, without the API's middleware chain. At most one eventually
 * consistent GetItem per request (none while the instance read the link in the last seconds:
 * see readLink); a person's visit is handed to the `shortlink-visits` queue and
 * counted there (visits.consumer.ts), so nothing is read-modified-written here. A link that is
 * unknown, inactive, past its day or its maximum of visits answers the 404 page.
 */

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

const notFound = (head: boolean): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 404,
  headers: PAGE_HEADERS,
  body: head ? '' : NOT_FOUND_PAGE,
});

/**
 * What this instance read lately. For FRESH_MS a link is answered from memory; after that the next
 * visit still answers from memory while one read refreshes it in the background
 * (stale-while-revalidate), so the visits of a busy link never wait on DynamoDB: a link visited
 * many times a second costs one read per second per instance, and a flood of unknown slugs as
 * little. Nothing older than STALE_MS is ever answered: past it a visit waits for the read. An edit
 * (deactivation, new destination) reaches the visitors of a busy link within about a second, of
 * any link within STALE_MS.
 */
export const FRESH_MS = 1000;
export const STALE_MS = 5000;
const CACHE_MAX = 5000;

interface Cached {
  /** The last completed read (undefined: the link does not exist). */
  item?: RedirectItem;
  /** When that read was answered. */
  readAt: number;
  /** The read under way, shared by every visit that waits on it. */
  refreshing?: Promise<RedirectItem | undefined>;
}
const cache = new Map<string, Cached>();

function read(tenant: string, slug: string): Promise<RedirectItem | undefined> {
  return documentClient
    .send(
      new GetCommand({
        TableName: tableName(),
        Key: shortLinkItemKey(tenant, slug),
        ProjectionExpression: 'id, #url, active, validUntil, maxVisits, accessCount',
        ExpressionAttributeNames: { '#url': 'url' },
      }),
    )
    .then(({ Item }) => Item as RedirectItem | undefined);
}

/** Starts (once) the read that refreshes a link's entry; a failed read leaves the entry as it was. */
function refresh(key: string, tenant: string, slug: string, entry: Cached | undefined) {
  if (entry?.refreshing) return entry.refreshing;
  const target = entry ?? { readAt: 0 };
  const pending = read(tenant, slug).then(
    (item) => {
      target.item = item;
      target.readAt = Date.now();
      target.refreshing = undefined;
      return item;
    },
    (error: unknown) => {
      target.refreshing = undefined;
      if (target.readAt === 0) cache.delete(key);
      throw error;
    },
  );
  target.refreshing = pending;
  if (!entry) {
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, target);
  }
  return pending;
}

/** The link: from memory while fresh, or stale with a refresh started, or read (once for all waiting). */
function readLink(tenant: string, slug: string): Promise<RedirectItem | undefined> {
  const key = `${tenant}/${slug}`;
  const entry = cache.get(key);
  const age = entry && entry.readAt > 0 ? Date.now() - entry.readAt : Infinity;
  if (age < FRESH_MS) return Promise.resolve(entry!.item);
  if (age < STALE_MS) {
    // Answer now; a failed background read is retried by the next visit.
    refresh(key, tenant, slug, entry).catch(() => undefined);
    return Promise.resolve(entry!.item);
  }
  return refresh(key, tenant, slug, entry);
}

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const method = event.requestContext.http.method.toUpperCase();
  const head = method === 'HEAD';
  if (method !== 'GET' && !head) {
    return { statusCode: 405, headers: { ...PAGE_HEADERS, allow: 'GET, HEAD' }, body: '' };
  }
  const headers = event.headers ?? {};
  const tenant = tenantLabelFromHost(headers['x-forwarded-host'] ?? headers.host);
  const slug = slugOfPath(event.rawPath ?? event.requestContext.http.path);
  if (!tenant || !slug) return notFound(head);

  const item = await readLink(tenant, slug);
  const destination = destinationOf(item, Date.now());
  if (!destination) return notFound(head);

  if (item?.id && isHumanVisit(method, headers)) {
    const visit: ShortLinkVisit = {
      tenant,
      slug,
      id: item.id,
      // 96 random bits, 16 characters: kept in the second's counted set (entities.ts).
      visit: randomBytes(12).toString('base64url'),
      at: new Date().toISOString(),
    };
    try {
      await (await queuePort()).send(VISITS_QUEUE, visit);
    } catch (error) {
      // The visitor still goes on: a visit not counted is better than a broken link.
      console.error(
        JSON.stringify({ message: 'short-link visit not queued', tenant, slug, error: String(error) }),
      );
    }
  }
  return {
    statusCode: 302,
    headers: {
      location: destination,
      // Every visit must reach the function to be counted; nothing in between keeps the answer.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
    body: '',
  };
}
