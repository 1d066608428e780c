import { Entity } from 'electrodb';
import { documentClient, tableName } from '../client';
import { key } from '../indexes';

/**
 * A uniqueness marker: one item per (tenant, scope, value), e.g. scope `user-email`,
 * value `ana@loja.com`. Created with a condition in the same transaction as the entity it
 * guards, so two concurrent requests can never both win (no read-then-write).
 */
export const UniqueEntity = new Entity(
  {
    model: { entity: 'unique', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      scope: { type: 'string', required: true, readOnly: true },
      value: { type: 'string', required: true, readOnly: true },
      ownerId: { type: 'number', required: true },
    },
    indexes: {
      byValue: key('primary', ['tenant', 'scope', 'value'], []),
    },
  },
  { client: documentClient, table: tableName() },
);
