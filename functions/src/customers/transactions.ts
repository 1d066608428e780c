import { customersService } from './entities';

/** The operations one transaction of the customers service may hold. */
type Writer = Parameters<typeof customersService.transaction.write>[0];
/** The entities handed to a transaction writer. */
export type TransactionEntities = Parameters<Writer>[0];

export interface TransactionOutcome {
  canceled: boolean;
  data: Array<{ rejected: boolean; code: string; message?: string }>;
}

/**
 * Runs a transaction, retrying when DynamoDB cancels it only because another transaction
 * touched the same item at the same moment (TransactionConflict: two registrations bumping
 * `total:customer`, two purchases of one customer). A failed condition is returned, not retried.
 */
export async function writeTransaction(writer: Writer, attempts = 5): Promise<TransactionOutcome> {
  for (let attempt = 1; ; attempt++) {
    const result = (await customersService.transaction.write(writer).go()) as TransactionOutcome;
    const conflict = result.canceled && result.data.some((op) => op.code === 'TransactionConflict');
    const conditionFailed = result.data.some((op) => op.code === 'ConditionalCheckFailed');
    if (!conflict || conditionFailed || attempt >= attempts) return result;
    await new Promise((resolve) => setTimeout(resolve, 15 * attempt + Math.random() * 40));
  }
}

/** Index of the first operation whose condition failed, or -1. */
export const failedIndex = (result: TransactionOutcome): number =>
  result.data.findIndex((op) => op.code === 'ConditionalCheckFailed');

export function transactionError(result: TransactionOutcome): Error {
  return new Error(`Transaction canceled: ${result.data.map((op) => op.code).join(',')}`);
}

let sequence = 0;

/** Event keys: the instant plus a per-container sequence (several events in one change). */
export function eventKey(at = new Date()): { at: string; seq: string } {
  sequence = (sequence + 1) % 1_000_000;
  return { at: at.toISOString(), seq: `${String(sequence).padStart(6, '0')}${Math.random().toString(36).slice(2, 6)}` };
}

/** Whether an ElectroDB/SDK error is a failed write condition (e.g. the item already exists). */
export function isConditionFailure(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e; depth++) {
    if ((e as { name?: string }).name === 'ConditionalCheckFailedException') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function runLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}
