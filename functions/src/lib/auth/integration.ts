import { createHash, randomBytes } from 'node:crypto';
import { Entity } from 'electrodb';
import { documentClient, tableName } from '../ddb/client';
import { key } from '../ddb/indexes';

/**
 * The tenant's integration token (POS / ERP), in two kinds of items:
 * - one item per valid token, keyed by its SHA-256: what an incoming POS/ERP call is checked
 *   against (one GetItem by hash, no decryption on the hot path);
 * - one "current token" item per tenant (`IntegrationTokenCurrentEntity`): the token sealed
 *   with the app's data key (lib/ports/secrets-key.ts), so staff who may write Settings can
 *   read it again, and the hash it points to, so a rotation knows what to revoke.
 * The clear token is never stored.
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

/**
 * The tenant's current token: read with one strongly consistent GetItem (an index would lag
 * behind a rotation and could show a token just revoked); rotations are conditioned on the
 * hash it holds, so two at once cannot both win.
 */
export const IntegrationTokenCurrentEntity = new Entity(
  {
    model: { entity: 'integrationTokenCurrent', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      tokenHash: { type: 'string', required: true },
      hint: { type: 'string', required: true },
      /** The token sealed with the data key and the context `integration-token:<tenant>`. */
      sealed: { type: 'string', required: true },
      createdAt: { type: 'string', required: true },
      /** Staff user who issued it (absent for the seed and scripts). */
      createdBy: { type: 'number' },
    },
    indexes: {
      current: key('primary', ['tenant'], []),
    },
  },
  { client: documentClient, table: tableName() },
);

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The context a token is sealed with: a sealed token copied to another tenant does not open. */
export const integrationTokenContext = (tenant: string): string => `integration-token:${tenant}`;

export function generateToken(): string {
  return `frg_${randomBytes(24).toString('base64url')}`;
}

/** Whether `token` is a valid integration token of `tenant`: one GetItem by hash. */
export async function verifyIntegrationToken(tenant: string, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const { data } = await IntegrationTokenEntity.get({ tenant, tokenHash: hashToken(token) }).go();
  return data !== null;
}
