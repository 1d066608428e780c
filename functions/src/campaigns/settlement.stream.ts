import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { storedPurchaseOf, type StoredPurchase } from '../customers/changes.service';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { settlePurchases } from './checkout.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'campaigns-settlement';

/**
 * DynamoDB Streams entry of the checkout settlement: every purchase stored by POS ingestion settles
 * the checkout sessions that priced it (store, checkout, coupon), per tenant. Settling is
 * conditioned on the session still being open, so a redelivered record changes nothing; a tenant
 * whose purchases fail is reported from its first record and retried from there.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const byTenant = new Map<string, { purchases: StoredPurchase[]; first: DynamoDBRecord }>();
  for (const record of event.Records) {
    const purchase = storedPurchaseOf(record);
    if (!purchase) continue;
    const entry = byTenant.get(purchase.tenant) ?? { purchases: [], first: record };
    entry.purchases.push(purchase);
    byTenant.set(purchase.tenant, entry);
  }
  const failed: DynamoDBRecord[] = [];
  for (const [tenant, { purchases, first }] of byTenant) {
    try {
      await settlePurchases(systemContext(tenant, PROCESSOR), purchases);
    } catch (error) {
      logger.error('checkout settlement failed', { tenant, error });
      failed.push(first);
    }
  }
  const firstFailed = failed
    .map((r) => r.dynamodb?.SequenceNumber ?? '')
    .sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  return { batchItemFailures: firstFailed !== undefined ? [{ itemIdentifier: firstFailed }] : [] };
}
