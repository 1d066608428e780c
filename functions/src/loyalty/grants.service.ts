import { addDays } from '@freguesia/shared/domain/dates';
import { earnedNumbers, planSteps, touchedPositions } from '@freguesia/shared/domain/lucky';
import type { LuckyInfo, PointsInfo } from '@freguesia/shared/schemas/lucky';
import { campaignRecords, type CampaignRecord } from '../campaign-records/campaign-records.service';
import type { StoredPurchase } from '../customers/changes.service';
import { customerAcceptedTerms } from '../customers/customers.service';
import type { ServiceContext } from '../lib/context';
import { logger } from '../lib/logger';
import { isMember, recordParticipation } from '../segmentation/population.service';
import { capacityOf, genesisOf, linkHash, reais, uniformPosition, valueCentavos } from './lucky.service';
import type { LuckyNumberItem } from './lucky.entities';
import { luckyRepository, type LuckyGrant, type LuckyPool } from './lucky.repository';
import { pointsRepository } from './points.repository';

/**
 * Issuance on purchase (functions/README.md "Lucky numbers"): the `loyalty-grants` stream
 * processor hands every stored purchase here. For each running lucky (L) or points (C) campaign
 * the purchase qualifies for, the purchase earns ⌊total / value⌋ numbers (or points), once per
 * (campaign, purchase): the grant record is created conditionally, and each number's transaction
 * is conditioned on the grant's count, so a redelivered, re-ingested or replayed purchase earns
 * nothing twice, and a delivery that died half-way is completed by the next one.
 */

/** Numbers per transaction: 2 + k + up to 2k items, within DynamoDB's 100. */
const NUMBERS_PER_TRANSACTION = 25;
/** Upper bound of allocator rounds per grant (conflicts included), against a runaway loop. */
const MAX_ROUNDS = 10_000;

interface Qualifying {
  campaign: CampaignRecord;
  purchase: StoredPurchase;
}

/** Whether a campaign runs for this purchase: active, in its period, at one of its stores, for its audience. */
async function qualifies(
  ctx: ServiceContext,
  campaign: CampaignRecord,
  purchase: StoredPurchase,
): Promise<boolean> {
  if (campaign.active !== 'Y' || !purchase.day) return false;
  if (purchase.day < campaign.start_at || purchase.day > campaign.end_at) return false;
  if (campaign.stores.length > 0 && !campaign.stores.some((s) => s.id_store === purchase.store)) return false;
  const info = campaign.info as unknown as { need_terms?: string };
  if (info.need_terms === 'Y' && !(await customerAcceptedTerms(ctx, purchase.customerId))) return false;
  if (campaign.id_lead && !(await isMember(ctx, campaign.id_lead, purchase.customerId))) return false;
  return true;
}

/** Applies a batch of stored purchases (the stream processor). Answers the numbers issued. */
export async function grantPurchases(
  ctx: ServiceContext,
  purchases: readonly StoredPurchase[],
): Promise<number> {
  const identified = purchases.filter((p) => p.customerId > 0 && p.amountCentavos > 0);
  if (identified.length === 0) return 0;
  const campaigns = (await campaignRecords(ctx)).filter(
    (c) => (c.type as string) === 'L' || (c.type as string) === 'C',
  );
  if (campaigns.length === 0) return 0;
  let issued = 0;
  for (const purchase of identified) {
    for (const campaign of campaigns) {
      if (!(await qualifies(ctx, campaign, purchase))) continue;
      if ((campaign.type as string) === 'L') issued += await grantLucky(ctx, { campaign, purchase });
      else await creditPoints(ctx, { campaign, purchase });
    }
  }
  return issued;
}

/** Creates the grant once (with the carried balance when the campaign accumulates) and returns it. */
async function openGrant(
  ctx: ServiceContext,
  { campaign, purchase }: Qualifying,
): Promise<LuckyGrant | undefined> {
  const repo = luckyRepository(ctx.tenant);
  const info = campaign.info as unknown as LuckyInfo;
  const accumulate = info.can_accumulate === 'Y';
  for (let attempt = 0; attempt < 20; attempt++) {
    const existing = await repo.grant(campaign.id, purchase.id);
    if (existing) return existing;
    const balance = accumulate ? await repo.balance(campaign.id, purchase.customerId) : undefined;
    const carried = balance?.carry ?? 0;
    const { earned, carry } = earnedNumbers(
      purchase.amountCentavos,
      valueCentavos(info),
      carried,
      accumulate,
    );
    if (earned === 0 && !accumulate) return undefined;
    const outcome = await repo.createGrant(
      campaign.id,
      purchase.id,
      { customer: purchase.customerId, earned, at: ctx.now().toISOString() },
      accumulate ? { carried, carry, existed: !!balance } : undefined,
    );
    if (outcome === 'created') return { customer: purchase.customerId, earned, issued: 0, missing: 0 };
    // 'exists': another delivery created it (read it next round); 'retry': the balance moved.
  }
  throw new Error(`loyalty: grant of purchase ${purchase.id} in campaign ${campaign.id} kept conflicting`);
}

