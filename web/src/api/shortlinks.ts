import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShortLink, ShortLinkList, ShortLinkVisits } from '@freguesia/shared/schemas/shortlink';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/**
 * Short links (spec part 3 §7): GET /web/shortlinks?active&filter&per_page=9999 (rows in
 * `data.data`), POST /web/shortlinks, PUT and DELETE /web/shortlinks/{id}; beyond the spec, the
 * visits per day of a link. Failures carry their text in `data.error` (read by the client).
 */

export type { ShortLink, ShortLinkList, ShortLinkVisits };

const SHORTLINKS = 'shortlinks';
/** The screen fetches every link at once (spec §9). */
export const SHORTLINKS_PER_PAGE = 9999;

/** What the modal sends: the spec's four fields plus the optional expiry and limit. */
export interface ShortLinkBody {
  description: string;
  active: boolean;
  url: string;
  slug: string;
  expires_at: string | null;
  max_visits: number | null;
}

export async function listShortLinks(
  params: { active: boolean | undefined; filter: string },
  signal?: AbortSignal,
): Promise<ShortLinkList> {
  return parseAnswer(
    ShortLinkList,
    await api.get('/web/shortlinks', {
      query: { active: params.active, filter: params.filter || undefined, per_page: SHORTLINKS_PER_PAGE },
      signal,
    }),
  );
}

export async function saveShortLink({ id, body }: { id?: number; body: ShortLinkBody }): Promise<ShortLink> {
  const answer =
    id === undefined ? await api.post('/web/shortlinks', body) : await api.put(`/web/shortlinks/${id}`, body);
  return parseAnswer(ShortLink, answer);
}

export async function deleteShortLink(id: number): Promise<void> {
  await api.delete(`/web/shortlinks/${id}`);
}

export async function shortLinkVisits(
  id: number,
  days: number,
  signal?: AbortSignal,
): Promise<ShortLinkVisits> {
  return parseAnswer(
    ShortLinkVisits,
    await api.get(`/web/shortlinks/${id}/visits`, { query: { days }, signal }),
  );
}

// ---------------------------------------------------------------- hooks

export const useShortLinks = (params: { active: boolean | undefined; filter: string }) =>
  useQuery({
    queryKey: tenantKey(SHORTLINKS, 'list', params.active ?? 'all', params.filter),
    queryFn: ({ signal }) => listShortLinks(params, signal),
    placeholderData: keepPreviousData,
  });

export function useSaveShortLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveShortLink,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(SHORTLINKS) }),
  });
}

export function useDeleteShortLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteShortLink,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(SHORTLINKS) }),
  });
}

export const useShortLinkVisits = (id: number | undefined, days: number) =>
  useQuery({
    queryKey: tenantKey(SHORTLINKS, 'visits', id, days),
    queryFn: ({ signal }) => shortLinkVisits(id!, days, signal),
    enabled: id !== undefined,
  });
