import pLimit from 'p-limit';

/**
 * Maps `items` through `work` with at most `limit` calls in flight, keeping the input order in
 * the result. The one bounded-concurrency helper of the functions (batch reads, imports,
 * per-row writes); it rejects with the first failure, like Promise.all.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const run = pLimit(Math.max(1, limit));
  return Promise.all(items.map((item, index) => run(() => work(item, index))));
}
