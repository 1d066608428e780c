import {
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { batchGet } from '../lib/ddb/batch';
import { dynamoClient, tableName } from '../lib/ddb/client';
import { plainImage } from '../lib/ddb/stream-images';
import { tableDefinition } from '../lib/ddb/table-definition';
import type { Counters, ItemDelta, Period, Scope } from './aggregates.model';

/**
 * The dashboard's counter items and the markers of the stream records already applied.
 *
 * Counters have names chosen at run time (channels, tags, hours), which an ElectroDB entity
 * cannot declare, so this repository writes them with the low-level client. Keys follow the
 * table's convention (tenant first, `$freguesia#tenant_<tenant>#…`) and never meet an
 * ElectroDB entity's keys. Reads decode numbers themselves, so a counter past 2^53 (never
 * reached with bounded amounts) would read rounded instead of failing the dashboard.
 */

const { partitionKey: PK, sortKey: SK, ttlAttribute: TTL } = tableDefinition;
/** Stream records are kept 24 h; a marker outlives any redelivery. */
const MARKER_TTL_SECONDS = 3 * 24 * 3600;
/** DynamoDB's limit of actions per transaction. */
export const TRANSACTION_MAX = 100;
const ATTEMPTS = 8;

const counterKey = (tenant: string, scope: Scope, period: Period): Record<string, AttributeValue> => ({
  [PK]: { S: `$freguesia#tenant_${tenant}#dashboard_${scope}` },
  [SK]: { S: `$dashboardcounters#period_${period}` },
});

const markerKey = (tenant: string, processor: string, eventId: string): Record<string, AttributeValue> => ({
  [PK]: { S: `$freguesia#tenant_${tenant}#streamrecord_${processor}_${eventId}` },
  [SK]: { S: '$streamrecord' },
});

function updateOf(delta: ItemDelta): TransactWriteItem {
  const entries = Object.entries(delta.add);
  return {
    Update: {
      TableName: tableName(),
      Key: counterKey(delta.tenant, delta.scope, delta.period),
      UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(
        entries.map(([, value], i) => [`:v${i}`, { N: String(value) }]),
      ),
    },
  };
}

/** Counter items of one tenant's dashboard. */
export function aggregatesRepository(tenant: string) {
  return {
    /**
     * Adds the deltas and creates one marker per record, all or nothing. When some record was
     * applied before (its marker exists) nothing is written and those records are answered, so
     * the caller can apply the rest without them. `records.length + deltas.length` ≤ 100.
     */
    async applyOnce(
      processor: string,
      records: string[],
      deltas: ItemDelta[],
      now: Date,
    ): Promise<{ applied: true } | { applied: false; alreadyApplied: string[] }> {
      const expiresAt = String(Math.floor(now.getTime() / 1000) + MARKER_TTL_SECONDS);
      const items: TransactWriteItem[] = [
        ...records.map((eventId) => ({
          Put: {
            TableName: tableName(),
            Item: { ...markerKey(tenant, processor, eventId), [TTL]: { N: expiresAt } },
            ConditionExpression: 'attribute_not_exists(#pk)',
            ExpressionAttributeNames: { '#pk': PK },
          },
        })),
        ...deltas.map(updateOf),
      ];
      for (let attempt = 1; ; attempt++) {
        try {
          await dynamoClient.send(new TransactWriteItemsCommand({ TransactItems: items }));
          return { applied: true };
        } catch (error) {
          if (!(error instanceof TransactionCanceledException)) throw error;
          const reasons = error.CancellationReasons ?? [];
          const duplicates = records.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed');
          if (duplicates.length > 0) return { applied: false, alreadyApplied: duplicates };
          const conflicting = reasons.some((r) => r.Code === 'TransactionConflict');
          if (!conflicting || attempt >= ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt + Math.random() * 50));
        }
      }
    },

    /**
     * Adds deltas without markers (a bulk load of records the stream processor will not deliver,
     * such as the local seed): one UpdateItem per counter item, a few in parallel.
     */
    async addDeltas(deltas: ItemDelta[]): Promise<void> {
      const updates = deltas.map((delta) => updateOf(delta).Update!);
      for (let i = 0; i < updates.length; i += 8) {
        await Promise.all(
          updates.slice(i, i + 8).map((update) => dynamoClient.send(new UpdateItemCommand(update))),
        );
      }
    },

    /** The month item and the total item of one scope (one BatchGetItem request). */
    async read(scope: Scope, month: Period): Promise<{ month: Counters; total: Counters }> {
      const keys = [counterKey(tenant, scope, month), counterKey(tenant, scope, 'total')];
      const found: Record<string, Counters> = {};
      const items = await batchGet(
        keys.map((key) => plainImage(key as never)),
        { what: 'dashboard counters' },
      );
      for (const item of items) {
        const { [PK]: _pk, [SK]: sk, ...counters } = item;
        found[String(sk)] = counters as Counters;
      }
      return {
        month: found[keys[0]![SK]!.S!] ?? {},
        total: found[keys[1]![SK]!.S!] ?? {},
      };
    },
  };
}
