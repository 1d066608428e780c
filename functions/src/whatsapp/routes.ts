import * as z from 'zod';
import { ChannelInput, WhatsappCampaignInput } from '@freguesia/shared/schemas/whatsapp';
import { pageQuery } from '../lib/ddb/pagination';
import { text as textResponse } from '../lib/http/response';
import { route } from '../lib/http/route';
import {
  campaignFlow,
  createWhatsappCampaign,
  deleteWhatsappCampaign,
  leadWhatsappCount,
  listWhatsappCampaigns,
  updateWhatsappCampaign,
  whatsappCampaign,
} from './campaigns.service';
import {
  channelAudience,
  channelGroups,
  channelStatus,
  connectChannel,
  createChannel,
  deleteChannel,
  listChannels,
  logoutChannel,
  restartChannel,
  updateChannel,
} from './channels.service';
import { checkMedia } from './media.service';
import { whatsappReport } from './report.service';
import { acceptWebhook, verifySubscription } from './webhooks.service';

/**
 * The whatsapp domain's paths (README "WhatsApp"): the service channels of 'Central de
 * Atendimentos' (`/web/customer-service/channel`, spec part 3 §7; the customer-service domain keeps
 * the rest of `/web/customer-service`), the WhatsApp campaigns (`/web/whatsapp/campaigns`, path
 * ours), the lead count, the report, and the partners' public webhooks.
 */

const SETTINGS_WRITE = { action: 'write', subject: 'Settings' } as const;
const CAMPAIGNS_READ = { action: 'read', subject: 'Campaigns' } as const;
const CAMPAIGNS_WRITE = { action: 'write', subject: 'Campaigns' } as const;
const REPORTS_READ = { action: 'read', subject: 'Reports' } as const;
const NOT_FOUND = 'Registro não encontrado.';
const positiveId = z.coerce
  .number({ error: NOT_FOUND })
  .int(NOT_FOUND)
  .positive(NOT_FOUND)
  .max(999_999_999, NOT_FOUND);
const idParams = z.object({ id: positiveId });
/** archived=Y: a deleted campaign ('Excluídas'), read-only (as GET /web/campaigns' own flag). */
const archivedFlag = z
  .string()
  .max(10)
  .optional()
  .transform((v) => ['Y', 'S', '1', 'TRUE'].includes((v ?? '').trim().toUpperCase()));
const archivedQuery = z.object({ archived: archivedFlag });
const CHANNEL = '/api/web/customer-service/channel';

const channelAction = (
  name: 'status' | 'connect' | 'restart' | 'logout' | 'groups',
  method: 'GET' | 'POST',
  run: (ctx: never, id: number) => Promise<unknown>,
) =>
  route({
    method,
    path: `${CHANNEL}/{id}/${name}`,
    // Status and groups: whoever reads channels (Settings or Campaigns, checked by the service); the rest: Settings.
    permission: name === 'status' || name === 'groups' ? null : SETTINGS_WRITE,
    params: idParams,
    handler: ({ service, params }) => run(service as never, params.id),
  });

const hookParams = z.object({
  partner: z.string().max(20),
  id: positiveId,
});

