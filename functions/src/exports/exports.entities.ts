import { Entity, Service, type EntityItem } from 'electrodb';
import { EXPORT_STATUSES } from '@freguesia/shared/schemas/exports';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { key } from '../lib/ddb/indexes';

/**
 * Export jobs (functions/README.md, "Exports"): one item per file asked for, per tenant. It is also
 * the record of who exported what and when (personal data leaves the system in these files), so
 * it is never deleted: the file expires in the bucket, the job stays.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const id = { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } } as const;

export const ExportJobEntity = new Entity(
  {
    model: { entity: 'exportJob', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      kind: { type: 'string', required: true, readOnly: true },
      /** What the kind needs to produce the rows (`{id}` of the tag, lead or campaign). */
      params: { type: 'any', required: true, readOnly: true },
      title: { type: 'string', required: true, readOnly: true },
      fileName: { type: 'string', required: true, readOnly: true },
      contentType: { type: 'string', required: true, readOnly: true },
      /** The object in the exports bucket (one per job: a retry replaces it). */
      blobKey: { type: 'string', required: true, readOnly: true },
      requestedBy: id,
      requestedByName: { type: 'string', required: true, readOnly: true },
      status: { type: EXPORT_STATUSES, required: true },
      rows: { type: 'number', required: true, default: 0 },
      size: { type: 'number' },
      message: { type: 'string' },
      /** Runs that took the job (a redelivery after a crash takes it again). */
      attempt: { type: 'number', required: true, default: 0 },
      /** Until when (epoch ms) the running attempt holds the job; renewed with each page. */
      leaseUntil: { type: 'number', required: true, default: 0 },
      createdAt: { type: 'string', required: true, readOnly: true },
      startedAt: { type: 'string' },
      finishedAt: { type: 'string' },
    },
    indexes: {
      byId: key('primary', ['tenant'], ['id']),
      byRequester: key('gsi1', ['tenant', 'requestedBy'], ['id']),
    },
  },
  { client: documentClient, table: tableName() },
);

/** A job and its counters (`total:export`, `total:export:by:<user>`) written together. */
export const exportsService = new Service({ exportJob: ExportJobEntity, counter: CounterEntity });

export type ExportJobItem = EntityItem<typeof ExportJobEntity>;
