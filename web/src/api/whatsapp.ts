import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput, ChannelView, WhatsappCampaignInput } from '@freguesia/shared/schemas/whatsapp';
import { WHATSAPP_PAGE_SIZE, type FlowItem, type WhatsappStatus } from '@freguesia/shared/domain/whatsapp';
import { api } from './client';
import { tenantKey, type Paginated, type ServerListParams } from './query';

/**
 * WhatsApp (spec part 3 §2 'WhatsApp campaigns', 'Dashboard WhatsApp', 'Central de Atendimentos',
 * §7): the service channels and their live connection calls, the campaigns, the audience counters
 * and the report. Keys start with the tenant; campaign keys share the 'campaigns' root, so a save
 * also refreshes the other campaign lists.
 */

export type { ChannelInput, ChannelView, WhatsappCampaignInput };

const CHANNELS = 'whatsapp-channels';
const CAMPAIGNS = 'campaigns';
const CHANNEL = '/web/customer-service/channel';

// ------------------------------------------------------------------ channels

/** GET /web/customer-service/channel: every channel, secrets never in clear. */
export const useChannels = (enabled = true) =>
  useQuery({
    queryKey: tenantKey(CHANNELS, 'list'),
    queryFn: ({ signal }) => api.get<ChannelView[]>(CHANNEL, { signal }),
    enabled,
    staleTime: 30_000,
  });

/** POST (new) or PUT (with id) /web/customer-service/channel → {id, message}. */
export function useSaveChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelInput) =>
      body.id === undefined
        ? api.post<{ id: number; message: string }>(CHANNEL, body)
        : api.put<{ id: number; message: string }>(CHANNEL, body),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CHANNELS) }),
  });
}

/** DELETE /web/customer-service/channel?id. */
export function useDeleteChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(CHANNEL, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CHANNELS) }),
  });
}

export interface ChannelStatus {
  id: number;
  /** The partner's raw status ('open', 'WORKING', 'SCAN_QR_CODE', 'close', …). */
  status: string;
  connected: boolean;
}

/** GET {channel}/{id}/status: the live connection status (§4). Not retried: a failure is shown as is. */
export const useChannelStatus = (id: number, enabled = true) =>
  useQuery({
    queryKey: tenantKey(CHANNELS, 'status', id),
    queryFn: ({ signal }) => api.get<ChannelStatus>(`${CHANNEL}/${id}/status`, { signal }),
    enabled,
    retry: false,
    staleTime: 15_000,
  });

export interface ConnectAnswer {
  status: string;
  /** The QR code to scan (a data URL or the raw code). */
  qr?: string;
  /** 'Já está conectado!' when already working. */
  message?: string;
}

/** POST {channel}/{id}/connect | restart | logout. */
export function useChannelAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'connect' | 'restart' | 'logout' }) =>
      api.post<ConnectAnswer & { message?: string }>(`${CHANNEL}/${id}/${action}`, {}),
    onSettled: (_data, _error, { id }) =>
      client.invalidateQueries({ queryKey: tenantKey(CHANNELS, 'status', id) }),
  });
}

export interface WhatsappGroup {
  id: { _serialized: string };
  name: string;
  isMuted: boolean;
  isGroup: boolean;
  isReadOnly: boolean;
}

/** GET {channel}/{id}/groups: the groups a campaign may go to (already filtered by the server, §5). */
export const useChannelGroups = (id: number, enabled = true) =>
  useQuery({
    queryKey: tenantKey(CHANNELS, 'groups', id),
    queryFn: ({ signal }) => api.get<WhatsappGroup[]>(`${CHANNEL}/${id}/groups`, { signal }),
    enabled: enabled && id > 0,
    retry: false,
    staleTime: 60_000,
  });

/** GET /web/customer-service/channel/count/{id or 0}: numbers that interacted, and opted out. */
export const useChannelAudience = (id: number, enabled = true) =>
  useQuery({
    queryKey: tenantKey(CHANNELS, 'count', id),
    queryFn: ({ signal }) =>
      api.get<{ total: number; total_optout: number }>(`${CHANNEL}/count/${id}`, { signal }),
    enabled,
    staleTime: 30_000,
  });

// ------------------------------------------------------------------ campaigns

export interface WhatsappCampaign {
  id: number;
  description: string;
  type: string;
  active: 'Y' | 'N';
  id_lead: number | null;
  lead_description: string | null;
  channel: string | null;
  channel_id: number;
  info: Record<string, unknown> & { flow: string };
  status: WhatsappStatus;
  /** Seconds per message of the latest run; null before the first send. */
  speed: number | null;
  report: { status: string; quantity: number }[];
  created_at: string;
  updated_at: string;
  /** A deleted campaign ('Excluídas'): when it was deleted. */
  archived_at?: string;
}

/** The list's filters: `archived` shows the deleted campaigns ('Excluídas') instead of the live ones. */
export interface WhatsappListFilters {
  archived?: boolean;
}

type ListParams = Pick<ServerListParams<WhatsappListFilters>, 'page' | 'per_page' | 'q'> & {
  filters?: WhatsappListFilters;
};

