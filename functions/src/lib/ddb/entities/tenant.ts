import { Entity } from 'electrodb';
import { documentClient, tableName } from '../client';
import { key } from '../indexes';

/** A tenant (one retailer). Its id is the first label of the host name. */
export const TenantEntity = new Entity(
  {
    model: { entity: 'tenant', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      primaryColor: { type: 'string', required: true, default: '#c62828' },
      active: { type: 'boolean', required: true, default: true },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byTenant: key('primary', ['tenant'], []),
    },
  },
  { client: documentClient, table: tableName() },
);
