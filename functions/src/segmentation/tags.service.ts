import { TAG_MESSAGES } from '@freguesia/shared/domain/segmentation';
import type { Tag, TagInput, TagUpdate } from '@freguesia/shared/schemas/segmentation';
import {
  customerRowsByIds,
  customersPerTag,
  customerTagsPage,
  renameCustomerTag,
} from '../customers/customers.service';
import { recordAudit } from '../audit/audit.service';
import type { CustomersChange } from '../customers/changes.service';
import type { ServiceContext } from '../lib/context';
import { mapLimited } from '../lib/ddb/concurrency';
import { paginated, type Paginated } from '../lib/ddb/pagination';
import { conflict, notFound } from '../lib/errors';
import { queuePort } from '../lib/ports/queue';
import type { TagRenameJob } from './tag-rename.schema';
import type { TagItem } from './tags.entities';
import { tagsRepository } from './tags.repository';
import { renameTagInLeads } from './leads.service';
/** The export's columns live with its target check (./export-targets.service), kept here for callers of this service. */
export { TAG_EXPORT_COLUMNS } from './export-targets.service';

/**
 * Tags (spec part 1 §2, §3 'Tag', §7): the registry of the descriptions customers carry
 * (`tags` on the customer). A description is unique per tenant (accents and case ignored); the
 * population is the customers domain's per-tag counter, kept in the customers' own write
 * transactions; who carries a tag is the member index kept by the `segmentation-tags` stream
 * (export, rename). A rename reaches the customers in the background (`jobs` queue).
 */

/** The queue of background jobs, and this domain's job there. */
export const JOBS_QUEUE = 'jobs';
/** The job's schema: tag-rename.schema.ts. */
export type { TagRenameJob };

/** Picker matches answered by `/web/tags/search`. */
const SEARCH_LIMIT = 20;
/** Members read per page by the export and the rename job. */
const MEMBER_PAGE = 500;

export interface TagQuery {
  q: string;
  page: number;
  per_page: number;
}

async function withPopulation(ctx: ServiceContext, items: TagItem[]): Promise<Tag[]> {
  const totals = await customersPerTag(
    ctx,
    items.map((t) => t.description),
  );
  return items.map((t) => ({
    id: t.id,
    description: t.description,
    population: totals.get(t.description) ?? 0,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  }));
}

async function existing(ctx: ServiceContext, id: number): Promise<TagItem> {
  const tag = await tagsRepository(ctx.tenant).get(id);
  if (!tag) throw notFound(TAG_MESSAGES.notFound);
  return tag;
}

/** The list, newest first; `q` finds tags by the prefix of any word. Population per tag. */
export async function listTags(ctx: ServiceContext, query: TagQuery): Promise<Paginated<Tag>> {
  const repo = tagsRepository(ctx.tenant);
  const { items, total } = query.q.trim()
    ? await repo.search(query.q, query.page, query.per_page)
    : await repo.listPage(query.page, query.per_page);
  return paginated(await withPopulation(ctx, items), total, query.page, query.per_page);
}

/** The picker's search (lead conditions, customer form): the best 20 matches, [{id, description}]. */
export async function searchTags(
  ctx: ServiceContext,
  q: string,
): Promise<{ id: number; description: string }[]> {
  return tagsRepository(ctx.tenant).suggest(q, SEARCH_LIMIT);
}

export async function createTag(
  ctx: ServiceContext,
  input: TagInput,
): Promise<{ id: number; message: string }> {
  const tag = await tagsRepository(ctx.tenant).create(input.description, ctx.now().toISOString());
  await recordAudit(ctx, {
    entity: 'tag',
    entityId: tag.id,
    action: 'create',
    summary: tag.description,
    after: { description: tag.description },
  });
  return { id: tag.id, message: TAG_MESSAGES.created };
}

/**
 * Renames a tag; the customers carrying the old description are renamed in the background
 * (one `tag-rename` job on the jobs queue; the job is idempotent).
 */
export async function updateTag(
  ctx: ServiceContext,
  input: TagUpdate,
): Promise<{ id: number; message: string }> {
  const repo = tagsRepository(ctx.tenant);
  const current = await existing(ctx, input.id);
  if (current.description === input.description) return { id: current.id, message: TAG_MESSAGES.updated };
  await repo.rename(current, input.description, ctx.now().toISOString());
  const job: TagRenameJob = {
    type: 'tag-rename',
    tenant: ctx.tenant,
    tag: current.id,
    from: current.description,
  };
  // Leads naming the tag follow it (issue 20: a rename emptied them); the job ends the change.
  await renameTagInLeads(ctx, current.description, input.description, 'start');
  await (await queuePort()).send(JOBS_QUEUE, job);
  await recordAudit(ctx, {
    entity: 'tag',
    entityId: current.id,
    action: 'update',
    summary: input.description,
    before: { description: current.description },
    after: { description: input.description },
  });
  return { id: current.id, message: TAG_MESSAGES.updated };
}

