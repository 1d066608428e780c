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
      updatedAt: {
        type: 'string',
        default: () => new Date().toISOString(),
        set: () => new Date().toISOString(),
        watch: '*',
      },
    },
    indexes: {
      byKey: key('primary', ['tenant'], ['key']),
    },
  },
  { client: documentClient, table: tableName() },
);

export type SettingRecord = EntityItem<typeof SettingEntity>;

/**
 * A discount label layout (spec part 3 §3 'Discount label'): size in millimetres and sanitised
 * markup with `{{placeholders}}`. Few per tenant: listed with one Query of the tenant's partition.
 */
export const LabelEntity = new Entity(
  {
    model: { entity: 'label', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      name: { type: 'string', required: true },
      /** Millimetres, one decimal. */
      width: { type: 'number', required: true },
      height: { type: 'number', required: true },
      /** Markup as sanitised on save. */
      layout: { type: 'string', required: true, default: '' },
      visible: { type: 'boolean', required: true, default: true },
      /** JSON text (an object or a list). */
      visibleRules: { type: 'string', required: true, default: '{}' },
      entity: { type: 'string', required: true, default: 'campaigns' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: {
        type: 'string',
        default: () => new Date().toISOString(),
        set: () => new Date().toISOString(),
        watch: '*',
      },
    },
    indexes: {
      byId: key('primary', ['tenant'], ['id']),
    },
  },
  { client: documentClient, table: tableName() },
);

export type LabelRecord = EntityItem<typeof LabelEntity>;
