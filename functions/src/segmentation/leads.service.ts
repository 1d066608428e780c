import { limit } from '../lib/ratelimit';
import { staticMembersIntent, staticMembersWritten } from './lease-sweep.service';
import { localDay } from '@freguesia/shared/domain/dates';
import { isProtectedLead, LEAD_MESSAGES, type LeadOrigin } from '@freguesia/shared/domain/segmentation';
import type {
  Lead,
  LeadFromList,
  LeadInput,
  LeadMember,
  LeadUpdate,
} from '@freguesia/shared/schemas/segmentation';
import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import {
  customerRowsByIds,
  listCustomers,
  resolveCustomerIds,
  type CustomerExportRow,
} from '../customers/customers.service';
import { recordAudit } from '../audit/audit.service';
import type { ServiceContext } from '../lib/context';
import { paginated, type Paginated } from '../lib/ddb/pagination';
import { campaignsUsingLead } from '../campaign-records/lead-uses.service';
import { conflict, forbidden, InvalidError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { normalizeText } from '@freguesia/shared/domain/text';
import { leadsRepository, listSegmentationLeads, type LeadRecord, type LeadWrite } from './leads.repository';
/** The export's columns live with its target check (./export-targets.service), kept here for callers of this service. */
export { LEAD_EXPORT_COLUMNS } from './export-targets.service';
import {
  countInPolygon,
  dropLead,
  isMember,
  listMembers,
  previewCount,
  replaceStaticMembers,
  requestRecompute,
  syncRefreshSchedule,
} from './population.service';
import { referencedLeads } from './profiles.service';

/**
 * Leads (spec part 1 §2, §3, §5, §7): lists, details, export, and the writes that hand the
 * population to the engine (population.service.ts): static leads (F file, M manual, E e-mail)
 * get their members at once; segmentation leads (S) are recomputed in the background (P → R → D)
 * and refreshed on their cron. Leads marked 'RT - ' are the system's: never edited nor deleted.
 */

/** Members listed on a static lead's details. */
export const DETAILS_MEMBERS = 500;
/** Members read per page while exporting. */
const EXPORT_PAGE = 1000;

export interface LeadQuery {
  q: string;
  page: number;
  per_page: number;
}

const toLead = ({ version: _version, ...lead }: LeadRecord): Lead => lead;

const writeOf = (input: LeadInput): LeadWrite => ({
  description: input.description,
  origin: input.origin,
  filter: input.filter,
  always_valid: input.always_valid,
  valid_until: input.valid_until,
  auto_refresh: input.origin === 'S' ? input.auto_refresh : 'N',
  frequency_refresh: input.origin === 'S' ? input.frequency_refresh : null,
});

const isStatic = (origin: LeadOrigin) => origin !== 'S';

async function existing(ctx: ServiceContext, id: number): Promise<LeadRecord> {
  const lead = await leadsRepository(ctx.tenant).get(id);
  if (!lead) throw notFound(LEAD_MESSAGES.notFound);
  return lead;
}

function assertEditable(lead: LeadRecord): void {
  if (isProtectedLead(lead.description)) throw forbidden(LEAD_MESSAGES.protected);
}

/** The list, newest first; `q` finds leads by the prefix of any word of their description. */
export async function listLeads(ctx: ServiceContext, query: LeadQuery): Promise<Paginated<Lead>> {
  const repo = leadsRepository(ctx.tenant);
  const { items, total } = query.q.trim()
    ? await repo.search(query.q, query.page, query.per_page)
    : await repo.listPage(query.page, query.per_page);
  return paginated(items.map(toLead), total, query.page, query.per_page);
}

/** Leads usable now (campaigns, the LD condition): ready (D) and always valid or valid until today or later. */
export async function validLeads(
  ctx: ServiceContext,
): Promise<{ id: number; description: string; population: number; origin: LeadOrigin }[]> {
  const today = localDay(ctx.now());
  return (await leadsRepository(ctx.tenant).all())
    .filter(
      (l) =>
        l.status === 'D' && (l.always_valid === 'Y' || (l.valid_until !== null && l.valid_until >= today)),
    )
    .sort((a, b) => a.description.localeCompare(b.description, 'pt-BR') || a.id - b.id)
    .map(({ id, description, population, origin }) => ({ id, description, population, origin }));
}

/** For other domains (campaign lists): description and population of these leads, by id (one BatchGet). */
export async function leadSummaries(
  ctx: ServiceContext,
  ids: readonly number[],
): Promise<Map<number, { description: string; population: number }>> {
  const leads = await leadsRepository(ctx.tenant).getMany(ids);
  return new Map(leads.map((l) => [l.id, { description: l.description, population: l.population }]));
}

const memberOf = (c: CustomerExportRow): LeadMember => ({
  id_customer: c.id,
  document: c.document,
  fullname: c.fullname,
  email: c.email,
  cellphone: c.cellphone,
});

/** A lead with, for file, manual and e-mail leads, its first members (`customers`). */
export async function leadDetails(
  ctx: ServiceContext,
  id: number,
): Promise<Lead & { customers?: LeadMember[] }> {
  const lead = await existing(ctx, id);
  if (!isStatic(lead.origin)) return toLead(lead);
  const { ids } = await listMembers(ctx, id, undefined, DETAILS_MEMBERS);
  return {
    ...toLead(lead),
    customers: (await customerRowsByIds(ctx, ids.slice(0, DETAILS_MEMBERS))).map(memberOf),
  };
}

/** Members per page of 'Detalhes'. */
export const MEMBERS_PAGE = 50;
/** A search inside a lead looks at the first this many customers the customer search finds. */
export const MEMBER_SEARCH_WINDOW = 200;

/**
 * 'Detalhes' of any lead (issue 20): its members, a page at a time from the engine's member index
 * (`cursor` as the previous answer gave it), or those among the customers a search finds (`q`: name,
 * document, e-mail or phone, as the customer list searches; the first {@link MEMBER_SEARCH_WINDOW}
 * hits are checked for membership). `total` is the lead's population.
 */
export async function leadMembers(
  ctx: ServiceContext,
  id: number,
  query: { cursor?: string; q?: string },
): Promise<{ data: LeadMember[]; total: number; cursor: string | null }> {
  const lead = await existing(ctx, id);
  const q = query.q?.trim() ?? '';
  if (q !== '') {
    const found = await listCustomers(ctx, { q, page: 1, per_page: MEMBER_SEARCH_WINDOW });
    const ids = found.data.map((c) => c.id);
    const member = await Promise.all(ids.map((customer) => isMember(ctx, id, customer)));
    const rows = await customerRowsByIds(
      ctx,
      ids.filter((_, i) => member[i]),
    );
    return { data: rows.map(memberOf), total: lead.population, cursor: null };
  }
  const page = await listMembers(ctx, id, query.cursor, MEMBERS_PAGE);
  return {
    data: (await customerRowsByIds(ctx, page.ids)).map(memberOf),
    total: lead.population,
    cursor: page.cursor ?? null,
  };
}

/**
 * One page of the lead export: id;fullname;document;email;cellphone;city;state of the members,
 * read from the engine's member index and the customers' BatchGets; `cursor` is the next page's
 * (null at the end).
 */
export async function leadExportPage(
  ctx: ServiceContext,
  id: number,
  cursor: string | null,
): Promise<{ rows: (string | number | null)[][]; cursor: string | null }> {
  await existing(ctx, id);
  const page = await listMembers(ctx, id, cursor ?? undefined, EXPORT_PAGE);
  const rows = (await customerRowsByIds(ctx, page.ids)).map((c) => [
    c.id,
    c.fullname,
    c.document,
    c.email,
    c.cellphone,
    c.city,
    c.state,
  ]);
  return { rows, cursor: page.cursor ?? null };
}

/** What uses a lead: the campaigns of every kind (sends included) and the leads whose LD rows name it. */
export interface LeadUsage {
  campaigns: { id: number; description: string; type: string }[];
  leads: { id: number; description: string }[];
}

/** Who uses a lead now: the campaigns' lead-use index (campaign-records) and the leads' LD rows (a small collection). */
export async function leadUsage(ctx: ServiceContext, id: number): Promise<LeadUsage> {
  const [campaigns, leads] = await Promise.all([
    campaignsUsingLead(ctx, id),
    listSegmentationLeads(ctx.tenant),
  ]);
  return {
    campaigns,
    leads: leads
      .filter((l) => l.id !== id && l.origin === 'S' && referencedLeads(l.filter).includes(id))
      .map((l) => ({ id: l.id, description: l.description })),
  };
}

const MAX_NAMED = 10;
/** 'Lead em uso não pode ser excluído. Campanhas: 12 – Natal, …. Leads: 7 – VIPs.' (the first ten of each). */
export function leadInUseMessage(usage: LeadUsage): string {
  const list = (items: { id: number; description: string }[]) =>
    items
      .slice(0, MAX_NAMED)
      .map((i) => `${i.id} – ${i.description}`)
      .join(', ') + (items.length > MAX_NAMED ? ` e mais ${items.length - MAX_NAMED}` : '');
  return [
    'Lead em uso não pode ser excluído.',
    usage.campaigns.length > 0 ? `Campanhas: ${list(usage.campaigns)}.` : '',
    usage.leads.length > 0 ? `Leads: ${list(usage.leads)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Deletes a lead with its members and its refresh schedule; a lead that campaigns or other leads use is refused, naming them. */
export async function deleteLead(ctx: ServiceContext, id: number): Promise<void> {
  const lead = await existing(ctx, id);
  assertEditable(lead);
  const usage = await leadUsage(ctx, id);
  if (usage.campaigns.length > 0 || usage.leads.length > 0)
    throw conflict(leadInUseMessage(usage), { campaigns: usage.campaigns, leads: usage.leads });
  await leadsRepository(ctx.tenant).remove(lead);
  await dropLead(ctx, id);
  await recordAudit(ctx, {
    entity: 'lead',
    entityId: id,
    action: 'delete',
    summary: lead.description,
    before: audited(lead),
  });
}

/** What the audit log compares of a lead: what its form edits. */
const audited = (l: Partial<LeadRecord>) => ({
  description: l.description,
  origin: l.origin,
  filter: l.filter,
  always_valid: l.always_valid,
  valid_until: l.valid_until,
  auto_refresh: l.auto_refresh,
  frequency_refresh: l.frequency_refresh,
});

export interface LeadSaved {
  id: number;
  message: string;
  /** Rows of a file, e-mail or manual lead that matched no customer. */
  not_found: number;
}

/**
 * Creates a lead. Static leads: the rows are resolved to customers first (reads only), the lead
 * is written (P), its members set, then it is D with its population; if the members cannot be
 * written the lead is removed again, so no half-made lead stays. Segmentation leads: written
 * as P, a recompute is requested and the refresh schedule set (undone the same way on failure).
 */
export async function createLead(ctx: ServiceContext, input: LeadInput): Promise<LeadSaved> {
  const repo = leadsRepository(ctx.tenant);
  const at = ctx.now().toISOString();
  const resolved = isStatic(input.origin)
    ? await resolveCustomerIds(ctx, input.customers)
    : { ids: [], notFound: 0 };
  const lead = await repo.create(writeOf(input), { status: 'P', population: 0 }, at);
  try {
    await startPopulation(ctx, lead, resolved.ids, false);
  } catch (error) {
    await undoCreate(ctx, lead);
    throw error;
  }
  await recordAudit(ctx, {
    entity: 'lead',
    entityId: lead.id,
    action: 'create',
    summary: lead.description,
    after: { ...audited(lead), customers: isStatic(input.origin) ? resolved.ids.length : undefined },
  });
  return { id: lead.id, message: LEAD_MESSAGES.saved, not_found: resolved.notFound };
}

/** A manual lead from customer ids (geographic screen, analytics): origin M, always valid, ready at once. */
export async function createLeadFromList(
  ctx: ServiceContext,
  input: LeadFromList,
): Promise<{ id: number; not_found: number }> {
  const saved = await createLead(ctx, {
    description: input.description,
    origin: 'M',
    filter: [],
    always_valid: 'Y',
    valid_until: null,
    auto_refresh: 'N',
    frequency_refresh: null,
    customers: input.customers,
  });
  return { id: saved.id, not_found: saved.not_found };
}

/**
 * Updates a lead (not a system 'RT - ' lead): the fields in one conditional write (a concurrent
 * edit is a conflict), then the population as on create. `keepOld`: a static lead keeps its
 * current members and adds the new rows' customers; without rows it keeps them as they are.
 */
export async function updateLead(
  ctx: ServiceContext,
  input: LeadUpdate,
  keepOld: boolean,
): Promise<LeadSaved> {
  const repo = leadsRepository(ctx.tenant);
  const current = await existing(ctx, input.id);
  assertEditable(current);
  const staticLead = isStatic(input.origin);
  if (staticLead && input.customers.length === 0 && !keepOld) {
    const message = input.origin === 'M' ? LEAD_MESSAGES.customersRequired : LEAD_MESSAGES.rowsRequired;
    throw new InvalidError({ customers: message }, message);
  }
  const resolved =
    staticLead && input.customers.length > 0
      ? await resolveCustomerIds(ctx, input.customers)
      : { ids: [], notFound: 0 };
  const lead = await repo.update(current, writeOf(input), { status: 'P' }, ctx.now().toISOString());
  await startPopulation(
    ctx,
    lead,
    resolved.ids,
    keepOld,
    staticLead && input.customers.length === 0,
    current,
  );
  await recordAudit(ctx, {
    entity: 'lead',
    entityId: lead.id,
    action: 'update',
    summary: lead.description,
    before: audited(current),
    after: { ...audited(lead), customers: resolved.ids.length > 0 ? resolved.ids.length : undefined },
  });
  return { id: lead.id, message: LEAD_MESSAGES.saved, not_found: resolved.notFound };
}

/** Hands a just-written lead (status P) to the engine. */
async function startPopulation(
  ctx: ServiceContext,
  lead: LeadRecord,
  customerIds: number[],
  keepOld: boolean,
  keepAsIs = false,
  previous?: LeadRecord,
): Promise<void> {
  if (isStatic(lead.origin)) {
    const ids = keepAsIs ? [] : customerIds;
    // Kept until written: a crash half-way leaves the rest to the sweep (lease-sweep.service.ts).
    await staticMembersIntent(ctx, lead.id, { version: lead.version, keepOld: keepAsIs || keepOld, ids });
    const population = await replaceStaticMembers(ctx, lead.id, ids, keepAsIs || keepOld);
    await leadsRepository(ctx.tenant).setRun(lead.id, { status: 'D', population, version: lead.version });
    await staticMembersWritten(ctx, lead.id);
    // A segmentation lead turned static stops refreshing.
    if (previous?.auto_refresh === 'Y')
      await syncRefreshSchedule(ctx, { id: lead.id, auto_refresh: 'N', frequency_refresh: null });
    return;
  }
  await requestRecompute(ctx, lead.id);
  await syncRefreshSchedule(ctx, {
    id: lead.id,
    auto_refresh: lead.auto_refresh,
    frequency_refresh: lead.frequency_refresh,
  });
}

async function undoCreate(ctx: ServiceContext, lead: LeadRecord): Promise<void> {
  try {
    const written = await leadsRepository(ctx.tenant).get(lead.id);
    if (written) await leadsRepository(ctx.tenant).remove(written);
    await dropLead(ctx, lead.id);
  } catch (error) {
    logger.error('lead create: undo failed', { tenant: ctx.tenant, lead: lead.id, error });
  }
}

/**
 * The population a filter would have now (while the conditions are being edited): exact on
 * small bases, estimated from a sample on large ones (`estimated`), see `previewCount`.
 */
export async function previewLead(
  ctx: ServiceContext,
  filter: LeadCondition[],
): Promise<{ population: number; estimated: boolean }> {
  await limit(ctx.tenant, 'segmentation:preview', COSTLY_READS_PER_MINUTE.preview, 60);
  const { population, estimated } = await previewCount(ctx, filter);
  return { population, estimated };
}

/**
 * Counts of a tenant per minute (all its users together): a preview reads up to 10,000 profiles,
 * a geographic count up to 128 index partitions. Beyond them: 429 'Muitas tentativas…'.
 */
export const COSTLY_READS_PER_MINUTE = { preview: 120, geoCount: 60 };

/** Customers inside a polygon drawn on the geographic screen (ids up to the engine's cap). */
export async function countGeolocation(
  ctx: ServiceContext,
  polygon: [number, number][],
): Promise<{ population: number; customers: number[] }> {
  await limit(ctx.tenant, 'segmentation:geo-count', COSTLY_READS_PER_MINUTE.geoCount, 60);
  return countInPolygon(ctx, polygon);
}

/**
 * A tag was renamed (TA rows name tags by description, as customers carry them): the segmentation
 * leads that name the old description follow the new one, so renaming a tag never empties them.
 * `phase` 'start' (the rename, before the customers are renamed by the tag-rename job): rows name
 * both, every customer matches whichever name it carries yet; 'end' (the job renamed them all):
 * the old name goes. Each changed lead is saved (new version, audited) and recomputed. Idempotent.
 */
export async function renameTagInLeads(
  ctx: ServiceContext,
  from: string,
  to: string,
  phase: 'start' | 'end',
): Promise<number[]> {
  const old = normalizeText(from);
  const renamed = normalizeText(to);
  if (old === renamed) return [];
  const repo = leadsRepository(ctx.tenant);
  const changed: number[] = [];
  for (const lead of await listSegmentationLeads(ctx.tenant)) {
    if (lead.origin !== 'S') continue;
    let touched = false;
    const filter = lead.filter.map((row) => {
      if (row.key !== 'TA' || !Array.isArray(row.value)) return row;
      const items = row.value.map(String);
      if (!items.some((item) => normalizeText(item) === old)) return row;
      const others = items.filter((item) => normalizeText(item) !== old && normalizeText(item) !== renamed);
      const value = phase === 'start' ? [...others, from, to] : [...others, to];
      if (JSON.stringify(value) === JSON.stringify(items)) return row;
      touched = true;
      return { ...row, value };
    });
    if (!touched) continue;
    const {
      id: _id,
      status: _s,
      population: _p,
      version: _v,
      created_at: _c,
      updated_at: _u,
      ...fields
    } = lead;
    const saved = await repo.update(lead, { ...fields, filter }, { status: 'P' }, ctx.now().toISOString());
    await requestRecompute(ctx, saved.id);
    await recordAudit(ctx, {
      entity: 'lead',
      entityId: saved.id,
      action: 'update',
      summary: saved.description,
      before: { filter: lead.filter },
      after: { filter },
    });
    changed.push(saved.id);
  }
  return changed;
}