/** Deletes a tag no customer carries ('Tag em uso por clientes não pode ser excluída.' otherwise). */
export async function deleteTag(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  const tag = await existing(ctx, id);
  const population = (await customersPerTag(ctx, [tag.description])).get(tag.description) ?? 0;
  if (population > 0) throw conflict(TAG_MESSAGES.inUse, { population });
  await tagsRepository(ctx.tenant).remove(tag);
  await recordAudit(ctx, {
    entity: 'tag',
    entityId: tag.id,
    action: 'delete',
    summary: tag.description,
    before: { description: tag.description },
  });
  return { message: TAG_MESSAGES.deleted };
}

const GENDERS: Record<string, string> = { F: 'F', M: 'M' };

/**
 * One page of the tag export (the exports domain writes the file): the customers carrying the tag,
 * in the spec's columns, read from the member index and the customers' BatchGets; `cursor` is the
 * next page's (null at the end). A tag deleted meanwhile ends the export with 'Tag não encontrada.'.
 */
export async function tagExportPage(
  ctx: ServiceContext,
  id: number,
  cursor: string | null,
): Promise<{ rows: (string | number)[][]; cursor: string | null }> {
  const tag = await existing(ctx, id);
  const page = await tagsRepository(ctx.tenant).members(tag.description, cursor, MEMBER_PAGE);
  // The index may lag the customers by a stream batch: only who carries the tag now is listed.
  const rows = (await customerRowsByIds(ctx, page.ids))
    .filter((row) => row.tags.includes(tag.description))
    .map((c) => [
      c.id,
      tag.description,
      c.fullname,
      c.document,
      c.date_birth ?? '',
      c.gender ? (GENDERS[c.gender] ?? 'O') : '',
      c.city ?? '',
      c.email ?? '',
      c.email_optout,
      c.cellphone ?? '',
      c.cellphone_optout,
      c.channel,
    ]);
  return { rows, cursor: page.cursor };
}

/**
 * The `tag-rename` job: every customer still carrying `from` gets the tag's CURRENT description
 * (so renames in a row end on the last name). Idempotent: customers already renamed are skipped;
 * a tag deleted meanwhile ends the job. Answers how many customers were renamed.
 */
export async function propagateTagRename(
  ctx: ServiceContext,
  job: Pick<TagRenameJob, 'tag' | 'from'>,
): Promise<number> {
  const tag = await tagsRepository(ctx.tenant).get(job.tag);
  if (!tag || tag.description === job.from) return 0;
  const repo = tagsRepository(ctx.tenant);
  let renamed = 0;
  let cursor: string | null = null;
  do {
    const page = await repo.members(job.from, cursor, MEMBER_PAGE);
    const done = await mapLimited(page.ids, 8, (customerId) =>
      renameCustomerTag(ctx, customerId, job.from, tag.description),
    );
    renamed += done.filter(Boolean).length;
    cursor = page.cursor;
  } while (cursor);
  await renameTagInLeads(ctx, job.from, tag.description, 'end');
  return renamed;
}

/**
 * Keeps the member index in step with the customers' changes (the `segmentation-tags` stream):
 * tags added to a customer are put, tags removed deleted. The changes of a batch are folded in
 * order first, so a tag added then removed in one batch ends removed. Replays write the same items.
 */
export async function applyTagChanges(
  ctx: ServiceContext,
  changes: readonly CustomersChange[],
): Promise<void> {
  const final = new Map<string, { tag: string; customerId: number; add: boolean }>();
  for (const change of changes) {
    if (change.kind !== 'customer') continue;
    const before = new Set(change.before?.tags ?? []);
    const after = new Set(change.after?.tags ?? []);
    const customerId = (change.after ?? change.before)!.id;
    for (const tag of after)
      if (!before.has(tag)) final.set(`${customerId}|${tag}`, { tag, customerId, add: true });
    for (const tag of before)
      if (!after.has(tag)) final.set(`${customerId}|${tag}`, { tag, customerId, add: false });
  }
  await tagsRepository(ctx.tenant).applyMembership([...final.values()]);
}

/**
 * Writes the member index for every customer of the tenant (customers tagged before the
 * `segmentation-tags` stream existed, or restored from a backup). Idempotent puts, page by page;
 * safe beside live traffic: a member left stale by a concurrent edit is ignored by the export and
 * the rename (both check the customer's tags). Answers the customers read.
 */
export async function backfillTagMembers(
  ctx: ServiceContext,
  onPage: (customers: number) => void = () => {},
): Promise<number> {
  const repo = tagsRepository(ctx.tenant);
  let customers = 0;
  let cursor: string | null = null;
  do {
    const page = await customerTagsPage(ctx, cursor, MEMBER_PAGE);
    await repo.applyMembership(
      page.rows.flatMap((c) => c.tags.map((tag) => ({ tag, customerId: c.id, add: true }))),
    );
    customers += page.rows.length;
    cursor = page.cursor;
    onPage(customers);
  } while (cursor);
  return customers;
}
