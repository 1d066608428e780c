import { conflict } from '../errors';

/** What an ElectroDB `transaction.write(...).go()` answers. */
export interface TransactionOutcome {
  canceled: boolean;
  data: Array<{ rejected: boolean; code: string; message?: string }>;
}

export interface WriteTransactionOptions {
  /** Attempts in all, the first included (default 6). */
  attempts?: number;
}

/**
 * Runs a transaction, retrying (with jittered backoff) while DynamoDB cancels it only because
 * another transaction touched one of its items at the same moment (`TransactionConflict`: two
 * registrations bumping one counter, two purchases of one customer). A failed condition is a
 * real answer and is returned at once, never retried. `run` must build the whole transaction
 * again on each call.
 *
 *   const result = await writeTransaction(() => customersService.transaction.write(...).go());
 *   assertCommitted(result, { 1: 'CPF já cadastrado.' });
 */
export async function writeTransaction(
  run: () => Promise<TransactionOutcome | { canceled: boolean; data: unknown[] }>,
  { attempts = 6 }: WriteTransactionOptions = {},
): Promise<TransactionOutcome> {
  for (let attempt = 1; ; attempt++) {
    const result = (await run()) as TransactionOutcome;
    if (!result.canceled) return result;
    const conflicting = result.data.some((op) => op.code === 'TransactionConflict');
    if (!conflicting || failedIndex(result) >= 0 || attempt >= attempts) return result;
    await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + Math.random() * 40));
  }
}

/** Index of the first operation whose condition failed, or -1. */
export const failedIndex = (result: TransactionOutcome): number =>
  result.data.findIndex((op) => op.code === 'ConditionalCheckFailed');

/** An unexpected cancellation (throttling, repeated conflicts): a plain error, answered 500. */
export function transactionError(result: TransactionOutcome): Error {
  return new Error(`Transaction canceled: ${result.data.map((op) => op.code ?? 'None').join(',')}`);
}

/**
 * Turns a canceled transaction into a domain `conflict` with the message of the first
 * operation whose condition failed. `conflicts[i]` is the message for operation i (e.g. the
 * uniqueness marker of an e-mail); any other cancellation is thrown as a plain error.
 */
export function assertCommitted(result: TransactionOutcome, conflicts: Record<number, string>): void {
  if (!result.canceled) return;
  const failed = failedIndex(result);
  const message = conflicts[failed];
  if (failed >= 0 && message) throw conflict(message);
  throw transactionError(result);
}

/**
 * Whether an ElectroDB / SDK error is a failed write condition (the item already exists, or
 * a `where` clause did not hold). ElectroDB wraps the SDK error, so the cause chain is walked.
 */
export function isConditionFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { name, code } = current as { name?: string; code?: string };
    if (name === 'ConditionalCheckFailedException' || code === 'ConditionalCheckFailedException') return true;
    const next = current as { cause?: unknown; originalError?: unknown };
    current = next.cause ?? next.originalError;
  }
  return /conditional request failed/i.test(String((error as Error | undefined)?.message ?? ''));
}
