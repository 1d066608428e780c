import { randomBytes } from 'node:crypto';
import { can, type Subject } from '@freguesia/shared/domain/permissions';
import {
  AUDIT_ENTITY_NAMES,
  type AuditAction,
  type AuditEntity,
  type AuditEntry,
  type AuditPage,
} from '@freguesia/shared/schemas/audit';
import { staffOf, type ServiceContext } from '../lib/context';
import { forbidden, invalid } from '../lib/errors';
import { logger } from '../lib/logger';
import { auditChanges } from './audit.model';
import { auditRepository } from './audit.repository';
import type { AuditEventItem } from './audit.entities';

/**
 * The audit log (guide §8; functions/README.md, "Audit log"): services record what their callers
 * did after the change committed; staff read a record's 'Histórico' with the permission to see the
 * record, and admins (write Settings) the tenant's whole log. Nothing updates or deletes an event.
 */

export interface AuditInput {
  entity: AuditEntity;
  entityId: string | number;
  action: AuditAction;
  /** The record's name as the screens show it ('Campanha Black Friday'). */
  summary: string;
  /** The record before and after (either absent for a create or a delete); their differences are logged. */
  before?: unknown;
  after?: unknown;
}

/** Attempts of an audit write before it is given up (and logged as an error with the event). */
const ATTEMPTS = 3;

function actorOf(ctx: ServiceContext): { actorId: number; actorName: string } {
  const a = ctx.actor;
  switch (a.kind) {
    case 'staff':
      return { actorId: a.userId, actorName: a.fullname };
    case 'integration':
      return { actorId: 0, actorName: 'Integração (PDV/ERP)' };
    case 'system':
      return { actorId: 0, actorName: `Plataforma (${a.name})` };
    case 'customer':
      return { actorId: 0, actorName: `Cliente ${a.customerId}` };
    default:
      return { actorId: 0, actorName: 'Público' };
  }
}

/**
 * Records one event. Called after the change committed: a failed write is retried, and if it still
 * fails the event is logged as an error (with its fields, never secret values), so it is never lost
 * silently; the caller's change stands. An update that changed nothing is not recorded.
 */
export async function recordAudit(ctx: ServiceContext, input: AuditInput): Promise<void> {
  const changes = auditChanges(input.before, input.after);
  if (input.action === 'update' && changes.length === 0) return;
  const at = ctx.now().toISOString();
  const event = {
    at,
    eventId: randomBytes(6).toString('hex'),
    entity: input.entity,
    entityId: String(input.entityId),
    action: input.action,
    ...actorOf(ctx),
    summary: input.summary.slice(0, 200),
    changes,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await auditRepository(ctx.tenant).append(event);
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS) {
        logger.error('audit: event not written', { tenant: ctx.tenant, event, error });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }
}

/** Who may read a record's history: anyone who may read the record. */
const READERS: Record<AuditEntity, Subject[]> = {
  campaign: ['Campaigns', 'Communications', 'Mobile'],
  lead: ['Leads'],
  tag: ['Tags'],
  label: ['Settings'],
  user: ['Settings'],
  role: ['Settings'],
  setting: ['Settings'],
  export: ['Settings'],
  department: ['Settings'],
  botFlow: ['Settings'],
};

const toEntry = (e: AuditEventItem): AuditEntry => ({
  id: `${e.at}~${e.eventId}`,
  at: e.at,
  entity: e.entity,
  entity_id: e.entityId,
  action: e.action,
  actor_id: e.actorId || null,
  actor_name: e.actorName,
  summary: e.summary,
  changes: (e.changes ?? []) as AuditEntry['changes'],
});

/** A page of the log; a cursor that is not one the log gave is bad input, not a failure. */
async function readPage(tenant: string, query: Parameters<ReturnType<typeof auditRepository>['page']>[0]) {
  try {
    return await auditRepository(tenant).page(query);
  } catch (error) {
    if (query.cursor && error instanceof Error && /cursor/i.test(error.message))
      throw invalid({ cursor: 'Cursor inválido.' });
    throw error;
  }
}

const isEntity = (v: string): v is AuditEntity => (AUDIT_ENTITY_NAMES as string[]).includes(v);

/** GET /web/audit/{entity}/{id}: the record's 'Histórico', newest first. */
export async function recordHistory(
  ctx: ServiceContext,
  entity: string,
  id: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<AuditPage> {
  const staff = staffOf(ctx);
  if (!staff) throw forbidden();
  if (!isEntity(entity)) throw invalid({ entity: 'Tipo de registro inválido.' });
  if (!READERS[entity].some((subject) => can(staff.abilities, 'read', subject))) throw forbidden();
  const result = await readPage(ctx.tenant, { entity, entityId: id, ...page });
  return { data: result.items.map(toEntry), cursor: result.cursor };
}

export interface AuditLogQuery {
  entity?: string | undefined;
  actor_id?: number | undefined;
  /** Days 'YYYY-MM-DD' (São Paulo), inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** GET /web/audit: the tenant's whole log for admins (write Settings), newest first, with filters. */
export async function auditLog(ctx: ServiceContext, q: AuditLogQuery): Promise<AuditPage> {
  const staff = staffOf(ctx);
  if (!staff || !can(staff.abilities, 'write', 'Settings')) throw forbidden();
  if (q.entity && !isEntity(q.entity)) throw invalid({ entity: 'Tipo de registro inválido.' });
  const dayStart = (day: string) => new Date(`${day}T00:00:00-03:00`).toISOString();
  const dayEnd = (day: string) => new Date(`${day}T23:59:59.999-03:00`).toISOString();
  const result = await readPage(ctx.tenant, {
    entity: q.entity,
    actorId: q.actor_id,
    from: q.from ? dayStart(q.from) : undefined,
    to: q.to ? dayEnd(q.to) : undefined,
    cursor: q.cursor,
    limit: q.limit,
  });
  return { data: result.items.map(toEntry), cursor: result.cursor };
}
