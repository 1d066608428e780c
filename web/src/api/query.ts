import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';

export { queryClient, tenantKey } from './query-client';

/** The spec's list answer: `data` + `pagination.total` (part 1 §7). */
export interface Paginated<T> {
  data: T[];
  pagination: { total: number; page: number; per_page: number; last_page: number; estimated?: boolean };
}

const pagination = z.object({
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  last_page: z.number(),
  estimated: z.boolean().optional(),
});

/** The zod schema of a paginated answer whose rows are `item`. */
export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination });

/**
 * Parses an answer with a shared schema. A mismatch is a bug between web and API: it throws
 * (the screen shows its error state) instead of rendering half-understood data.
 */
export function parseAnswer<T extends z.ZodType>(schema: T, answer: unknown): z.output<T> {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  throw new Error(
    `Resposta inesperada do servidor: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
  );
}

/** What a server-paged list asks for: the list hook (`components/table`) builds it from the screen's state. */
export interface ServerListParams<F> {
  /** The search text, debounced and trimmed ('' when empty). */
  q: string;
  page: number;
  per_page: number;
  filters: F;
}

/** How a domain's list is read (its api module gives it; the list hook of `components/table` takes it). */
export interface ServerListSource<T, F> {
  /** The query key for these params (tenant first). */
  queryKey: (params: ServerListParams<F>) => QueryKey;
  /** Fetches one page. */
  fetchPage: (params: ServerListParams<F>, signal: AbortSignal) => Promise<Paginated<T>>;
}

/**
 * A server-paged list: the previous page stays on screen while the next one loads
 * (`isPlaceholderData` tells the table to show its loading state without emptying).
 */
export function usePagedQuery<T>(
  key: QueryKey,
  fetcher: (signal: AbortSignal) => Promise<Paginated<T>>,
  enabled = true,
) {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetcher(signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
