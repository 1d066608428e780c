import * as z from 'zod';
import { isDay } from '@freguesia/shared/domain/dates';
import { Campaign, CampaignDuplicate, DISCOUNT_TYPES } from '@freguesia/shared/schemas/campaign';
import {
  AnalyticsLead,
  COMMUNICATION_TYPES,
  CommunicationCampaign,
} from '@freguesia/shared/schemas/communication';
import { TV_TYPE, TvCampaign } from '@freguesia/shared/schemas/tv';
import { LuckyCampaign, PointsCampaign } from '@freguesia/shared/schemas/lucky';
import { campaignAnalytics, leadFromAnalytics } from '../communications/analytics.service';
import { createCommunication, updateCommunication } from '../communications/communication-campaigns.service';
import { pageQuery } from '../lib/ddb/pagination';
import { createLoyaltyCampaign, updateLoyaltyCampaign } from '../loyalty/lucky.service';
import { periodQuery, ReprintBody, TicketCampaign } from '@freguesia/shared/schemas/ticket';
import { createTicketCampaign, updateTicketCampaign } from '../tickets/ticket-campaigns.service';
import { customerTickets, releaseReprints } from '../tickets/tickets.service';
import { route } from '../lib/http/route';
import {
  campaignCalendar,
  campaignDetails,
  createCampaign,
  createTvCampaign,
  deleteCampaign,
  duplicateCampaign,
  listCampaigns,
  simpleCampaigns,
  updateCampaign,
  updateTvCampaign,
} from './campaigns.service';

const DISCOUNT_LABEL: Record<string, true> = Object.fromEntries(DISCOUNT_TYPES.map((t) => [t, true]));

const READ = { action: 'read', subject: 'Campaigns' } as const;
/** Staff only: the service checks Campaigns or, for a communication, its channel (spec part 3 §6). */
const BY_TYPE = null;

const NOT_FOUND = 'Campanha não encontrada.';
const idQuery = z.object({
  id: z.coerce
    .number({ error: NOT_FOUND })
    .int(NOT_FOUND)
    .positive(NOT_FOUND)
    .max(Number.MAX_SAFE_INTEGER, NOT_FOUND),
});
const yes = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v.trim() === ''
        ? fallback
        : ['Y', 'S', '1', 'TRUE'].includes(v.trim().toUpperCase()),
    );
const day = z.string().trim().refine(isDay, 'Data inválida: use AAAA-MM-DD.');
/** Loyalty types saved here and handed to the loyalty service: lucky numbers (L) and points (C). */
const LOYALTY_TYPES = ['L', 'C'] as const;
const type = z.enum([...DISCOUNT_TYPES, ...COMMUNICATION_TYPES, TV_TYPE, ...LOYALTY_TYPES, 'T'], {
  error: 'Tipo de campanha inválido.',
});
/** The body of a save: a discount campaign, a communication, a TV or a loyalty campaign, told apart by `type`. */
const AnyCampaign = z.discriminatedUnion(
  'type',
  [Campaign, CommunicationCampaign, TvCampaign, LuckyCampaign, PointsCampaign, TicketCampaign],
  {
    error: 'Tipo de campanha inválido.',
  },
);
const isLoyalty = (body: { type: string }): body is LuckyCampaign | PointsCampaign =>
  body.type === 'L' || body.type === 'C';

/** A campaign of 10,000 products is about 2 MB of JSON. */
const CAMPAIGN_BODY_BYTES = 4 * 1024 * 1024;

