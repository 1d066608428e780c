import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { localDay } from '@freguesia/shared/domain/dates';
import {
  formatTvToken,
  parseTvToken,
  TV_MESSAGES,
  TV_TYPE,
  tvShownPrice,
  type TvLink,
  type TvPrice,
  type TvProduct,
  type TvScreen,
  type TvScreenRow,
} from '@freguesia/shared/schemas/tv';
import { numberToCents } from '@freguesia/shared/domain/money';
import {
  assertCampaignAccess,
  CAMPAIGN_NOT_FOUND,
  campaignProducts,
  campaignRecord,
  type CampaignRecord,
} from '../campaign-records/campaign-records.service';
import { shelfPrices } from '../campaigns/shelf-prices.service';
import { assertStoreInScope, storeNames, storeScope } from '../catalog/stores.service';
import { getJwtSecret } from '../lib/auth/secret';
import type { ServiceContext } from '../lib/context';
import { notFound } from '../lib/errors';
import { limit } from '../lib/ratelimit';
import { tvRepository } from './tv.repository';

/**
 * TV price screens (spec part 2 §2.2; the screen itself is ours): the staff side gives each store
 * of a TV campaign an unguessable link, `/tv#{campaign}.{store}.{signature}`, the signature an
 * HMAC-SHA256 over tenant, campaign, store and the campaign's nonce, keyed by a key derived from
 * the platform's secret. The public side answers that campaign's screen for that store and
 * nothing else: a wrong signature, another store or tenant, a revoked link, a campaign that is
 * not TV, inactive, not started or ended are all the same 404, so a probe learns nothing.
 * Regenerating the nonce revokes every link of the campaign.
 *
 * A poll costs the rate-limit counter, the nonce and the campaign record (three small requests, in
 * parallel);
 * the rows and their prices (the catalogue and the promotion engine) are computed at most every
 * `SCREEN_TTL_MS` per function instance and campaign version, so a screen sees an edit within
 * its poll interval plus that.
 */

/** Screen polls per minute from one address (a store's TVs share one). */
export const SCREEN_POLLS_PER_MINUTE = 120;
/** How long a computed screen is reused for the same campaign version and store. */
const SCREEN_TTL_MS = 15_000;
/** Rows priced per screen at most. */
const SCREEN_ROWS = 500;

let derivedKey: Buffer | undefined;
/** The link key: derived from the platform's secret for this one purpose (never the JWT key itself). */
async function linkKey(): Promise<Buffer> {
  derivedKey ??= createHmac('sha256', Buffer.from(await getJwtSecret()))
    .update('freguesia:tv-screen-link:v1')
    .digest();
  return derivedKey;
}

/** Test hook: forget the derived key (tests switch secrets). */
export function resetTvLinkKey(): void {
  derivedKey = undefined;
}

async function signature(tenant: string, campaign: number, store: number, nonce: string): Promise<string> {
  return createHmac('sha256', await linkKey())
    .update(`${tenant}\n${campaign}\n${store}\n${nonce}`)
    .digest('base64url');
}

/** A TV campaign the staff user may see, or not found. */
async function tvCampaign(
  ctx: ServiceContext,
  id: number,
  action: 'read' | 'write',
): Promise<CampaignRecord> {
  const campaign = await campaignRecord(ctx, id);
  const inScope = storeScope(ctx);
  if (!campaign || (campaign.type as string) !== TV_TYPE || !campaign.stores.some((s) => inScope(s.id_store)))
    throw notFound(CAMPAIGN_NOT_FOUND);
  assertCampaignAccess(ctx, action, [campaign.type]);
  return campaign;
}

async function linksOf(ctx: ServiceContext, campaign: CampaignRecord, nonce: string): Promise<TvLink[]> {
  const names = await storeNames(ctx);
  const inScope = storeScope(ctx);
  const links: TvLink[] = [];
  for (const { id_store } of campaign.stores) {
    if (!inScope(id_store)) continue;
    const sig = await signature(ctx.tenant, campaign.id, id_store, nonce);
    links.push({
      id_store,
      store: names.get(id_store) ?? `Loja ${id_store}`,
      path: `/tv#${formatTvToken(campaign.id, id_store, sig)}`,
    });
  }
  return links;
}

/** GET /web/tv/links?id: the screen link of each of the campaign's stores the user sees. */
export async function tvLinks(ctx: ServiceContext, id: number): Promise<TvLink[]> {
  const campaign = await tvCampaign(ctx, id, 'read');
  return linksOf(ctx, campaign, await tvRepository(ctx.tenant).ensureNonce(campaign.id));
}

