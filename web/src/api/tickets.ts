import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { CampaignRow } from '@freguesia/shared/schemas/campaign-api';
import type { TicketCampaign } from '@freguesia/shared/schemas/ticket';
import { Ticket, TicketCampaignDetails, WonPrize } from '@freguesia/shared/schemas/ticket-api';
import { useCampaignOfKind, useSaveCampaign } from './campaigns';
import { api } from './client';
import { paginated, parseAnswer, tenantKey, type Paginated } from './query';

/**
 * Ticket campaigns (spec part 2 §2.4, §2.5, §7): the list (GET /web/campaigns?types=T), details and
 * save through the campaign paths, and the customer's tickets and won prizes (Campaigns tab):
 * print, reprint release and validation. Keys start with the tenant; answers are parsed by the
 * shared schemas of `shared/src/schemas/ticket.ts`.
 */

export type { Ticket, TicketCampaignDetails, WonPrize };

const CAMPAIGNS = 'campaigns';
const TICKETS = 'tickets';
export const TICKET_CAMPAIGNS_PAGE_SIZE = 20;

export interface TicketListParams {
  page: number;
  q?: string;
  showInactive: boolean;
  /** 'Excluídas': the deleted campaigns (archived=Y) instead of the live ones. */
  archived?: boolean;
}

const listQuery = (p: TicketListParams) => ({
  page: p.page,
  per_page: TICKET_CAMPAIGNS_PAGE_SIZE,
  q: p.q?.trim() || undefined,
  types: 'T',
  show_actives: p.showInactive ? 'N' : 'Y',
  archived: p.archived ? 'Y' : undefined,
});

export const ticketListKey = (p: TicketListParams) => tenantKey(CAMPAIGNS, 'list', listQuery(p));

/** GET /web/campaigns?types=T. */
export async function listTicketCampaigns(
  p: TicketListParams,
  signal?: AbortSignal,
): Promise<Paginated<CampaignRow>> {
  return parseAnswer(
    paginated(CampaignRow),
    await api.get('/web/campaigns', { query: listQuery(p), signal }),
  );
}

/** GET /web/campaign/details?id of a ticket campaign (`archived`: a deleted one, read-only). */
export const useTicketCampaign = (id: number | undefined, archived = false) =>
  useCampaignOfKind(TicketCampaignDetails, id, 'T', { archived });

export type TicketCampaignPayload = z.input<typeof TicketCampaign>;

/** POST /web/campaign/new or PUT /web/campaign/update (with id). */
export const useSaveTicketCampaign = () => useSaveCampaign<TicketCampaignPayload>();

// ---------------------------------------------------------------- customer details › Campaigns

const FollowedCampaign = z.object({
  id: z.number(),
  description: z.string(),
  active: z.enum(['Y', 'N']),
  start_at: z.string(),
  end_at: z.string(),
});
export type FollowedCampaign = z.output<typeof FollowedCampaign>;

/** GET /web/tickets/campaigns: the ticket campaigns the tab offers. */
export const useFollowedTicketCampaigns = () =>
  useQuery({
    queryKey: tenantKey(TICKETS, 'campaigns'),
    queryFn: async ({ signal }) =>
      parseAnswer(z.array(FollowedCampaign), await api.get('/web/tickets/campaigns', { signal })),
  });

export interface Period {
  from: string;
  to: string;
}

/** GET /web/campaigns/{id}/tickets/{customerId}?gteDate&lteDate. */
export const useCustomerTickets = (campaign: number | undefined, customer: number, period: Period) =>
  useQuery({
    queryKey: tenantKey(TICKETS, 'customer', customer, campaign, period),
    queryFn: async ({ signal }) =>
      parseAnswer(
        z.array(Ticket),
        await api.get(`/web/campaigns/${campaign}/tickets/${customer}`, {
          query: { gteDate: period.from, lteDate: period.to },
          signal,
        }),
      ),
    enabled: campaign !== undefined,
    placeholderData: keepPreviousData,
  });

/** GET /web/campaign/gifts/customer?id_customer&gte_date&lte_date. */
export const useCustomerPrizes = (customer: number, period: Period) =>
  useQuery({
    queryKey: tenantKey(TICKETS, 'prizes', customer, period),
    queryFn: async ({ signal }) =>
      parseAnswer(
        z.array(WonPrize),
        await api.get('/web/campaign/gifts/customer', {
          query: { id_customer: customer, gte_date: period.from, lte_date: period.to },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

const Printed = z.object({
  layout_body: z.string(),
  campaign_description: z.string(),
  tickets: z.array(Ticket),
  refused: z.array(z.number()),
});
export type Printed = z.output<typeof Printed>;

function useTicketsMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(TICKETS) }),
  });
}

/** PUT /web/tickets/print {id_campaign, ids}. */
export const usePrintTickets = () =>
  useTicketsMutation(async ({ campaign, ids }: { campaign: number; ids: number[] }) =>
    parseAnswer(Printed, await api.put('/web/tickets/print', { id_campaign: campaign, ids })),
  );

/** PUT /web/campaigns/{id}/tickets/reprint [ids]. */
export const useReleaseReprint = () =>
  useTicketsMutation(async ({ campaign, ids }: { campaign: number; ids: number[] }) =>
    parseAnswer(
      z.object({ released: z.array(z.number()) }),
      await api.put(`/web/campaigns/${campaign}/tickets/reprint`, ids),
    ),
  );

/** PUT /web/campaign/gifts/validate {id, validated_by, id_user_binding, dt_binding}. */
export const useValidatePrize = () =>
  useTicketsMutation(
    async (body: { id: number; validated_by: string; id_user_binding: number; dt_binding: string }) =>
      parseAnswer(z.object({ message: z.string() }), await api.put('/web/campaign/gifts/validate', body)),
  );