/** Campaigns (spec part 2 §7): discounts and, with the same paths, the communications of part 3 §3. */
export const campaignRoutes = [
  route({
    method: 'GET',
    path: '/api/web/campaigns',
    permission: BY_TYPE,
    query: pageQuery(20, 200).extend({
      q: z.string().trim().max(100, 'Busca muito longa.').default(''),
      type: z.preprocess((v) => (v === '' ? undefined : v), type.optional()),
      types: z
        .string()
        .default('')
        .transform((v) =>
          v
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        )
        .pipe(z.array(type)),
      show_actives: yes(true),
      running_only: yes(false),
      running_at: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
      channel_id: z.preprocess(
        (v) => (v === '' ? undefined : v),
        z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      ),
      /** Y: the deleted campaigns ('Excluídas', kept for history) instead of the live ones. */
      archived: yes(false),
    }),
    handler: ({ service, query }) => listCampaigns(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/campaigns/simple',
    permission: READ,
    handler: ({ service }) => simpleCampaigns(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/campaigns/calendar',
    permission: READ,
    query: z
      .object({ start: day, end: day })
      .refine((r) => r.start <= r.end, {
        message: 'A data final deve ser igual ou posterior à inicial.',
        path: ['end'],
      })
      .refine((r) => r.end <= `${Number(r.start.slice(0, 4)) + 1}${r.start.slice(4)}`, {
        message: 'Consulte no máximo um ano.',
        path: ['end'],
      }),
    handler: ({ service, query }) => campaignCalendar(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/campaign/details',
    permission: BY_TYPE,
    /** archived=Y: a deleted campaign, read-only (the 'Excluídas' lists). */
    query: idQuery.extend({ archived: yes(false) }),
    handler: ({ service, query }) => campaignDetails(service, query.id, { archived: query.archived }),
  }),
  route({
    method: 'POST',
    path: '/api/web/campaign/new',
    permission: BY_TYPE,
    body: AnyCampaign,
    maxBodyBytes: CAMPAIGN_BODY_BYTES,
    handler: ({ service, body }) =>
      body.type === TV_TYPE
        ? createTvCampaign(service, body as TvCampaign)
        : isLoyalty(body)
          ? createLoyaltyCampaign(service, body)
          : body.type === 'T'
            ? createTicketCampaign(service, body as TicketCampaign)
            : body.type in DISCOUNT_LABEL
              ? createCampaign(service, body as Campaign)
              : createCommunication(service, body as CommunicationCampaign),
  }),
  route({
    method: 'PUT',
    path: '/api/web/campaign/update',
    permission: BY_TYPE,
    body: AnyCampaign,
    maxBodyBytes: CAMPAIGN_BODY_BYTES,
    handler: ({ service, body }) =>
      body.type === TV_TYPE
        ? updateTvCampaign(service, body as TvCampaign)
        : isLoyalty(body)
          ? updateLoyaltyCampaign(service, body)
          : body.type === 'T'
            ? updateTicketCampaign(service, body as TicketCampaign)
            : body.type in DISCOUNT_LABEL
              ? updateCampaign(service, body as Campaign)
              : updateCommunication(service, body as CommunicationCampaign),
  }),
  /** 'Duplicar' a discount campaign with new dates (issue 20): {id, description} of the copy. */
  route({
    method: 'POST',
    path: '/api/web/campaign/duplicate',
    permission: BY_TYPE,
    body: CampaignDuplicate,
    handler: ({ service, body }) => duplicateCampaign(service, body),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/campaign/delete',
    permission: BY_TYPE,
    query: idQuery,
    handler: async ({ service, query }) => {
      await deleteCampaign(service, query.id);
      return { id: query.id };
    },
  }),
  // A customer's tickets of a ticket campaign and the reprint release (spec part 2 §2.5, §7), kept by
  // the tickets domain: the customer details' Campaigns tab (read Customers), the release write Campaigns.
  route({
    method: 'GET',
    path: '/api/web/campaigns/{id}/tickets/{customerId}',
    permission: { action: 'read', subject: 'Customers' },
    params: idQuery.extend({
      customerId: z.coerce
        .number({ error: 'Cliente não encontrado.' })
        .int('Cliente não encontrado.')
        .positive('Cliente não encontrado.')
        .max(Number.MAX_SAFE_INTEGER, 'Cliente não encontrado.'),
    }),
    query: periodQuery('gteDate', 'lteDate'),
    handler: ({ service, params, query }) =>
      customerTickets(service, params.id, params.customerId, { from: query.gteDate, to: query.lteDate }),
  }),
  route({
    method: 'PUT',
    path: '/api/web/campaigns/{id}/tickets/reprint',
    permission: { action: 'write', subject: 'Campaigns' },
    params: idQuery,
    body: ReprintBody,
    handler: ({ service, params, body }) => releaseReprints(service, params.id, body),
  }),
  // The analytics of a communication campaign (spec part 3 §7), kept by the communications domain.
  route({
    method: 'GET',
    path: '/api/web/campaigns/{id}/analytics',
    permission: BY_TYPE,
    params: idQuery,
    handler: ({ service, params }) => campaignAnalytics(service, params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/campaigns/{id}/analytics/lead',
    permission: { action: 'write', subject: 'Leads' },
    params: idQuery,
    body: AnalyticsLead,
    handler: ({ service, params, body }) => leadFromAnalytics(service, params.id, body),
  }),
];
