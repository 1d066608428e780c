import { createHash, randomBytes } from 'node:crypto';
import { Entity } from 'electrodb';
import { documentClient, tableName } from '../ddb/client';
import { key } from '../ddb/indexes';

/**
 * The tenant's integration token (POS / ERP). Only its SHA-256 is stored; the clear
 * token is shown once, when it is created or rotated. Lookup is one GetItem by hash.
 */
export const IntegrationTokenEntity = new Entity(
  {
    model: { entity: 'integrationToken', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      tokenHash: { type: 'string', required: true, readOnly: true },
      /** Last 4 characters, so staff can tell tokens apart without seeing them. */
      hint: { type: 'string', required: true },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byHash: key('primary', ['tenant', 'tokenHash'], []),
      byTenant: key('gsi1', ['tenant'], ['createdAt']),
    },
  },
  { client: documentClient, table: tableName() },
);

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function generateToken(): string {
  return `frg_${randomBytes(24).toString('base64url')}`;
}

export async function verifyIntegrationToken(tenant: string, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const { data } = await IntegrationTokenEntity.get({ tenant, tokenHash: hashToken(token) }).go();
  return data !== null;
}
