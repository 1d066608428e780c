import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { customersChangeOf } from '../customers/changes.service';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { applyCustomersChanges, type RecordedChange } from './dashboard.service';

/** The processor's name in `functions/src/streams.ts` (also the prefix of its markers). */
export const PROCESSOR = 'dashboard-aggregates';

/**
 * DynamoDB Streams entry of the dashboard: the customers domain decodes its purchase and
 * customer records, the dashboard service applies them per tenant, exactly once per record.
 * A tenant whose changes fail is reported from its first record (ReportBatchItemFailures), so
 * the batch is retried from there; records applied meanwhile are skipped by their markers.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const byTenant = new Map<string, { changes: RecordedChange[]; records: DynamoDBRecord[] }>();
  event.Records.forEach((record, i) => {
    const change = customersChangeOf(record);
    if (!change) return;
    const entry = byTenant.get(change.tenant) ?? { changes: [], records: [] };
    entry.changes.push({ eventId: record.eventID ?? `${record.dynamodb?.SequenceNumber ?? i}`, change });
    entry.records.push(record);
    byTenant.set(change.tenant, entry);
  });
  const failed: DynamoDBRecord[] = [];
  for (const [tenant, { changes, records }] of byTenant) {
    try {
      await applyCustomersChanges(systemContext(tenant, PROCESSOR), PROCESSOR, changes);
    } catch (error) {
      logger.error('dashboard aggregates failed', { tenant, error });
      failed.push(records[0]!);
    }
  }
  const first = failed
    .map((r) => r.dynamodb?.SequenceNumber ?? '')
    .sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  return { batchItemFailures: first !== undefined ? [{ itemIdentifier: first }] : [] };
}
