import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { isSendable } from '@freguesia/shared/schemas/communication';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { campaignChangeOf } from './campaign-state.service';
import { syncSchedule } from './schedules.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'communications-schedules';

/**
 * DynamoDB Streams entry: every change of an e-mail, SMS or push campaign puts its schedule in
 * step (created, moved, replaced or cancelled). Syncing reads the campaign as it is now, so
 * records delivered twice or out of order end the same way.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const latest = new Map<string, { tenant: string; id: number; sequence: string }>();
  for (const record of event.Records) {
    const change = campaignChangeOf(record);
    if (!change || !isSendable(change.type)) continue;
    latest.set(`${change.tenant}:${change.id}`, { tenant: change.tenant, id: change.id, sequence: record.dynamodb?.SequenceNumber ?? '' });
  }
  const failed: string[] = [];
  for (const { tenant, id, sequence } of latest.values()) {
    try {
      await syncSchedule(systemContext(tenant, PROCESSOR), id);
    } catch (error) {
      logger.error('communications: schedule sync failed', { tenant, id, error });
      failed.push(sequence);
    }
  }
  // Retried from the earliest failure (records after it are synced again: syncing is idempotent).
  const first = failed.sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  return { batchItemFailures: first !== undefined ? [{ itemIdentifier: first }] : [] };
}