/**
 * Issues what a purchase earned in a lucky campaign, one number per transaction (functions/README.md
 * "Lucky numbers", the allocator): read slot[r] and slot[n] (one BatchGet), then one
 * TransactWriteItems. The pool is read once, and again only when another issuer moved it.
 */
async function grantLucky(ctx: ServiceContext, q: Qualifying): Promise<number> {
  const { campaign, purchase } = q;
  let grant = await openGrant(ctx, q);
  if (!grant) return 0;
  const repo = luckyRepository(ctx.tenant);
  let pool: LuckyPool | undefined = await repo.pool(campaign.id);
  if (!pool) {
    await repo.createPool(
      campaign.id,
      capacityOf(campaign.info as unknown as LuckyInfo),
      genesisOf(ctx.tenant, campaign.id),
    );
    pool = (await repo.pool(campaign.id))!;
  }
  let issuedHere = 0;
  let rounds = 0;
  let conflicts = 0;
  while (grant.issued < grant.earned) {
    if (++rounds > MAX_ROUNDS)
      throw new Error(`loyalty: allocator of campaign ${campaign.id} kept conflicting`);
    const n: number = pool.issued;
    if (n >= pool.size) {
      // The space is exhausted: the purchase records what it could not receive.
      const missing = grant.earned - grant.issued;
      if (grant.missing === 0)
        await repo.markMissing(campaign.id, purchase.id, missing, ctx.now().toISOString());
      logger.warn('lucky numbers exhausted', {
        tenant: ctx.tenant,
        campaign: campaign.id,
        basket: purchase.id,
        missing,
      });
      break;
    }
    const k = Math.min(NUMBERS_PER_TRANSACTION, grant.earned - grant.issued, pool.size - n);
    const picks = Array.from({ length: k }, (_, i) => uniformPosition(n + i, pool!.size));
    const stored = await repo.slots(campaign.id, touchedPositions(n, picks));
    const { values, writes } = planSteps(n, picks, stored);
    const createdAt = ctx.now().toISOString();
    let prev: string = pool.head;
    const numbers = values.map((value, i) => {
      const number: Omit<LuckyNumberItem, 'tenant' | 'campaign'> = {
        value,
        seq: n + i + 1,
        customer: purchase.customerId,
        basket: purchase.id,
        store: purchase.store,
        origin: purchase.origin ?? '',
        basketAt: purchase.at ?? '',
        createdAt,
        prev,
        hash: '',
      };
      number.hash = linkHash({ ...number, campaign: campaign.id });
      prev = number.hash;
      return number;
    });
    const outcome = await repo.issue({
      campaign: campaign.id,
      basket: purchase.id,
      issued: n,
      head: pool.head,
      grantIssued: grant.issued,
      numbers,
      writes,
    });
    if (outcome === 'issued') {
      pool = { ...pool, issued: n + k, head: prev };
      grant = { ...grant, issued: grant.issued + k };
      issuedHere += k;
      conflicts = 0;
      continue;
    }
    // Another issuer moved the pool (or another delivery the grant): back off a little, read again.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** conflicts++)));
    if (outcome === 'moved') pool = (await repo.pool(campaign.id)) ?? pool;
    else grant = (await repo.grant(campaign.id, purchase.id)) ?? grant;
  }
  if (grant.issued > 0)
    await recordParticipation(ctx, {
      customerId: purchase.customerId,
      campaignType: 'L',
      campaignId: campaign.id,
      at: purchase.at ?? ctx.now().toISOString(),
    });
  if (issuedHere > 0)
    logger.info('lucky numbers issued', {
      tenant: ctx.tenant,
      campaign: campaign.id,
      basket: purchase.id,
      issued: issuedHere,
    });
  return issuedHere;
}

/** A points campaign (C): one CREDIT of ⌊total / value⌋ points per qualifying purchase, once. */
async function creditPoints(ctx: ServiceContext, { campaign, purchase }: Qualifying): Promise<void> {
  const info = campaign.info as unknown as PointsInfo;
  const { earned } = earnedNumbers(purchase.amountCentavos, valueCentavos(info), 0, false);
  if (earned === 0 || !purchase.day) return;
  const days = Number(info.expiration_days) || 0;
  await pointsRepository(ctx.tenant).credit(campaign.id, {
    ref: `B${purchase.id}`,
    customer: purchase.customerId,
    date: purchase.day,
    quantity: earned,
    value: reais(purchase.amountCentavos),
    ...(days > 0 ? { expirationAt: addDays(purchase.day, days) } : {}),
  });
}
