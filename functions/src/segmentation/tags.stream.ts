import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { customersChangeOf, type CustomersChange } from '../customers/changes.service';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { applyTagChanges } from './tags.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'segmentation-tags';

/**
 * DynamoDB Streams entry of the tag member index: the customers domain decodes its customer
 * records, the tags service applies them per tenant (idempotent puts and deletes). A tenant whose
 * changes fail is reported from its first record, so the batch is retried from there.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const byTenant = new Map<string, { changes: CustomersChange[]; first: DynamoDBRecord }>();
  for (const record of event.Records) {
    const change = customersChangeOf(record);
    if (change?.kind !== 'customer') continue;
    const entry = byTenant.get(change.tenant) ?? { changes: [], first: record };
    entry.changes.push(change);
    byTenant.set(change.tenant, entry);
  }
  const failed: string[] = [];
  for (const [tenant, { changes, first }] of byTenant) {
    try {
      await applyTagChanges(systemContext(tenant, PROCESSOR), changes);
    } catch (error) {
      logger.error('tag members failed', { tenant, error });
      failed.push(first.dynamodb?.SequenceNumber ?? '');
    }
  }
  const earliest = failed.sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  return { batchItemFailures: earliest !== undefined ? [{ itemIdentifier: earliest }] : [] };
}
