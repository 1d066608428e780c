import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { systemContext, type ServiceContext } from '../context';
import { logger } from '../logger';

export interface TenantStreamProcessorOptions<T extends { tenant: string }> {
  /** The processor's name in `functions/src/streams.ts`: the system actor and the log prefix. */
  name: string;
  /**
   * Decodes one record into what `apply` receives (`tenant` included); `undefined` when the record
   * is not for this processor. A decoder that throws fails its record.
   */
  select: (record: DynamoDBRecord, index: number) => T | undefined;
  /**
   * Applies one tenant's items of the batch, in stream order. Must be idempotent: a failed batch
   * is retried from its earliest failed record, so items applied before are delivered again.
   */
  apply: (ctx: ServiceContext, items: T[]) => Promise<unknown>;
}

/** Stream sequence numbers are decimal strings of any length: compare them as numbers. */
export const compareSequenceNumbers = (a: string, b: string): number =>
  a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** The earliest of the failures (a DynamoDB stream is retried from the one it answers). */
export function earliestFailure(response: DynamoDBBatchResponse): DynamoDBBatchResponse {
  const first = response.batchItemFailures.map((f) => f.itemIdentifier).sort(compareSequenceNumbers)[0];
  return { batchItemFailures: first === undefined ? [] : [{ itemIdentifier: first }] };
}

interface TenantGroup<T> {
  tenant: string;
  items: T[];
  applied?: Promise<unknown>;
}

/**
 * A DynamoDB Streams Lambda handler that applies a batch per tenant (Powertools' `BatchProcessor`,
 * partial batch responses): each record is decoded by `select`, the items are grouped by tenant
 * (tenants in the order of their first record) and each tenant's items are applied together by
 * `apply` with a system context of that tenant. When a tenant's apply fails, all its records fail,
 * and the answer names only the earliest failed record: records of a shard are ordered, and Lambda
 * (like the local poller) retries the batch from there, so nothing after it is lost and what was
 * applied meanwhile is delivered again (hence idempotent processors).
 */
export function tenantStreamProcessor<T extends { tenant: string }>(
  options: TenantStreamProcessorOptions<T>,
): (event: DynamoDBStreamEvent, context?: Context) => Promise<DynamoDBBatchResponse> {
  const { name, select, apply } = options;
  return async (event, context) => {
    const groups = new Map<string, TenantGroup<T>>();
    const ofRecord = new Map<DynamoDBRecord, TenantGroup<T> | { error: unknown }>();
    (event.Records ?? []).forEach((record, index) => {
      let item: T | undefined;
      try {
        item = select(record, index);
      } catch (error) {
        ofRecord.set(record, { error });
        return;
      }
      if (!item) return;
      let group = groups.get(item.tenant);
      if (!group) {
        group = { tenant: item.tenant, items: [] };
        groups.set(item.tenant, group);
      }
      group.items.push(item);
      ofRecord.set(record, group);
    });

    const recordHandler = async (record: DynamoDBRecord): Promise<void> => {
      const group = ofRecord.get(record);
      if (!group) return;
      if ('error' in group) {
        logger.error(`${name}: record not decoded`, {
          sequenceNumber: record.dynamodb?.SequenceNumber,
          error: group.error,
        });
        throw group.error;
      }
      // The tenant's first record applies the group; its other records share the outcome.
      group.applied ??= apply(systemContext(group.tenant, name), group.items).catch((error: unknown) => {
        logger.error(`${name}: tenant failed`, { tenant: group.tenant, records: group.items.length, error });
        throw error;
      });
      await group.applied;
    };

    const response = await processPartialResponse(
      event,
      recordHandler,
      new BatchProcessor(EventType.DynamoDBStreams),
      {
        context,
        processInParallel: false,
        throwOnFullBatchFailure: false,
      },
    );
    return earliestFailure(response as DynamoDBBatchResponse);
  };
}
