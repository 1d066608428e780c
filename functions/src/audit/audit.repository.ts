import { AuditEventEntity, type AuditEventItem } from './audit.entities';

export type NewAuditEvent = Omit<AuditEventItem, 'tenant'>;

export interface AuditQuery {
  entity?: string | undefined;
  entityId?: string | undefined;
  actorId?: number | undefined;
  /** ISO instants, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** The audit log of one tenant: append and read, nothing else (no update, no delete). */
export function auditRepository(tenant: string) {
  return {
    async append(event: NewAuditEvent): Promise<void> {
      // `create` refuses an existing key: an event is never overwritten.
      await AuditEventEntity.create({ ...event, tenant }).go({ response: 'none' });
    },

    /**
     * Newest first, by the narrowest index the filters allow: the record, the user, the kind of
     * record, else the whole tenant; a second filter (a user within a kind) reads the index of
     * the first and filters. One query per page.
     */
    async page(q: AuditQuery): Promise<{ items: AuditEventItem[]; cursor: string | null }> {
      const query =
        q.entity && q.entityId
          ? AuditEventEntity.query.byRecord({ tenant, entity: q.entity, entityId: q.entityId })
          : q.actorId !== undefined
            ? AuditEventEntity.query.byActor({ tenant, actorId: q.actorId })
            : q.entity
              ? AuditEventEntity.query.byEntity({ tenant, entity: q.entity })
              : AuditEventEntity.query.byTenant({ tenant });
      const ranged =
        q.from && q.to
          ? query.between({ at: q.from }, { at: q.to })
          : q.from
            ? query.gte({ at: q.from })
            : q.to
              ? query.lte({ at: q.to })
              : query;
      const filtered =
        q.actorId !== undefined && q.entity && !q.entityId
          ? ranged.where(({ entity }, { eq }) => eq(entity, q.entity!))
          : ranged;
      const result = await filtered.go({ order: 'desc', limit: q.limit, cursor: q.cursor ?? null, pages: 1 });
      return { items: result.data, cursor: result.cursor };
    },
  };
}
