import { conflict } from '../http/errors';

interface TransactionResult {
  canceled: boolean;
  data: Array<{ rejected: boolean; code: string; message?: string }>;
}

/**
 * Turns a canceled ElectroDB transaction into a 409 with the message of the first
 * operation whose condition failed. `conflicts[i]` is the message for operation i
 * (e.g. the uniqueness marker of an e-mail); other cancellations are rethrown as is.
 */
export function assertCommitted(result: TransactionResult, conflicts: Record<number, string>): void {
  if (!result.canceled) return;
  const failed = result.data.findIndex((op) => op.code === 'ConditionalCheckFailed');
  const message = conflicts[failed];
  if (failed >= 0 && message) throw conflict(message);
  throw new Error(`Transaction canceled: ${result.data.map((op) => op.code).join(',')}`);
}
