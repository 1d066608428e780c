import { DISCOUNT_TYPES, type CampaignProduct } from '@freguesia/shared/schemas/campaign';
import { isCommunicationType } from '@freguesia/shared/domain/communication';
import { recordAudit } from '../audit/audit.service';
import { TV_TYPE } from '@freguesia/shared/domain/tv';
import { staffOf, type ServiceContext } from '../lib/context';
import { forbidden, invalid } from '../lib/errors';
import { activeSetRepository } from './active-set.repository';
import { archivedProductRows, archiveProductRows } from './archive.repository';
import { campaignsRepository, type CampaignFields, type CampaignRecord } from './campaign-records.repository';
import { leadUsesRepository } from './lead-uses.repository';

/**
 * The campaign record (spec part 2 §3 'Campaign (shared)') that discount campaigns (the campaigns
 * domain) and communication campaigns (the communications domain) share: one entity told apart by
 * `type`, one id counter, one total, one list. Both domains read and write it through this light
 * service, so neither imports the other to reach it and the domain graph stays acyclic
 * (campaigns → communications → campaign-records): the rules of each kind (discount references and
 * budgets; sanitised HTML, SMS text, costs, the executed rule) live in its own domain, what is
 * common to every campaign — storage, the stale-edit conflict, who may touch which type — here.
 * It imports nothing heavy: the sending pipeline reads campaigns through it.
 */

export { CAMPAIGN_NOT_FOUND, STALE_CAMPAIGN } from './campaign-records.repository';
export type { CampaignFields, CampaignRecord };

/** The subject whose permission also covers a communication type (spec part 3 §6): e-mail, SMS and templates are Communications; push and app art are Mobile. */
const CHANNEL_SUBJECT: Readonly<Record<string, string>> = {
  EMAIL: 'Communications',
  TEMAIL: 'Communications',
  SMS: 'Communications',
  PUSH: 'Mobile',
  APPF: 'Mobile',
  APPB: 'Mobile',
};

/**
 * Who may read or write campaigns of a type: Campaigns for every type (spec part 2 §6, part 3 §6:
 * analytics, edit, duplicate, delete), and the channel's own subject for communications (e-mail,
 * SMS and template create under Communications; push and art under Mobile). Service calls without
 * a staff user (the pipeline, tests) pass.
 */
export function assertCampaignAccess(
  ctx: ServiceContext,
  action: 'read' | 'write',
  types: readonly string[],
): void {
  const staff = staffOf(ctx);
  if (!staff) return;
  const allowed = (type: string) => {
    const subjects = ['Campaigns', ...(CHANNEL_SUBJECT[type] ? [CHANNEL_SUBJECT[type]] : [])];
    return staff.abilities.some((a) => a.action === action && subjects.includes(a.subject));
  };
  if (!(types.length > 0 ? types : ['D']).every(allowed)) throw forbidden();
}

/**
 * The kind of a campaign type: what it does to a customer (a discount at the checkout, a message,
 * a price screen in the store — TV shows prices and grants nothing — and the kinds to come).
 */
export function campaignKind(type: string): 'discount' | 'communication' | 'display' | 'loyalty' | 'other' {
  if ((DISCOUNT_TYPES as readonly string[]).includes(type)) return 'discount';
  if (isCommunicationType(type)) return 'communication';
  if (type === TV_TYPE) return 'display';
  // Lucky numbers, tickets and points.
  if (type === 'L' || type === 'T' || type === 'C') return 'loyalty';
  return 'other';
}

export const KIND_CHANGE_MESSAGE =
  'O tipo da campanha não pode ser alterado para outro tipo de campanha (desconto, comunicação, fidelidade ou TV). Crie uma nova campanha.';
export const CHANNEL_CHANGE_MESSAGE =
  'O tipo de uma comunicação não pode ser alterado. Crie uma nova comunicação.';

/**
 * The rule of every update (spec part 3 §6): the user must be allowed to write both the stored
 * type and the type asked for, and a campaign never changes kind (discount, communication,
 * loyalty) — a Communications-only user must not turn an e-mail into an active discount, and no
 * one turns a sent e-mail into a discount with its history. Within communications the channel
 * never changes either (a push is not an e-mail). Refused before anything is written.
 */
