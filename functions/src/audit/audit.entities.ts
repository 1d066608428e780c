import { Entity, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';

/**
 * One event of the audit log (functions/README.md, "Audit log"): written once, never updated or
 * deleted (the repository has no such call and the item is created with a condition). Read newest
 * first for the tenant, for one record, for one user, or for one kind of record.
 */
const readOnly = { required: true, readOnly: true } as const;

export const AuditEventEntity = new Entity(
  {
    model: { entity: 'auditEvent', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', ...readOnly },
      /** ISO instant, then a random suffix: the sort key, unique. */
      at: { type: 'string', ...readOnly },
      eventId: { type: 'string', ...readOnly },
      entity: { type: 'string', ...readOnly },
      entityId: { type: 'string', ...readOnly },
      action: { type: 'string', ...readOnly },
      /** The staff user (0: the platform, the integration or a customer). */
      actorId: { type: 'number', ...readOnly },
      actorName: { type: 'string', ...readOnly },
      summary: { type: 'string', ...readOnly },
      changes: { type: 'any', ...readOnly },
    },
    indexes: {
      byTenant: key('primary', ['tenant'], ['at', 'eventId']),
      byRecord: key('gsi1', ['tenant', 'entity', 'entityId'], ['at', 'eventId']),
      byActor: key('gsi2', ['tenant', 'actorId'], ['at', 'eventId']),
      byEntity: key('gsi3', ['tenant', 'entity'], ['at', 'eventId']),
    },
  },
  { client: documentClient, table: tableName() },
);

export type AuditEventItem = EntityItem<typeof AuditEventEntity>;
