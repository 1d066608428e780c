import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { removeCmsObjects } from './files.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'cms-files';

/**
 * Removes a CMS file's object once its record is gone: the table's TTL takes the record after its
 * `deletedAt` (and `DELETE /web/cms/{id}` removed both already; deleting again is harmless).
 */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => {
    if (record.eventName !== 'REMOVE') return undefined;
    const old = record.dynamodb?.OldImage;
    const tenant = old?.tenant?.S;
    const objectKey = old?.objectKey?.S;
    return old?.__edb_e__?.S === 'cms-file' && tenant && objectKey ? { tenant, objectKey } : undefined;
  },
  apply: (ctx, removed) =>
    removeCmsObjects(
      ctx,
      removed.map((r) => r.objectKey),
    ),
});