export function assertUpdatable(
  ctx: ServiceContext,
  current: Pick<CampaignRecord, 'type'>,
  requestedType: string,
): void {
  assertCampaignAccess(ctx, 'write', [current.type]);
  assertCampaignAccess(ctx, 'write', [requestedType]);
  if (current.type === requestedType) return;
  const kind = campaignKind(current.type);
  if (kind !== campaignKind(requestedType)) throw invalid({ type: KIND_CHANGE_MESSAGE });
  if (kind === 'communication') throw invalid({ type: CHANNEL_CHANGE_MESSAGE });
}

/** A campaign of any type, or undefined. No permission is checked: callers check the type they found. */
export async function campaignRecord(ctx: ServiceContext, id: number): Promise<CampaignRecord | undefined> {
  return campaignsRepository(ctx.tenant).get(id);
}

/**
 * A campaign for its history (exports, analytics, expenses): the live one, else the record kept
 * when it was deleted (`archived_at` set). No permission is checked: callers check the type.
 */
export async function campaignHistoryRecord(
  ctx: ServiceContext,
  id: number,
): Promise<(CampaignRecord & { archived_at?: string }) | undefined> {
  const repo = campaignsRepository(ctx.tenant);
  return (await repo.get(id)) ?? (await repo.archived(id));
}

/** Every deleted campaign of the tenant, as kept for history (newest id first is the caller's choice). */
export async function archivedCampaignRecords(
  ctx: ServiceContext,
): Promise<(CampaignRecord & { archived_at: string })[]> {
  return campaignsRepository(ctx.tenant).allArchived();
}

/** A deleted campaign's record (`archived_at` set), or undefined. No permission is checked: callers check the type. */
export async function archivedCampaignRecord(
  ctx: ServiceContext,
  id: number,
): Promise<(CampaignRecord & { archived_at: string }) | undefined> {
  return campaignsRepository(ctx.tenant).archived(id);
}

/** The product rows of a deleted campaign, as it read them when it was deleted. */
export async function archivedCampaignProducts(ctx: ServiceContext, id: number): Promise<CampaignProduct[]> {
  return archivedProductRows(ctx.tenant, id);
}

/** Every campaign of the tenant (a small collection: one paginated Query). */
export async function campaignRecords(ctx: ServiceContext): Promise<CampaignRecord[]> {
  return activeSetRepository(ctx.tenant).campaigns();
}

/** The tenant's discount campaigns only (the checkout's active set: no message bodies read). */
export async function discountCampaignRecords(ctx: ServiceContext): Promise<CampaignRecord[]> {
  return activeSetRepository(ctx.tenant).discountCampaigns();
}

/** The product rows of a (discount) campaign: those its header reads (pass the record read, or its id). */
export async function campaignProducts(
  ctx: ServiceContext,
  campaign: number | Pick<CampaignRecord, 'id' | 'product_gen'>,
): Promise<CampaignProduct[]> {
  return typeof campaign === 'number'
    ? campaignsRepository(ctx.tenant).products(campaign)
    : campaignsRepository(ctx.tenant).products(campaign.id, campaign.product_gen);
}

/**
 * The product rows of these campaigns (as just read: each header names the generation of rows it
 * reads), by campaign id (one paginated Query).
 */
export async function allCampaignProducts(
  ctx: ServiceContext,
  campaigns: readonly Pick<CampaignRecord, 'id' | 'product_gen'>[],
): Promise<Map<number, CampaignProduct[]>> {
  return activeSetRepository(ctx.tenant).products(new Map(campaigns.map((c) => [c.id, c.product_gen])));
}

/** The version of the tenant's discount set: it moves with every create, update and delete of a discount (the checkout's cache key). */
export async function campaignSetVersion(ctx: ServiceContext): Promise<number> {
  return activeSetRepository(ctx.tenant).version();
}

/**
 * The most a campaign's own item may hold (its fields as stored: an e-mail's body, its editor
 * project, the rest), below DynamoDB's 400 KB item limit with room for the keys and the counters.
 * Decision (issue 20 item 26): large e-mails are refused with a message rather than stored in S3 —
 * a body and project over 350 KB together are images embedded as data, which mailbox providers
 * clip anyway (Gmail at 102 KB); images go by link.
 */
export const MAX_CAMPAIGN_BYTES = 350 * 1024;
export const campaignTooLarge = (kb: number) =>
  `A campanha ficou grande demais para ser salva (${kb} KB; o máximo é ${MAX_CAMPAIGN_BYTES / 1024} KB somando o conteúdo e o projeto do editor). Use imagens por link em vez de imagens embutidas, ou reduza o conteúdo.`;

