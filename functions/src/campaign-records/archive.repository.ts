import { Entity, Service } from 'electrodb';
import type { CampaignProduct } from '@freguesia/shared/schemas/campaign';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';
import { transactionError, writeTransaction } from '../lib/ddb/transactions';
import { CampaignProductEntity } from './campaign-records.entities';
import type { CampaignRecord } from './campaign-records.repository';

/**
 * The product rows of deleted campaigns (issue 20 item 16: a deleted campaign opens read-only with
 * its data). Apart from `campaignsRepository` on purpose: only the delete and the archived details
 * use it, so the functions that merely read campaigns (communications, the checkout) do not carry it
 * (test/unit/bundle-budget.test.ts).
 */

/**
 * A product row of a deleted campaign (the generation its header read), moved here by the delete.
 * Its own entity (a key prefix of its own): the checkout's active set, which reads every live
 * product row of the tenant, never meets it.
 */
export const ArchivedCampaignProductEntity = new Entity(
  {
    model: { entity: 'archivedCampaignProduct', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      campaign: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      code: { type: 'string', required: true, readOnly: true },
      row: { type: 'any', required: true },
    },
    indexes: { byCampaign: key('primary', ['tenant'], ['campaign', 'code']) },
  },
  { client: documentClient, table: tableName() },
);

const archiveService = new Service({
  campaignProduct: CampaignProductEntity,
  archivedProduct: ArchivedCampaignProductEntity,
});
type Txn = Parameters<Parameters<typeof archiveService.transaction.write>[0]>[0];

/** Moves (put + delete) per transaction: DynamoDB takes 100 items. */
const MOVES_PER_TRANSACTION = 45;

/**
 * After a campaign's delete: the rows its header read move to the archive, each move (archived
 * copy + live delete) inside one transaction; rows of other generations (leftovers of failed
 * updates) are deleted.
 */
export async function archiveProductRows(tenant: string, current: CampaignRecord): Promise<void> {
  const { data } = await CampaignProductEntity.query
    .byCampaign({ tenant, campaign: current.id })
    .go({ pages: 'all' });
  const ops = data.map((p) =>
    (p.gen ?? 0) === current.product_gen
      ? (t: Txn) => [
          t.archivedProduct
            .put({ tenant, campaign: current.id, code: (p.row as CampaignProduct).code, row: p.row })
            .commit(),
          t.campaignProduct.delete({ tenant, campaign: current.id, code: p.code }).commit(),
        ]
      : (t: Txn) => [t.campaignProduct.delete({ tenant, campaign: current.id, code: p.code }).commit()],
  );
  for (let i = 0; i < ops.length; i += MOVES_PER_TRANSACTION) {
    const chunk = ops.slice(i, i + MOVES_PER_TRANSACTION);
    const result = await writeTransaction(() =>
      archiveService.transaction.write((t) => chunk.flatMap((op) => op(t)) as never[]).go(),
    );
    if (result.canceled) throw transactionError(result);
  }
}

/** The product rows of a deleted campaign, as its header read them when it was deleted. */
export async function archivedProductRows(tenant: string, id: number): Promise<CampaignProduct[]> {
  const { data } = await ArchivedCampaignProductEntity.query
    .byCampaign({ tenant, campaign: id })
    .go({ pages: 'all' });
  return data.map((p) => p.row as CampaignProduct);
}
