import { Entity, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';

/** One key/value platform setting of a tenant (keys: `SETTING_KEYS` in shared/schemas/settings). */
export const SettingEntity = new Entity(
  {
    model: { entity: 'setting', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      key: { type: 'string', required: true, readOnly: true },
      value: { type: 'string', required: true },
      /** Staff user id of the last writer. */
      updatedBy: { type: 'number' },
      updatedAt: { type: 'string', default: () => new Date().toISOString(), set: () => new Date().toISOString(), watch: '*' },
    },
    indexes: {
      byKey: key('primary', ['tenant'], ['key']),
    },
  },
  { client: documentClient, table: tableName() },
);

export type SettingRecord = EntityItem<typeof SettingEntity>;
