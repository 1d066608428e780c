import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { customerRecordChangeOf, type CustomerRecordChange } from '../customers/changes.service';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { applyCustomerRecordChanges, newBatchCache } from './profiles.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'segmentation-profiles';

/**
 * DynamoDB Streams entry of the segmentation profiles: the customers domain decodes its customer
 * and purchase records, the profiles service applies them per tenant (each purchase once, by its
 * marker) and re-evaluates the customers they touched against the tenant's segmentation leads.
 * A tenant whose changes fail is reported from its first record, so the batch is retried from
 * there; what was applied meanwhile is idempotent (facts replaced, purchases marked).
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const byTenant = new Map<string, { changes: CustomerRecordChange[]; first: DynamoDBRecord }>();
  for (const record of event.Records) {
    const change = customerRecordChangeOf(record);
    if (!change) continue;
    const entry = byTenant.get(change.tenant) ?? { changes: [], first: record };
    entry.changes.push(change);
    byTenant.set(change.tenant, entry);
  }
  const cache = newBatchCache();
  const failed: DynamoDBRecord[] = [];
  for (const [tenant, { changes, first }] of byTenant) {
    try {
      await applyCustomerRecordChanges(systemContext(tenant, PROCESSOR), changes, cache);
    } catch (error) {
      logger.error('segmentation profiles failed', { tenant, error });
      failed.push(first);
    }
  }
  const firstFailed = failed
    .map((r) => r.dynamodb?.SequenceNumber ?? '')
    .sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  return { batchItemFailures: firstFailed !== undefined ? [{ itemIdentifier: firstFailed }] : [] };
}
