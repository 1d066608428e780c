import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  LEAD_ORIGINS,
  LEAD_STATUSES,
  type Lead,
  type LeadMember,
} from '@freguesia/shared/schemas/segmentation';
import { ANY_CAMPAIGN, type LookupSource } from '@freguesia/shared/segmentation/conditions';
import { api } from './client';
import { paginated, parseAnswer, tenantKey, type Paginated } from './query';

/**
 * Lead calls and their query hooks (spec part 1 §7 'Leads and tags'): the paged list, details,
 * export, save, delete, the population preview of a segmentation filter, and the lookups the
 * condition rows search while typing.
 */

export type { Lead, LeadMember, Paginated };

export const LEADS_PAGE_SIZE = 50;
/** How often the list asks again while a lead is Pendente or Executando. */
export const LEAD_STATUS_POLL_MS = 3_000;

const LEADS = 'leads';

const LeadRow = z.looseObject({
  key: z.string(),
  condition: z.string().optional(),
  option: z.string(),
  value: z.unknown().optional(),
});

export const LeadAnswer = z.looseObject({
  id: z.number(),
  description: z.string(),
  origin: z.enum(LEAD_ORIGINS),
  filter: z
    .array(LeadRow)
    .nullish()
    .transform((rows) => rows ?? []),
  status: z.enum(LEAD_STATUSES),
  always_valid: z.enum(['Y', 'N']),
  valid_until: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  auto_refresh: z.enum(['Y', 'N']),
  frequency_refresh: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  population: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

const LeadMemberAnswer = z.looseObject({
  id_customer: z.number(),
  document: z.string(),
  fullname: z.string(),
  email: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  cellphone: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});

const LeadDetailsAnswer = LeadAnswer.extend({ customers: z.array(LeadMemberAnswer).optional() });
export type LeadDetails = Lead & { customers?: LeadMember[] };

const LeadPage = paginated(LeadAnswer);

// ---------------------------------------------------------------- calls

export interface LeadListParams {
  page: number;
  q?: string;
  perPage?: number;
}

export const leadListKey = (params: LeadListParams) =>
  tenantKey(LEADS, 'list', {
    page: params.page,
    q: params.q?.trim() ?? '',
    perPage: params.perPage ?? LEADS_PAGE_SIZE,
  });

/** GET /web/leads (page, q, per_page). */
export async function listLeads(params: LeadListParams, signal?: AbortSignal): Promise<Paginated<Lead>> {
  const answer = await api.get('/web/leads', {
    query: {
      page: params.page,
      per_page: params.perPage ?? LEADS_PAGE_SIZE,
      q: params.q?.trim() || undefined,
    },
    signal,
  });
  return parseAnswer(LeadPage, answer) as Paginated<Lead>;
}

/** GET /web/lead/details?id: the lead and, for F/M/E, its first customers. */
export async function getLead(id: number | string, signal?: AbortSignal): Promise<LeadDetails> {
  return parseAnswer(
    LeadDetailsAnswer,
    await api.get('/web/lead/details', { query: { id }, signal }),
  ) as LeadDetails;
}

export const deleteLead = (id: number) => api.delete<unknown>('/web/lead/delete', { query: { id } });

const LeadMemberRow = z.object({
  id_customer: z.number(),
  document: z.string(),
  fullname: z.string(),
  email: z.string().nullable(),
  cellphone: z.string().nullable(),
});
const LeadMembersAnswer = z.object({
  data: z.array(LeadMemberRow),
  total: z.number(),
  cursor: z.string().nullable(),
});
export type LeadMembersPage = z.infer<typeof LeadMembersAnswer>;

/** GET /web/lead/members?id&cursor&q: 'Detalhes' — 50 members a page, or those a search finds. */
export async function getLeadMembers(
  id: number | string,
  params: { cursor?: string; q?: string },
  signal?: AbortSignal,
): Promise<LeadMembersPage> {
  return parseAnswer(
    LeadMembersAnswer,
    await api.get('/web/lead/members', {
      query: { id, cursor: params.cursor || undefined, q: params.q?.trim() || undefined },
      signal,
    }),
  );
}

export const useLeadMembers = (id: number | string | undefined, params: { cursor?: string; q?: string }) =>
  useQuery({
    queryKey: tenantKey(LEADS, 'members', String(id), params.cursor ?? '', params.q ?? ''),
    queryFn: ({ signal }) => getLeadMembers(id!, params, signal),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });

export interface SaveLeadInput {
  id?: number;
  body: Record<string, unknown>;
  /** Update only: 'Y' adds the customers sent to the current ones, 'N' replaces them. */
  keepOldCustomers?: boolean;
}

/** POST /web/lead/new, or PUT /web/lead/update?keep_old_customers= with the id. */
export const saveLead = ({ id, body, keepOldCustomers }: SaveLeadInput) =>
  id === undefined
    ? api.post<unknown>('/web/lead/new', body)
    : api.put<unknown>(
        '/web/lead/update',
        { ...body, id },
        { query: { keep_old_customers: keepOldCustomers ? 'Y' : 'N' } },
      );

/** POST /web/leads/preview: the population the filter would have now (estimated on large bases). */
export async function previewPopulation(
  filter: unknown[],
  signal?: AbortSignal,
): Promise<{ population: number; estimated: boolean }> {
  const answer = await api.post('/web/leads/preview', { filter }, { signal });
  return parseAnswer(z.object({ population: z.number(), estimated: z.boolean().default(false) }), answer);
}

// ---------------------------------------------------------------- lookups of the condition rows

/** One option of a lookup: the stored item (id or name) and what is shown. */
export interface LookupOption {
  value: string;
  label: string;
  description?: string;
}

/** Sources searched with what is typed; the others load their whole (short) list once. */
export const SEARCHED_SOURCES: ReadonlySet<LookupSource> = new Set([
  'cities',
  'products',
  'tags',
  'brands',
  'partners',
]);

const idOf = z.union([z.number(), z.string()]).transform(String);
const listOf = (answer: unknown): unknown[] =>
  Array.isArray(answer)
    ? answer
    : Array.isArray((answer as { data?: unknown } | null)?.data)
      ? (answer as { data: unknown[] }).data
      : [];
const rows = <S extends z.ZodType>(item: S, answer: unknown) => parseAnswer(z.array(item), listOf(answer));

/** Fetches the options of a lookup source (`q` is used by the searched sources). */
export async function fetchLookup(
  source: LookupSource,
  q: string,
  signal?: AbortSignal,
): Promise<LookupOption[]> {
  const get = (path: string, query?: Record<string, string | number>) =>
    api.get<unknown>(path, { query, signal });
  switch (source) {
    case 'cities':
      // {id, name, state} (plan) or {ibge, city, state} (IBGE list): the IBGE code is the id either way.
      return rows(
        z.looseObject({
          id: idOf.optional(),
          ibge: idOf.optional(),
          name: z.string().optional(),
          city: z.string().optional(),
          state: z.string().nullish(),
        }),
        await get('/web/cities/search', { q }),
      )
        .map((c) => ({
          value: c.id ?? c.ibge ?? '',
          label: [c.name ?? c.city ?? '', c.state].filter(Boolean).join('/'),
        }))
        .filter((c) => c.value !== '');
    case 'products':
      return rows(
        z.looseObject({ id: idOf, description: z.string(), code: z.string().nullish() }),
        await get('/web/products/search', { q, page: 1, per_page: 20 }),
      ).map((p) => ({
        value: p.id,
        label: p.description,
        description: p.code ? `EAN ${p.code}` : undefined,
      }));
    case 'categories':
      return rows(
        z.looseObject({ id: idOf, description: z.string() }),
        await get('/web/categories', { page: 1, per_page: 5000 }),
      ).map((c) => ({
        value: c.id,
        label: c.description,
      }));
    case 'tags':
      return rows(z.looseObject({ description: z.string() }), await get('/web/tags/search', { q })).map(
        (t) => ({ value: t.description, label: t.description }),
      );
    case 'stores':
      return rows(z.looseObject({ id: idOf, name: z.string() }), await get('/web/stores')).map((s) => ({
        value: s.id,
        label: s.name,
      }));
    case 'channels':
      return rows(z.looseObject({ channel: z.string() }), await get('/web/customers/channels')).map((c) => ({
        value: c.channel,
        label: c.channel,
      }));
    case 'segments':
      return rows(z.looseObject({ segment: z.string() }), await get('/web/customers/segments')).map((s) => ({
        value: s.segment,
        label: s.segment,
      }));
    case 'origins':
      return rows(z.looseObject({ origin: z.string() }), await get('/web/baskets/origins')).map((o) => ({
        value: o.origin,
        label: o.origin,
      }));
    case 'brands':
      return rows(
        z.looseObject({ id: idOf, description: z.string() }),
        await get('/web/brand/search', { q }),
      ).map((b) => ({ value: b.id, label: b.description }));
    case 'partners':
      return rows(
        z.looseObject({ id: idOf, name: z.string().optional(), description: z.string().optional() }),
        await get('/web/partner/search', { q }),
      ).map((p) => ({
        value: p.id,
        label: p.name ?? p.description ?? p.id,
      }));
    case 'campaigns': {
      const any: LookupOption = { value: ANY_CAMPAIGN, label: 'Qualquer campanha' };
      // The campaign list comes with the campaigns issue; until it answers, only 'any campaign'.
      try {
        const found = rows(
          z.looseObject({ id: idOf, description: z.string() }),
          await get('/web/campaigns/simple'),
        );
        return [any, ...found.map((c) => ({ value: c.id, label: c.description }))];
      } catch {
        return [any];
      }
    }
    case 'leads':
      return rows(
        z.looseObject({ id: idOf, description: z.string(), population: z.number().optional() }),
        await get('/web/leads/valid'),
      ).map((l) => ({
        value: l.id,
        label: l.description,
        description:
          l.population === undefined ? undefined : `${l.population.toLocaleString('pt-BR')} cliente(s)`,
      }));
  }
}

/** The name of one stored id of a searched source (editing a saved lead), or undefined. */
export async function lookupLabel(
  source: LookupSource,
  id: string,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (source === 'cities') {
    if (!/^\d{7}$/.test(id)) return undefined;
    try {
      const city = z.looseObject({ ibge: idOf, city: z.string(), state: z.string().nullish() });
      const found = rows(
        city,
        await api.get<unknown>('/web/cities/search', { query: { q: id }, signal }),
      ).find((c) => c.ibge === id);
      return found ? [found.city, found.state].filter(Boolean).join('/') : undefined;
    } catch {
      return undefined;
    }
  }
  const named = z.looseObject({ description: z.string().optional(), name: z.string().optional() });
  const path =
    source === 'products'
      ? `/web/product/${id}`
      : source === 'brands'
        ? `/web/brand/${id}`
        : source === 'partners'
          ? `/web/partner/${id}`
          : undefined;
  if (!path || !/^\d+$/.test(id)) return undefined;
  try {
    const found = parseAnswer(named, await api.get(path, { signal }));
    return found.description ?? found.name;
  } catch {
    return undefined;
  }
}

/** The options of a lookup for what is typed (`enabled` false: nothing is fetched). */
export const useLookup = (source: LookupSource, q: string, enabled = true) =>
  useQuery({
    queryKey: tenantKey(LEADS, 'lookup', source, SEARCHED_SOURCES.has(source) ? q : ''),
    queryFn: ({ signal }) => fetchLookup(source, q, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** Names of stored ids of a searched source (products, brands, partners) for a saved lead's rows. */
export const useLookupLabels = (source: LookupSource, ids: readonly string[]) =>
  useQuery({
    queryKey: tenantKey(LEADS, 'labels', source, [...ids].sort()),
    queryFn: async ({ signal }) => {
      const names = await Promise.all(
        ids.map(async (id) => [id, await lookupLabel(source, id, signal)] as const),
      );
      return new Map(names.filter((entry): entry is readonly [string, string] => entry[1] !== undefined));
    },
    enabled:
      ids.length > 0 &&
      (source === 'products' || source === 'brands' || source === 'partners' || source === 'cities'),
    staleTime: Infinity,
  });

// ---------------------------------------------------------------- hooks

/** One lead with its details (`undefined` id: the new-lead form). */
export const useLead = (id: number | string | undefined) =>
  useQuery({
    queryKey: tenantKey(LEADS, 'detail', String(id)),
    queryFn: ({ signal }) => getLead(id!, signal),
    enabled: id !== undefined,
    // The form starts from what the server has now, never from a cached copy.
    staleTime: 0,
    gcTime: 0,
  });

/**
 * The same page as the list shows, polled every few seconds while some lead on it is Pendente
 * or Executando, and no longer once every one is Pronto (the list's own query shares the cache).
 */
export const useLeadStatusPoll = (params: LeadListParams, enabled: boolean) =>
  useQuery({
    queryKey: leadListKey(params),
    queryFn: ({ signal }) => listLeads(params, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((lead) => lead.status !== 'D') ? LEAD_STATUS_POLL_MS : false,
  });

/** The population a complete filter would have (debounced by the caller). */
export const useLeadPreview = (filter: unknown[] | undefined) =>
  useQuery({
    queryKey: tenantKey(LEADS, 'preview', filter),
    queryFn: ({ signal }) => previewPopulation(filter!, signal),
    enabled: filter !== undefined && filter.length > 0,
    staleTime: 30_000,
    retry: false,
  });

export function useSaveLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveLead,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(LEADS) }),
  });
}

export function useDeleteLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteLead(id),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(LEADS) }),
  });
}