/** Refuses fields that would not fit one DynamoDB item (a clear 400, never a 500 after a partial write). */
function assertStorable(fields: CampaignFields): void {
  const bytes = Buffer.byteLength(JSON.stringify(fields), 'utf8');
  if (bytes > MAX_CAMPAIGN_BYTES) throw invalid({ info: campaignTooLarge(Math.ceil(bytes / 1024)) });
}

/** Creates a campaign with its product rows, as the acting staff user (the next id of the tenant's counter). */
export async function createCampaignRecord(
  ctx: ServiceContext,
  fields: CampaignFields,
  products: CampaignProduct[],
): Promise<CampaignRecord> {
  assertStorable(fields);
  const saved = await campaignsRepository(ctx.tenant).create(
    fields,
    products,
    staffOf(ctx)?.userId ?? null,
    ctx.now().toISOString(),
  );
  await leadUsesRepository(ctx.tenant).set(saved, null, saved.id_lead);
  await auditCampaign(ctx, 'create', undefined, saved);
  return saved;
}

/** What the audit log compares of a campaign: its fields and how many products it has. */
const audited = (c: CampaignRecord) => {
  const { id: _id, created_by: _by, created_at: _at, updated_at: _up, version: _v, ...fields } = c;
  return fields;
};

/** Records a campaign's change in the audit log, and the approval of its cost when this save approved it. */
async function auditCampaign(
  ctx: ServiceContext,
  action: 'create' | 'update' | 'delete',
  before: CampaignRecord | undefined,
  after: CampaignRecord | undefined,
): Promise<void> {
  const c = (after ?? before)!;
  await recordAudit(ctx, {
    entity: 'campaign',
    entityId: c.id,
    action,
    summary: c.description,
    before: before && audited(before),
    after: after && audited(after),
  });
  const approved = (r: CampaignRecord | undefined) =>
    Boolean((r?.info as { approvement?: unknown } | undefined)?.approvement);
  if (after && approved(after) && !approved(before))
    await recordAudit(ctx, { entity: 'campaign', entityId: c.id, action: 'approve', summary: c.description });
}

/** Replaces a campaign's fields and product rows; an edit saved since `current` was read is a conflict (STALE_CAMPAIGN). */
export async function updateCampaignRecord(
  ctx: ServiceContext,
  current: CampaignRecord,
  fields: CampaignFields,
  products: CampaignProduct[],
): Promise<CampaignRecord> {
  assertStorable(fields);
  const saved = await campaignsRepository(ctx.tenant).update(
    current,
    fields,
    products,
    ctx.now().toISOString(),
  );
  await leadUsesRepository(ctx.tenant).set(saved, current.id_lead, saved.id_lead);
  await auditCampaign(ctx, 'update', current, saved);
  return saved;
}

/** Merges `patch` into a campaign's info (the sending pipeline's `executed_at`, `canceled_at`); answers whether it wrote. */
export async function patchCampaignInfo(
  ctx: ServiceContext,
  id: number,
  patch: Record<string, unknown>,
): Promise<boolean> {
  return campaignsRepository(ctx.tenant).patchInfo(id, patch);
}

/**
 * Deletes a campaign (unless edited since `current` was read) and its product rows — for every live
 * path (lists, checkout, schedules, edits) — and keeps its record for its history (the discount
 * export, its sends in 'Investimentos', its analytics: {@link campaignHistoryRecord}).
 */
export async function removeCampaignRecord(ctx: ServiceContext, current: CampaignRecord): Promise<void> {
  await campaignsRepository(ctx.tenant).remove(current, {
    at: ctx.now().toISOString(),
    by: staffOf(ctx)?.userId ?? null,
  });
  // Its product rows: those its header read to the archive (its read-only details), the rest deleted.
  await archiveProductRows(ctx.tenant, current);
  await leadUsesRepository(ctx.tenant).set(current, current.id_lead, null);
  await auditCampaign(ctx, 'delete', current, undefined);
}

/**
 * One-off, idempotent backfill of the lead-use items for campaigns saved before they existed
 * (locally and in AWS: see functions/README.md, "Leads in use"). Answers how many were written.
 */
export async function backfillLeadUses(ctx: ServiceContext): Promise<number> {
  const uses = leadUsesRepository(ctx.tenant);
  let written = 0;
  for (const c of await campaignsRepository(ctx.tenant).all())
    if (c.id_lead) {
      await uses.set(c, null, c.id_lead);
      written++;
    }
  return written;
}