export const routes = [
  // ------------------------------------------------------------------ channels
  route({ method: 'GET', path: CHANNEL, permission: null, handler: ({ service }) => listChannels(service) }),
  route({
    method: 'POST',
    path: CHANNEL,
    permission: SETTINGS_WRITE,
    body: ChannelInput,
    handler: ({ service, body }) => createChannel(service, body),
  }),
  route({
    method: 'PUT',
    path: CHANNEL,
    permission: SETTINGS_WRITE,
    body: ChannelInput,
    handler: ({ service, body }) => updateChannel(service, body),
  }),
  route({
    method: 'DELETE',
    path: CHANNEL,
    permission: SETTINGS_WRITE,
    query: z.object({ id: positiveId }),
    handler: ({ service, query }) => deleteChannel(service, query.id),
  }),
  route({
    method: 'GET',
    path: `${CHANNEL}/count/{id}`,
    permission: null,
    params: z.object({
      id: z.coerce.number({ error: NOT_FOUND }).int(NOT_FOUND).min(0, NOT_FOUND).max(999_999, NOT_FOUND),
    }),
    handler: ({ service, params }) => channelAudience(service, params.id),
  }),
  channelAction('status', 'GET', channelStatus as never),
  channelAction('connect', 'POST', connectChannel as never),
  channelAction('restart', 'POST', restartChannel as never),
  channelAction('logout', 'POST', logoutChannel as never),
  channelAction('groups', 'GET', channelGroups as never),

  // ------------------------------------------------------------------ campaigns
  route({
    method: 'GET',
    path: '/api/web/whatsapp/campaigns',
    permission: CAMPAIGNS_READ,
    query: pageQuery(50, 200).extend({
      q: z.string().max(200).default(''),
      /** Y: the deleted campaigns ('Excluídas', kept for history) instead of the live ones. */
      archived: archivedFlag,
    }),
    handler: ({ service, query }) => listWhatsappCampaigns(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/whatsapp/campaigns/{id}',
    permission: CAMPAIGNS_READ,
    params: idParams,
    query: archivedQuery,
    handler: ({ service, params, query }) => whatsappCampaign(service, params.id, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/whatsapp/campaigns/{id}/flow',
    permission: CAMPAIGNS_READ,
    params: idParams,
    query: archivedQuery,
    handler: ({ service, params, query }) => campaignFlow(service, params.id, query),
  }),
  route({
    method: 'POST',
    path: '/api/web/whatsapp/campaigns',
    permission: CAMPAIGNS_WRITE,
    body: WhatsappCampaignInput,
    maxBodyBytes: 256 * 1024,
    handler: ({ service, body }) => createWhatsappCampaign(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/whatsapp/campaigns',
    permission: CAMPAIGNS_WRITE,
    body: WhatsappCampaignInput,
    maxBodyBytes: 256 * 1024,
    handler: ({ service, body }) => updateWhatsappCampaign(service, body),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/whatsapp/campaigns/{id}',
    permission: CAMPAIGNS_WRITE,
    params: idParams,
    handler: ({ service, params }) => deleteWhatsappCampaign(service, params.id),
  }),
  route({
    method: 'GET',
    path: '/api/web/whatsapp/media',
    permission: CAMPAIGNS_WRITE,
    query: z.object({
      url: z
        .string({ error: 'Informe a URL da mídia.' })
        .trim()
        .max(1_000, 'URL muito longa.')
        .regex(/^https?:\/\/\S+$/i, 'Use uma URL http(s) para a mídia.'),
    }),
    handler: ({ service, query }) => checkMedia(service, query.url),
  }),
  route({
    method: 'GET',
    path: '/api/web/lead/whatsapp/count',
    permission: CAMPAIGNS_READ,
    query: z.object({
      id_lead: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), positiveId.optional()),
      channel_id: z.preprocess(
        (v) => (v === '' ? undefined : v),
        z.coerce.number().int().min(0).max(999_999).optional(),
      ),
    }),
    handler: ({ service, query }) => leadWhatsappCount(service, query.id_lead),
  }),

  // ------------------------------------------------------------------ report
  route({
    method: 'GET',
    path: '/api/whatsapp/report',
    permission: REPORTS_READ,
    query: z.object({
      days: z.coerce
        .number({ error: 'Informe de 1 a 180 dias.' })
        .int()
        .min(1, 'Informe de 1 a 180 dias.')
        .max(180, 'Informe de 1 a 180 dias.')
        .default(30),
      id_channel: z.preprocess(
        (v) => (v === '' || v === '0' ? undefined : v),
        z.coerce.number().int().positive().max(999_999).optional(),
      ),
    }),
    handler: ({ service, query }) => whatsappReport(service, query),
  }),

  // ------------------------------------------------------------------ partner webhooks (public)
  route({
    method: 'POST',
    path: '/api/hooks/whatsapp/{partner}/{id}',
    auth: 'public',
    params: hookParams,
    body: z.unknown(),
    maxBodyBytes: 256 * 1024,
    handler: ({ service, params, event }) => {
      const headers = event.headers ?? {};
      const raw = event.body
        ? event.isBase64Encoded
          ? Buffer.from(event.body, 'base64').toString('utf8')
          : event.body
        : '';
      const host = headers['x-forwarded-host'] ?? headers.host ?? '';
      const path = `${event.rawPath}${event.rawQueryString ? `?${event.rawQueryString}` : ''}`;
      return acceptWebhook(service, params.partner, params.id, {
        headers,
        raw,
        urls: [`https://${host}${path}`, `http://${host}${path}`],
        ...(event.queryStringParameters?.token ? { queryToken: event.queryStringParameters.token } : {}),
      });
    },
  }),
  route({
    method: 'GET',
    path: '/api/hooks/whatsapp/{partner}/{id}',
    auth: 'public',
    params: hookParams,
    query: z.object({
      'hub.mode': z.string().max(40).optional(),
      'hub.verify_token': z.string().max(200).optional(),
      'hub.challenge': z.string().max(200).optional(),
    }),
    handler: async ({ service, params, query }) =>
      textResponse(
        200,
        await verifySubscription(service, params.id, {
          mode: query['hub.mode'],
          token: query['hub.verify_token'],
          challenge: query['hub.challenge'],
        }),
      ),
  }),
];
