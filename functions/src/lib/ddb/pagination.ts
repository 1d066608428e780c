import * as z from 'zod';

/**
 * Page-number pagination as the spec's lists use it: `page` (1-based) and `per_page`,
 * answered with `{ data, pagination: { total, page, per_page, last_page } }`.
 */
export const pageQuery = (defaultPerPage: number, maxPerPage = 200) =>
  z.object({
    page: z.coerce.number().int().min(1, 'A página deve ser 1 ou maior.').default(1),
    per_page: z.coerce
      .number()
      .int()
      .min(1, 'per_page deve ser 1 ou maior.')
      .max(maxPerPage, `per_page deve ser no máximo ${maxPerPage}.`)
      .default(defaultPerPage),
  });

export interface Paginated<T> {
  data: T[];
  pagination: { total: number; page: number; per_page: number; last_page: number };
}

export function paginated<T>(data: T[], total: number, page: number, perPage: number): Paginated<T> {
  return {
    data,
    pagination: { total, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) },
  };
}

/** Slices an in-memory list (small per-tenant collections read whole). */
export function paginateArray<T>(items: T[], page: number, perPage: number): Paginated<T> {
  const start = (page - 1) * perPage;
  return paginated(items.slice(start, start + perPage), items.length, page, perPage);
}

type PageFetcher<T> = (args: {
  cursor: string | null;
  limit: number;
}) => Promise<{ data: T[]; cursor: string | null }>;

/**
 * Reads page `page` of an index-ordered query. DynamoDB has no offset, so earlier pages
 * are read and skipped in as few requests as the 1 MB limit allows (one request for the
 * first pages of typical lists). Use with a Query, never a Scan.
 */
export async function readPage<T>(fetch: PageFetcher<T>, page: number, perPage: number): Promise<T[]> {
  const wanted = page * perPage;
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const result = await fetch({ cursor, limit: wanted - items.length });
    items.push(...result.data);
    cursor = result.cursor;
  } while (cursor && items.length < wanted);
  return items.slice((page - 1) * perPage, wanted);
}
