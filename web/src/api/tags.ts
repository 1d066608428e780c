import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Tag } from '@freguesia/shared/schemas/segmentation';
import { api } from './client';
import { exportFileName } from './download';
import {
  paginated,
  parseAnswer,
  tenantKey,
  type Paginated,
  type ServerListParams,
  type ServerListSource,
} from './query';

/**
 * Tag calls and their query hooks (spec part 1 §3 'Tag', §7 'Leads and tags'): the paged list,
 * the search while typing (customer tag field), export (xlsx), new, update and delete. Customers
 * carry their tags as descriptions, so renaming or deleting a tag also touches the customer queries.
 */

export type { Tag, Paginated };

export const TAGS_PAGE_SIZE = 50;

const TAGS = 'tags';

const TagAnswer = z.looseObject({
  id: z.number(),
  description: z.string(),
  population: z
    .number()
    .nullish()
    .transform((v) => v ?? 0),
  created_at: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  updated_at: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
});

const TagPage = paginated(TagAnswer);

/** One option of the tag search: what a customer stores is the description. */
export interface TagOption {
  id: number;
  description: string;
}

const TagOptionAnswer = z.looseObject({ id: z.coerce.number(), description: z.string() });

// ---------------------------------------------------------------- calls

export interface TagListQuery {
  page: number;
  per_page: number;
  q?: string;
}

/** GET /web/tags (page, q, per_page). */
export async function listTags(query: TagListQuery, signal?: AbortSignal): Promise<Paginated<Tag>> {
  const answer = await api.get('/web/tags', { query: { ...query, q: query.q?.trim() || undefined }, signal });
  return parseAnswer(TagPage, answer) as Paginated<Tag>;
}

/** The /tags list for `useServerList`. */
export const tagsList: ServerListSource<Tag, Record<string, never>> = {
  queryKey: ({ q, page, per_page }: ServerListParams<Record<string, never>>) =>
    tenantKey(TAGS, 'list', { q, page, per_page }),
  fetchPage: ({ q, page, per_page }, signal) => listTags({ q, page, per_page }, signal),
};

/** GET /web/tags/search?q — the tenant's tags whose description starts with what is typed. */
export async function searchTags(q: string, signal?: AbortSignal): Promise<TagOption[]> {
  const answer = await api.get<unknown>('/web/tags/search', { query: { q: q.trim() }, signal });
  const list = Array.isArray(answer) ? answer : (answer as { data?: unknown } | null)?.data;
  return parseAnswer(z.array(TagOptionAnswer), Array.isArray(list) ? list : []);
}

/** POST /web/tag/new, or with `id` PUT /web/tag/update. */
export const saveTag = ({ id, description }: { id?: number; description: string }) =>
  id === undefined
    ? api.post<unknown>('/web/tag/new', { description })
    : api.put<unknown>('/web/tag/update', { id, description });

/** DELETE /web/tag/delete?id (refused while customers carry the tag). */
export const deleteTag = (id: number) => api.delete<unknown>('/web/tag/delete', { query: { id } });

/** The server's file name when it sends one, else 'tag-<id>-<description>.xlsx'. */
export const tagExportFileName = (
  tag: { id: number; description: string },
  disposition: string | null,
): string => exportFileName(tag, disposition, 'tag', 'xlsx');

// ---------------------------------------------------------------- hooks

/** The tags matching what is typed (an empty text lists the first ones). */
export const useTagSearch = (q: string, enabled = true) =>
  useQuery({
    queryKey: tenantKey(TAGS, 'search', q.trim()),
    queryFn: ({ signal }) => searchTags(q, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Creates or renames a tag; lists, searches and customers (they show tags) are refreshed. */
export function useSaveTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTag,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tenantKey(TAGS) }),
        client.invalidateQueries({ queryKey: tenantKey('customers') }),
      ]),
  });
}

export function useDeleteTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(TAGS) }),
  });
}
