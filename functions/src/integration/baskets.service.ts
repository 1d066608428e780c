import type { ServiceContext } from '../lib/context';
import { fieldErrors, invalid } from '../lib/errors';
import { ingestBaskets, type IngestResult, type NewBasket } from '../customers/baskets.service';
import { basketInput, basketRows } from './baskets.schema';

/** The answer to a POS request: counts, then one result per row in request order. */
export interface BasketsReceipt {
  accepted: number;
  duplicates: number;
  rejected: number;
  results: IngestResult[];
}

/**
 * Receives a POS request body (see `baskets.schema.ts` for the contract). Every row is
 * validated on its own: rejected rows come back with their errors, accepted rows are stored
 * by the customers domain (`ingestBaskets`), replays answer the stored id with
 * `duplicate: true`. A body with no rows (or too many) is refused whole.
 */
export async function receiveBaskets(ctx: ServiceContext, body: unknown): Promise<BasketsReceipt> {
  const rows = basketRows(body);
  if (typeof rows === 'string') throw invalid(rows);
  const schema = basketInput(ctx.now);
  const results: IngestResult[] = [];
  const accepted: { index: number; basket: NewBasket }[] = [];
  rows.forEach((row, index) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) accepted.push({ index, basket: parsed.data });
    else results.push({ index, id: null, errors: fieldErrors(parsed.error) });
  });
  results.push(...(await ingestBaskets(ctx, accepted)));
  results.sort((a, b) => a.index - b.index);
  return {
    accepted: results.filter((r) => r.id !== null && !r.duplicate).length,
    duplicates: results.filter((r) => r.duplicate).length,
    rejected: results.filter((r) => r.errors).length,
    results,
  };
}
