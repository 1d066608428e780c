import { Entity } from 'electrodb';
import { batchGetEntities, batchWriteEntities } from '../lib/ddb/batch';
import { documentClient, tableName } from '../lib/ddb/client';
import { key } from '../lib/ddb/indexes';
import { DeliveryEntity } from './communications.entities';
import type { Recipient } from './sending.repository';

/**
 * The recipients the planner handed to the channel queue, batch by batch, kept in the campaign's
 * partition beside the ledger: what a resume re-queues when the queue's messages were lost (a
 * crashed local runtime, a dead-lettered batch in AWS). A re-planned page writes the same items
 * (keyed by step and batch). They expire with the run's history.
 */
export const PlannedBatchEntity = new Entity(
  {
    model: { entity: 'plannedBatch', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      campaign: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
      run: { type: 'string', required: true, readOnly: true },
      step: { type: 'number', required: true, readOnly: true, padding: { length: 7, char: '0' } },
      batch: { type: 'number', required: true, readOnly: true, padding: { length: 5, char: '0' } },
      /** The batch's recipients as the channel message carries them (JSON). */
      recipients: { type: 'string', required: true },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byBatch: key('primary', ['tenant', 'campaign'], ['run', 'step', 'batch']),
    },
  },
  { client: documentClient, table: tableName() },
);

const KEEP_DAYS = 90;

export function recoveryRepository(tenant: string) {
  return {
    /** Records a planner step's batches (one batch write per 25) before they are queued. */
    async recordBatches(campaign: number, run: string, step: number, batches: Recipient[][]): Promise<void> {
      if (batches.length === 0) return;
      const expiresAt = Math.floor(Date.now() / 1000) + KEEP_DAYS * 86_400;
      await batchWriteEntities(
        (items) => PlannedBatchEntity.put(items).go({ concurrency: 4 }),
        batches.map((recipients, batch) => ({
          tenant,
          campaign,
          run,
          step,
          batch,
          recipients: JSON.stringify(recipients),
          expiresAt,
        })),
        { what: 'planned batches' },
      );
    },

    /** Every planned recipient of a run, batch by batch (a Query of the campaign's partition). */
    async plannedBatches(campaign: number, run: string): Promise<Recipient[][]> {
      const { data } = await PlannedBatchEntity.query
        .byBatch({ tenant, campaign })
        .begins({ run })
        .go({ pages: 'all' });
      // `begins` on the run also matches a longer run key; keep this run's only.
      return data.filter((b) => b.run === run).map((b) => JSON.parse(b.recipients) as Recipient[]);
    },

    /** The ledger entries of some recipients of a run (the ones that have one). */
    async ledger(
      campaign: number,
      run: string,
      recipients: readonly string[],
    ): Promise<Map<string, { status: string; claimed_at: number }>> {
      const found = await batchGetEntities(
        (keys) => DeliveryEntity.get(keys).go({ concurrency: 4 }),
        recipients.map((recipient) => ({ tenant, campaign, run, recipient })),
        { what: 'ledger entries' },
      );
      return new Map(found.map((d) => [d.recipient, { status: d.status, claimed_at: d.claimed_at }]));
    },
  };
}