/** POST /web/tv/links/regenerate {id}: new links; the previous ones stop working at the next poll. */
export async function regenerateTvLinks(ctx: ServiceContext, id: number): Promise<TvLink[]> {
  const campaign = await tvCampaign(ctx, id, 'write');
  return linksOf(ctx, campaign, await tvRepository(ctx.tenant).regenerate(campaign.id));
}

/** GET /web/tv/prices?id_store&codes: the simulated prices of the wizard (store in the user's scope). */
export async function tvPrices(
  ctx: ServiceContext,
  idStore: number,
  codes: readonly string[],
): Promise<TvPrice[]> {
  assertCampaignAccess(ctx, 'read', [TV_TYPE]);
  assertStoreInScope(ctx, idStore);
  const prices = await shelfPrices(ctx, idStore, codes);
  return [...new Set(codes)].map((code) => {
    const p = prices.get(code);
    return {
      code,
      description: p?.product.description ?? null,
      pack: p?.product.pack ?? null,
      url: p?.product.url ?? '',
      regular: p?.regular ?? null,
      offer: p?.offer ?? null,
      promotion: p?.promotion ?? null,
    };
  });
}

const computed = new Map<string, { at: number; screen: TvScreen }>();

async function buildScreen(ctx: ServiceContext, campaign: CampaignRecord, store: number): Promise<TvScreen> {
  const key = `${ctx.tenant}\u0000${campaign.id}\u0000${store}\u0000${campaign.updated_at}`;
  const hit = computed.get(key);
  if (hit && Date.now() - hit.at < SCREEN_TTL_MS) return hit.screen;
  const rows = ((await campaignProducts(ctx, campaign.id)) as unknown as TvProduct[]).slice(0, SCREEN_ROWS);
  const [prices, names] = await Promise.all([
    shelfPrices(
      ctx,
      store,
      rows.map((r) => r.code),
    ),
    storeNames(ctx),
  ]);
  const shown: TvScreenRow[] = [];
  for (const row of rows) {
    const p = prices.get(row.code);
    // A code the catalogue does not know ('PRODUTO NÃO CADASTRADO') is never put on a screen.
    if (!p) continue;
    const club = row.price === null || row.price === undefined ? null : (numberToCents(row.price) ?? null);
    const price = tvShownPrice(club, {
      regular: p.regular,
      offer: p.offer,
      promotion: p.promotion,
    });
    if (!price) continue;
    shown.push({
      code: row.code,
      description: p.product.description,
      qt_packing: row.qt_packing,
      url: row.url || p.product.url || '',
      type: row.type === 2 ? 2 : 1,
      ...price,
    });
  }
  const info = campaign.info as unknown as { rotate_seconds?: number };
  const body = {
    title: campaign.description,
    store: names.get(store) ?? '',
    rotate_seconds: info.rotate_seconds ?? 8,
    rows: shown,
  };
  const version = createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22);
  const screen: TvScreen = { ...body, version };
  if (computed.size > 1_000) computed.clear();
  computed.set(key, { at: Date.now(), screen });
  return screen;
}

/**
 * GET /api/tv/screen (header `x-tv-token`): the screen of a signed link, rate-limited per address. Anything but a
 * valid link to a TV campaign on air at one of its stores is TV_MESSAGES.screenNotFound.
 */
export async function tvScreen(ctx: ServiceContext, token: string): Promise<TvScreen> {
  const missing = () => notFound(TV_MESSAGES.screenNotFound);
  const parts = parseTvToken(token);
  if (!parts) {
    await limit(ctx.tenant, `tv:screen:ip:${ctx.sourceIp ?? 'unknown'}`, SCREEN_POLLS_PER_MINUTE, 60);
    throw missing();
  }
  // One round trip: the count, the nonce and the campaign are read together (the answer waits for all three).
  const [, nonce, campaign] = await Promise.all([
    limit(ctx.tenant, `tv:screen:ip:${ctx.sourceIp ?? 'unknown'}`, SCREEN_POLLS_PER_MINUTE, 60),
    tvRepository(ctx.tenant).nonce(parts.campaign),
    campaignRecord(ctx, parts.campaign),
  ]);
  if (!nonce) throw missing();
  const expected = Buffer.from(await signature(ctx.tenant, parts.campaign, parts.store, nonce));
  const given = Buffer.from(parts.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw missing();
  const today = localDay(ctx.now());
  if (
    !campaign ||
    (campaign.type as string) !== TV_TYPE ||
    campaign.active !== 'Y' ||
    campaign.start_at > today ||
    campaign.end_at < today ||
    !campaign.stores.some((s) => s.id_store === parts.store)
  )
    throw missing();
  return buildScreen(ctx, campaign, parts.store);
}
