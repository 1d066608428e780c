import { randomBytes } from 'node:crypto';
import { Entity } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';
import { isConditionFailure } from '../lib/ddb/transactions';

/**
 * The secret part of a TV campaign's screen links: one random nonce per campaign, signed into every
 * store's link. Regenerating it revokes every link of the campaign at once; no link is stored.
 */
export const TvLinkEntity = new Entity(
  {
    model: { entity: 'tvLink', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      campaign: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      nonce: { type: 'string', required: true },
    },
    indexes: {
      byCampaign: key('primary', ['tenant', 'campaign'], []),
    },
  },
  { client: documentClient, table: tableName() },
);

const newNonce = () => randomBytes(18).toString('base64url');

/** Screen-link nonces of one tenant. */
export function tvRepository(tenant: string) {
  return {
    async nonce(campaign: number): Promise<string | undefined> {
      const { data } = await TvLinkEntity.get({ tenant, campaign }).go();
      return data?.nonce;
    },

    /** The campaign's nonce, created on first use (a racing creator's nonce wins: read it back). */
    async ensureNonce(campaign: number): Promise<string> {
      const current = await this.nonce(campaign);
      if (current) return current;
      try {
        await TvLinkEntity.create({ tenant, campaign, nonce: newNonce() }).go();
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const created = await this.nonce(campaign);
      if (!created) throw new Error('tv link nonce not written');
      return created;
    },

    /** A new nonce: every link made before stops working. */
    async regenerate(campaign: number): Promise<string> {
      const nonce = newNonce();
      await TvLinkEntity.put({ tenant, campaign, nonce }).go();
      return nonce;
    },
  };
}