/** The query of GET /web/whatsapp/campaigns for a list's params (archived=Y only for 'Excluídas'). */
export const whatsappListQuery = (p: ListParams) => ({
  page: p.page,
  per_page: p.per_page || WHATSAPP_PAGE_SIZE,
  q: p.q || undefined,
  archived: p.filters?.archived ? 'Y' : undefined,
});

export const whatsappListKey = (p: ListParams) =>
  tenantKey(CAMPAIGNS, 'whatsapp', 'list', whatsappListQuery(p));

/** GET /web/whatsapp/campaigns?page&per_page&q[&archived=Y]: 50 a page (§9), newest first. */
export async function listWhatsappCampaigns(
  p: ListParams,
  signal?: AbortSignal,
): Promise<Paginated<WhatsappCampaign>> {
  const answer = await api.get<{
    data: WhatsappCampaign[];
    pagination: { total: number; page: number; per_page: number };
  }>('/web/whatsapp/campaigns', { query: whatsappListQuery(p), signal });
  const { total, page, per_page } = answer.pagination;
  return {
    data: answer.data,
    pagination: { total, page, per_page, last_page: Math.max(1, Math.ceil(total / per_page)) },
  };
}

/** GET /web/whatsapp/campaigns/{id} (editors read what the server has now). */
export const useWhatsappCampaign = (id: number | undefined) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, 'whatsapp', 'detail', String(id)),
    queryFn: ({ signal }) => api.get<WhatsappCampaign>(`/web/whatsapp/campaigns/${id}`, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });

/** GET /web/whatsapp/campaigns/{id}/flow: the messages of a campaign (flow view); `archived`: of a deleted one. */
export const useWhatsappFlow = (id: number | undefined, archived = false) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, 'whatsapp', archived ? 'archived-flow' : 'flow', String(id)),
    queryFn: ({ signal }) =>
      api.get<FlowItem[]>(`/web/whatsapp/campaigns/${id}/flow`, {
        query: archived ? { archived: 'Y' } : {},
        signal,
      }),
    enabled: id !== undefined,
  });

/** POST (new; bulk types create several) or PUT (with id) /web/whatsapp/campaigns. */
export async function saveWhatsappCampaign(
  body: WhatsappCampaignInput,
): Promise<{ id: number; ids?: number[]; message: string }> {
  return body.id === undefined
    ? api.post('/web/whatsapp/campaigns', body)
    : api.put('/web/whatsapp/campaigns', body);
}

export function useSaveWhatsappCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveWhatsappCampaign,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CAMPAIGNS) }),
  });
}

/** DELETE /web/whatsapp/campaigns/{id} (an executed campaign is refused by the server). */
export function useDeleteWhatsappCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(`/web/whatsapp/campaigns/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CAMPAIGNS) }),
  });
}

/** GET /web/whatsapp/media?url: the media's size through the server's HEAD (§5: over 7 MB refused). */
export const checkWhatsappMedia = (url: string) =>
  api.get<{ size: number | null; content_type: string }>('/web/whatsapp/media', { query: { url } });

/** GET /web/lead/whatsapp/count?id_lead&channel_id: the lead's population (or the whole base). */
export const useLeadWhatsappCount = (idLead: number | null, channelId: number) =>
  useQuery({
    queryKey: tenantKey(CAMPAIGNS, 'whatsapp', 'lead-count', idLead ?? 0, channelId),
    queryFn: ({ signal }) =>
      api.get<{ total: number }>('/web/lead/whatsapp/count', {
        query: { id_lead: idLead ?? undefined, channel_id: channelId || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

// ------------------------------------------------------------------ report

export interface WhatsappReport {
  channel_customers: { id: number; description: string; optin: number; optout: number }[];
  opts_by_day: { date_day: string; optin: number; optout: number }[];
}

/** GET /whatsapp/report?days&id_channel (the previous answer stays shown while the next loads). */
export const useWhatsappReport = (days: number, idChannel: number | null) =>
  useQuery({
    queryKey: tenantKey('reports', 'whatsapp', days, idChannel ?? 0),
    queryFn: ({ signal }) =>
      api.get<WhatsappReport>('/whatsapp/report', {
        query: { days, id_channel: idChannel ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

// ------------------------------------------------------------------ exports (jobs)

/**
 * The export jobs of WhatsApp (kinds `whatsapp-campaign-details` {id} and `whatsapp-opt-in-out`
 * {days}, served at the spec's paths): `useExportJobs().start` takes these.
 */
export const campaignDetailsExport = (c: Pick<WhatsappCampaign, 'id' | 'description'>) => ({
  key: `whatsapp-campaign-details:${c.id}`,
  path: '/whatsapp/export-campaign-details',
  query: { id: c.id },
  label: `Campanha de WhatsApp ${c.id} - ${c.description}`,
});

export const optInOutExport = (days: number, idChannel: number | null) => ({
  key: `whatsapp-opt-in-out:${idChannel ?? 0}`,
  path: '/whatsapp/export-opt-in-out',
  query: (idChannel ? { days, id_channel: idChannel } : { days }) as Record<string, number>,
  label: idChannel ? `OptInOut's do canal ${idChannel}` : "OptInOut's",
});
