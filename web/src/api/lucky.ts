import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  LuckyAudit,
  LuckyDrawResult,
  LuckyNumberRow,
  LuckyStatus,
  type LuckyCampaign,
  type LuckyDrawRequest,
} from '@freguesia/shared/schemas/lucky';
import { useCampaignOfKind, useSaveCampaign } from './campaigns';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/**
 * Lucky-number campaigns (spec part 2 §2.3, §7; functions/README.md "Lucky numbers"): the campaign
 * is saved and read through the campaign calls (/web/campaign/new|update|details, type 'L'); its
 * issuance state, log, audit and draw helper through /web/lucky-numbers.
 */

export type { LuckyAudit, LuckyDrawResult, LuckyNumberRow, LuckyStatus };

const LUCKY = 'lucky-numbers';

/** GET /web/campaign/details of a lucky campaign. */
export const LuckyDetails = z.object({
  id: z.number(),
  description: z.string(),
  type: z.literal('L'),
  active: z.enum(['Y', 'N']),
  id_lead: z.number().nullable(),
  start_at: z.string(),
  end_at: z.string(),
  updated_at: z.string(),
  stores: z.array(z.object({ id_store: z.number() })),
  info: z.object({
    value: z.number(),
    need_terms: z.enum(['Y', 'N']),
    can_accumulate: z.enum(['Y', 'N']),
    series_quantity: z.number(),
  }),
  /** A deleted campaign (archived=Y): when it was deleted. */
  archived_at: z.string().optional(),
});
export type LuckyDetails = z.output<typeof LuckyDetails>;

/** A lucky-number campaign's details (`archived`: a deleted one, read-only). */
export const useLuckyCampaign = (id: string | undefined, archived = false) =>
  useCampaignOfKind(LuckyDetails, id, undefined, { archived });

export type LuckyPayload = z.input<typeof LuckyCampaign>;

export const useSaveLucky = () => useSaveCampaign<LuckyPayload>();

export const useLuckyStatus = (id: string) =>
  useQuery({
    queryKey: tenantKey(LUCKY, 'status', id),
    queryFn: async ({ signal }) =>
      parseAnswer(LuckyStatus, await api.get(`/web/lucky-numbers/${id}`, { signal })),
  });

/** The issuance log, 50 numbers a page after a sequence number. */
export const useLuckyNumbers = (id: string, after: number) =>
  useQuery({
    queryKey: tenantKey(LUCKY, 'numbers', id, after),
    queryFn: async ({ signal }) =>
      parseAnswer(
        z.object({ data: z.array(LuckyNumberRow), next: z.number().nullable() }),
        await api.get(`/web/lucky-numbers/${id}/numbers`, { query: { after, per_page: 50 }, signal }),
      ),
  });

export const useLuckyAudit = (id: string) =>
  useMutation({
    mutationFn: async () => parseAnswer(LuckyAudit, await api.get(`/web/lucky-numbers/${id}/audit`)),
  });

export const useLuckyDraw = (id: string) =>
  useMutation({
    mutationFn: async (body: LuckyDrawRequest) =>
      parseAnswer(LuckyDrawResult, await api.post(`/web/lucky-numbers/${id}/draw`, body)),
  });
