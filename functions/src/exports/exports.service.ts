import * as z from 'zod';
import { can } from '@freguesia/shared/domain/permissions';
import { EXPORT_MESSAGES, type ExportAccepted, type ExportJob } from '@freguesia/shared/schemas/exports';
import { AUDIT_ENTITY_NAMES, type AuditEntity } from '@freguesia/shared/schemas/audit';
import { recordAudit } from '../audit/audit.service';
import { campaignHistoryRecord } from '../campaign-records/campaign-records.service';
import { staffOf, type ServiceContext, type StaffPrincipal } from '../lib/context';
import { paginated, type Paginated } from '../lib/ddb/pagination';
import { forbidden, notFound } from '../lib/errors';
import { blobPort } from '../lib/ports/blob';
import { queuePort } from '../lib/ports/queue';
import type { ExportJobItem } from './exports.entities';
import { exportsRepository } from './exports.repository';
import {
  CONTENT_TYPES,
  EXPORT_KINDS,
  isExportKind,
  type ExportKindName,
  type ExportParams,
} from './kinds.service';

/**
 * Exports as jobs (functions/README.md, "Exports"): an export route creates the job (the record of
 * who asked for what, and when) and queues it; the `exports` consumer writes the file to the
 * exports bucket page by page (`export-runs.service.ts`); the screen polls the job and downloads
 * the file from a short-lived link. Nothing here builds a file, so the API function stays light.
 */

/** The queue of export jobs (src/queues.ts) and its message, validated by the consumer. */
export const EXPORTS_QUEUE = 'exports';
export const ExportMessage = z.object({
  tenant: z.string().min(1),
  id: z.number().int().positive(),
  /** Times this message was put back because another run held the job. */
  put_back: z.number().int().nonnegative().default(0),
});
export type ExportMessage = z.infer<typeof ExportMessage>;

/** How long a download link works. */
export const LINK_SECONDS = 300;
/** The bucket keeps files this long (infra/lib/constructs/buckets.ts, 'expire-exports'). */
export const FILE_DAYS = 30;
/**
 * A job not finished after this long is dead (its last delivery timed out into the dead-letter
 * queue): it reads as failed. The queue redelivers after its visibility timeout (6 × the
 * consumer's 300 s, infra/lib/constructs/queues.ts), so three deliveries end within 90 minutes.
 */
export const STALE_MS = 2 * 60 * 60 * 1000;

/** Who sees every export of the tenant: those who manage users and roles (write Settings). */
const isAdmin = (staff: StaffPrincipal) => can(staff.abilities, 'write', 'Settings');

function staff(ctx: ServiceContext): StaffPrincipal {
  const principal = staffOf(ctx);
  if (!principal) throw forbidden();
  return principal;
}

/**
 * Asks for an export: checks the record as the caller (404/403 of its domain), records the job
 * and queues it. Answers `{id, status: 'queued'}`.
 */
export async function requestExport(
  ctx: ServiceContext,
  kindName: ExportKindName,
  params: ExportParams,
): Promise<ExportAccepted> {
  const who = staff(ctx);
  const kind = EXPORT_KINDS[kindName];
  if (!can(who.abilities, kind.permission.action, kind.permission.subject)) throw forbidden();
  const target = await kind.target(ctx, params);
  const job = await exportsRepository(ctx.tenant).create({
    kind: kindName,
    params,
    title: target.title,
    fileName: target.fileName,
    contentType: CONTENT_TYPES[kind.format],
    requestedBy: who.userId,
    requestedByName: who.fullname,
    createdAt: ctx.now().toISOString(),
  });
  const message: ExportMessage = { tenant: ctx.tenant, id: job.id, put_back: 0 };
  await (await queuePort()).send(EXPORTS_QUEUE, message);
  // Personal data leaving the system is logged (LGPD art. 37): in the tenant's log and, for a
  // record the log follows, in the record's history.
  const exported = { kind: kindName, params, file: target.fileName };
  await recordAudit(ctx, {
    entity: 'export',
    entityId: job.id,
    action: 'export',
    summary: target.title,
    after: exported,
  });
  if ((AUDIT_ENTITY_NAMES as string[]).includes(kindName))
    await recordAudit(ctx, {
      entity: kindName as AuditEntity,
      entityId: params.id,
      action: 'export',
      summary: target.title,
      after: exported,
    });
  return { id: job.id, status: 'queued' };
}

