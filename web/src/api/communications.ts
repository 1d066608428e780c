import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CampaignRow } from '@freguesia/shared/schemas/campaign-api';
import {
  AnalyticsRow,
  CommunicationDetails,
  SendEstimate,
  SendProgress,
  type CommunicationCampaign,
  type CommunicationType,
  type SendableType,
} from '@freguesia/shared/schemas/communication';
import { api } from './client';
import { paginated, parseAnswer, tenantKey, type Paginated } from './query';

/**
 * Communication campaigns (e-mail, templates, SMS, push, app art; spec part 3 §3, §7): they share
 * the campaign API (list, details, new, update, delete) with the discounts, told apart by `type`,
 * plus the sending calls of the communications domain (estimate, test e-mail, send now, progress,
 * pause / resume / cancel, analytics and a lead from an audience). Keys start with the tenant and
 * share the 'campaigns' root, so a save refreshes every campaign list.
 */

export type { AnalyticsRow, CommunicationDetails, SendEstimate, SendProgress };
export type CommunicationRow = z.output<typeof CampaignRow>;

const CAMPAIGNS = 'campaigns';
/** E-mail, SMS, template, push and art lists show 20 a page (spec part 3 §9). */
export const COMMUNICATIONS_PAGE_SIZE = 20;
const SavedAnswer = z.looseObject({ id: z.number() });
const Page = paginated(CampaignRow);

export interface CommunicationListParams {
  types: readonly CommunicationType[];
  page: number;
  q?: string;
  perPage?: number;
  /** Inactive ones too ('Ocultar inativas' off). */
  showInactive?: boolean;
  /** 'Excluídas': the deleted ones, kept for history (archived=Y). */
  archived?: boolean;
}

export const communicationListQuery = (p: CommunicationListParams) => ({
  page: p.page,
  per_page: p.perPage ?? COMMUNICATIONS_PAGE_SIZE,
  q: p.q?.trim() || undefined,
  types: p.types.join(','),
  show_actives: p.showInactive ? 'N' : 'Y',
  archived: p.archived ? 'Y' : undefined,
});

export const communicationListKey = (p: CommunicationListParams) =>
  tenantKey(CAMPAIGNS, 'list', communicationListQuery(p));

/** GET /web/campaigns?types=…: the list helper of part 3 §7. */
export async function listCommunications(
  p: CommunicationListParams,
  signal?: AbortSignal,
): Promise<Paginated<CommunicationRow>> {
  return parseAnswer(Page, await api.get('/web/campaigns', { query: communicationListQuery(p), signal }));
}

/** GET /web/campaign/details?id of a communication (archived=Y: a deleted one, read-only). */
export async function getCommunication(
  id: number | string,
  signal?: AbortSignal,
  archived = false,
): Promise<CommunicationDetails> {
  return parseAnswer(
    CommunicationDetails,
    await api.get('/web/campaign/details', {
      query: { id, ...(archived ? { archived: 'Y' } : {}) },
      signal,
    }),
  );
}

/** One communication (`undefined` id: nothing is fetched); editors read what the server has now. */
export const useCommunication = (id: number | string | undefined, options: { archived?: boolean } = {}) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, options.archived ? 'archived' : 'detail', String(id)),
    queryFn: ({ signal }) => getCommunication(id!, signal, options.archived),
    enabled: id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });

export type CommunicationPayload = z.input<typeof CommunicationCampaign>;

/** POST /web/campaign/new, or PUT /web/campaign/update with the id → {id}. */
export async function saveCommunication(body: CommunicationPayload): Promise<{ id: number }> {
  const answer =
    body.id === undefined
      ? await api.post('/web/campaign/new', body)
      : await api.put('/web/campaign/update', body);
  return parseAnswer(SavedAnswer, answer);
}

export function useSaveCommunication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCommunication,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CAMPAIGNS) }),
  });
}

/** DELETE /web/campaign/delete?id. */
export function useDeleteCommunication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      parseAnswer(SavedAnswer, await api.delete('/web/campaign/delete', { query: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CAMPAIGNS) }),
  });
}

/** GET /web/communications/estimate: recipients and estimated cost of a send to a lead, a list or everyone. */
export const useSendEstimate = (input: { type: SendableType; id_lead: number | null; recipients: string }) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, 'estimate', input),
    queryFn: async ({ signal }) =>
      parseAnswer(
        SendEstimate,
        await api.get('/web/communications/estimate', {
          query: {
            type: input.type,
            id_lead: input.id_lead ?? undefined,
            recipients: input.recipients || undefined,
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** POST /web/communications/email/test {email, subject, html}. */
export async function sendTestEmail(body: { email: string; subject: string; html: string }): Promise<string> {
  const answer = (await api.post('/web/communications/email/test', body)) as { message?: string };
  return answer.message ?? 'success';
}

/** POST /web/communications/push/test {document, title, header, body, url}: the notification to one customer's app. */
export async function sendTestPush(body: {
  document: string;
  title: string;
  header: string;
  body: string;
  url: string;
}): Promise<string> {
  const answer = (await api.post('/web/communications/push/test', body)) as { message?: string };
  return answer.message ?? 'success';
}

/** GET /web/communications/{id}/progress, refreshed every 2 s while a send runs. */
export const useSendProgress = (id: number | undefined) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, 'progress', String(id)),
    queryFn: async ({ signal }) =>
      parseAnswer(SendProgress, await api.get(`/web/communications/${id}/progress`, { signal })),
    enabled: id !== undefined,
    refetchInterval: (query) =>
      ['PLANNING', 'SENDING'].includes(query.state.data?.status ?? '') ? 2_000 : false,
  });

/** POST /web/communications/{id}/{send|pause|resume|cancel} → the progress. */
export function useSendAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'send' | 'pause' | 'resume' | 'cancel') =>
      parseAnswer(SendProgress, await api.post(`/web/communications/${id}/${action}`, {})),
    onSuccess: (progress) => {
      client.setQueryData(tenantKey(CAMPAIGNS, 'progress', String(id)), progress);
      void client.invalidateQueries({ queryKey: tenantKey(CAMPAIGNS) });
    },
  });
}

/** GET /web/campaigns/{id}/analytics: rows of action and quantity. */
export const useCampaignAnalytics = (id: number | undefined) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, 'analytics', String(id)),
    queryFn: async ({ signal }) =>
      parseAnswer(z.array(AnalyticsRow), await api.get(`/web/campaigns/${id}/analytics`, { signal })),
    enabled: id !== undefined,
    refetchInterval: 5_000,
  });

/** POST /web/campaigns/{id}/analytics/lead {title, filter[]} → {id} of the new lead. */
export async function leadFromAnalytics(
  id: number,
  body: { title: string; filter: string[] },
): Promise<{ id: number }> {
  return parseAnswer(SavedAnswer, await api.post(`/web/campaigns/${id}/analytics/lead`, body));
}

/** The e-mail templates (TEMAIL) a message can start from: up to 100, newest first (template selector). */
export const useEmailTemplates = (enabled = true) =>
  useQuery({
    queryKey: communicationListKey({ types: ['TEMAIL'], page: 1, perPage: 100 }),
    queryFn: ({ signal }) => listCommunications({ types: ['TEMAIL'], page: 1, perPage: 100 }, signal),
    enabled,
    staleTime: 30_000,
  });
