import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CampaignRow } from '@freguesia/shared/schemas/campaign-api';
import { TvInfo, TvLink, TvPrice, TvProduct, type TvCampaign } from '@freguesia/shared/schemas/tv';
import { useCampaignOfKind, useSaveCampaign } from './campaigns';
import { api } from './client';
import { paginated, parseAnswer, tenantKey, type Paginated } from './query';

/**
 * TV campaigns (spec part 2 §2.2): the list (type TV, page 10), details and saves through the
 * campaigns' own paths, and the tv domain's screen links and price simulation.
 */

/** The TV list shows 10 rows a page (spec part 2 §2, §9). */
export const TV_PAGE_SIZE = 10;
const CAMPAIGNS = 'campaigns';

const TvPage = paginated(CampaignRow);

/** GET /web/campaign/details of a TV campaign. */
export const TvDetails = z.object({
  id: z.number(),
  description: z.string(),
  type: z.literal('TV'),
  active: z.enum(['Y', 'N']),
  start_at: z.string(),
  end_at: z.string(),
  updated_at: z.string(),
  info: TvInfo,
  stores: z.array(z.object({ id_store: z.number() })),
  products: z.array(z.intersection(TvProduct, z.object({ description: z.string().nullable() }))),
  /** A deleted campaign (archived=Y): when it was deleted. */
  archived_at: z.string().optional(),
});
export type TvDetails = z.output<typeof TvDetails>;

export interface TvListParams {
  page: number;
  q?: string;
  showInactive: boolean;
  /** 'Excluídas': the deleted campaigns (archived=Y) instead of the live ones. */
  archived?: boolean;
}

const listQuery = (p: TvListParams) => ({
  page: p.page,
  per_page: TV_PAGE_SIZE,
  q: p.q?.trim() || undefined,
  type: 'TV',
  show_actives: p.showInactive ? 'N' : 'Y',
  archived: p.archived ? 'Y' : undefined,
});

export const tvListKey = (p: TvListParams) => tenantKey(CAMPAIGNS, 'list', listQuery(p));

/** GET /web/campaigns?type=TV. */
export async function listTvCampaigns(
  p: TvListParams,
  signal?: AbortSignal,
): Promise<Paginated<CampaignRow>> {
  return parseAnswer(TvPage, await api.get('/web/campaigns', { query: listQuery(p), signal }));
}

/** A TV campaign's details (`archived`: a deleted one, read-only). */
export const useTvCampaign = (id: number | undefined, archived = false) =>
  useCampaignOfKind(TvDetails, id, undefined, { archived });

export type TvPayload = z.input<typeof TvCampaign>;

export const useSaveTvCampaign = () => useSaveCampaign<TvPayload>();

/** GET /web/tv/links?id: each store's screen link. */
export const useTvLinks = (id: number) =>
  useQuery({
    queryKey: tenantKey('tv', 'links', id),
    queryFn: async ({ signal }) =>
      parseAnswer(
        z.object({ data: z.array(TvLink) }),
        await api.get('/web/tv/links', { query: { id }, signal }),
      ).data,
  });

/** POST /web/tv/links/regenerate: new links, the old ones revoked. */
export function useRegenerateTvLinks(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseAnswer(z.object({ data: z.array(TvLink) }), await api.post('/web/tv/links/regenerate', { id }))
        .data,
    onSuccess: (links) => client.setQueryData(tenantKey('tv', 'links', id), links),
  });
}

/** GET /web/tv/prices: the prices of the codes at the store (centavos). */
export async function tvPrices(idStore: number, codes: readonly string[]): Promise<Map<string, TvPrice>> {
  const answer = new Map<string, TvPrice>();
  for (let i = 0; i < codes.length; i += 100) {
    const chunk = codes.slice(i, i + 100);
    const { data } = parseAnswer(
      z.object({ data: z.array(TvPrice) }),
      await api.get('/web/tv/prices', { query: { id_store: idStore, codes: chunk.join(',') } }),
    );
    for (const p of data) answer.set(p.code, p);
  }
  return answer;
}