/**
 * GET /web/campaign/export: the rows of the campaign's own kind (spec part 2 §3 'Export rows'):
 * lucky numbers for L, the points ledger for C, the granted discounts otherwise. The kind's
 * target then checks the campaign as the caller.
 */
export async function requestCampaignExport(ctx: ServiceContext, id: number): Promise<ExportAccepted> {
  // A deleted campaign's export stays (its record is kept for history).
  const type = (await campaignHistoryRecord(ctx, id))?.type as string | undefined;
  const kind = type === 'L' ? 'lucky' : type === 'C' ? 'points' : type === 'T' ? 'tickets' : 'campaign';
  return requestExport(ctx, kind, { id });
}

/** The job as the screen reads it: a job that cannot finish any more reads as failed. */
function view(job: ExportJobItem, now: Date): ExportJob {
  const stale =
    (job.status === 'queued' || job.status === 'running') &&
    now.getTime() - Date.parse(job.createdAt) > STALE_MS;
  return {
    id: job.id,
    kind: job.kind,
    title: job.title,
    file_name: job.fileName,
    status: stale ? 'failed' : job.status,
    rows: job.rows,
    size: job.size ?? null,
    message: stale ? EXPORT_MESSAGES.interrupted : (job.message ?? null),
    requested_by: { id: job.requestedBy, name: job.requestedByName },
    created_at: job.createdAt,
    finished_at: job.finishedAt ?? null,
  };
}

/** Whether this staff user may see the job: the kind's permission, and their own job or an admin. */
function maySee(who: StaffPrincipal, job: ExportJobItem): boolean {
  const permission = isExportKind(job.kind) ? EXPORT_KINDS[job.kind].permission : undefined;
  if (!permission || !can(who.abilities, permission.action, permission.subject)) return false;
  return job.requestedBy === who.userId || isAdmin(who);
}

/**
 * GET /web/exports/{id}: the job (status, rows so far) and, once done, a link that downloads the
 * file for LINK_SECONDS. Another user's job is 'not found' unless the caller is an admin.
 */
export async function exportJob(ctx: ServiceContext, id: number): Promise<ExportJob> {
  const who = staff(ctx);
  const job = await exportsRepository(ctx.tenant).get(id);
  if (!job || !maySee(who, job)) throw notFound(EXPORT_MESSAGES.notFound);
  const now = ctx.now();
  const answer = view(job, now);
  if (answer.status !== 'done') return answer;
  if (now.getTime() - Date.parse(job.finishedAt ?? job.createdAt) >= FILE_DAYS * 86_400_000)
    return { ...answer, message: EXPORT_MESSAGES.expired };
  const url = await (
    await blobPort('exports')
  ).presign(job.blobKey, { fileName: job.fileName, expiresInSeconds: LINK_SECONDS });
  return { ...answer, url };
}

/**
 * GET /web/exports?page: newest first, the record of who exported what and when. An admin sees the
 * tenant's, anyone else their own.
 */
export async function listExports(
  ctx: ServiceContext,
  query: { page: number; per_page: number },
): Promise<Paginated<ExportJob>> {
  const who = staff(ctx);
  const { items, total } = await exportsRepository(ctx.tenant).listPage(
    query.page,
    query.per_page,
    isAdmin(who) ? undefined : who.userId,
  );
  const now = ctx.now();
  return paginated(
    items.map((job) => view(job, now)),
    total,
    query.page,
    query.per_page,
  );
}
