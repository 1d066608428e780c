/**
 * The key of a short link's item (`ShortLinkEntity`, index bySlug) built without ElectroDB, so
 * the redirect bundle carries neither it nor its models. `redirect-key.model.test.ts` holds it equal to
 * what ElectroDB builds.
 */
export function shortLinkItemKey(tenant: string, slug: string): { pk: string; sk: string } {
  return { pk: `$freguesia#tenant_${tenant}#slug_${slug}`, sk: '$shortlink_1' };
}

/** The stored fields the redirect reads (ElectroDB's attribute names are the item's). */
export interface RedirectItem {
  id?: number;
  url?: string;
  active?: boolean;
  validUntil?: string;
  maxVisits?: number;
  accessCount?: number;
}

/** The queue that carries short-link visits to their counters (src/queues.ts). */
export const VISITS_QUEUE = 'shortlink-visits';
