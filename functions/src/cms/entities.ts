import { Entity, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';

/**
 * A CMS file (spec part 3 §3 'CMS file'). The bytes live in the cms bucket under the tenant's
 * prefix (`{tenant}/{expiry}/{id}-{token}/{name}`); the record goes with the table's TTL once
 * its `deletedAt` passes, and the `cms-files` stream processor then removes the object.
 */
export const CmsFileEntity = new Entity(
  {
    model: { entity: 'cms-file', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      description: { type: 'string', required: true },
      /** The stored name (safe characters, the real extension). */
      fileName: { type: 'string', required: true },
      contentType: { type: 'string', required: true },
      inline: { type: 'boolean', required: true },
      size: { type: 'number', required: true },
      /** Object key in the cms bucket; the public path is `/files/` + the key without the tenant. */
      objectKey: { type: 'string', required: true },
      createdAt: { type: 'string', required: true },
      /** Planned removal (ISO instant). */
      deletedAt: { type: 'string', required: true },
      /** Epoch seconds of deletedAt: the table's TTL attribute. */
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byId: key('primary', ['tenant'], ['id']),
    },
  },
  { client: documentClient, table: tableName() },
);
export type CmsFileRecord = EntityItem<typeof CmsFileEntity>;

/**
 * A large file's presigned upload waiting for its completion: what the form said (description,
 * name, days, size) and where the bytes go (`_uploads/{tenant}/{uploadId}`, outside every served
 * path). Completed once (deleted by a conditional delete), gone with the table's TTL a day later;
 * the bucket's lifecycle removes a staged object never completed.
 */
export const CmsUploadEntity = new Entity(
  {
    model: { entity: 'cms-upload', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      uploadId: { type: 'string', required: true, readOnly: true },
      description: { type: 'string', required: true },
      fileName: { type: 'string', required: true },
      days: { type: 'number', required: true },
      size: { type: 'number', required: true },
      stagingKey: { type: 'string', required: true },
      createdBy: { type: 'number' },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byId: key('primary', ['tenant', 'uploadId'], []),
    },
  },
  { client: documentClient, table: tableName() },
);
export type CmsUploadRecord = EntityItem<typeof CmsUploadEntity>;
