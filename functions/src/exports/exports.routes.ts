import * as z from 'zod';
import { LEAD_MESSAGES, TAG_MESSAGES } from '@freguesia/shared/domain/segmentation';
import { EXPORT_MESSAGES } from '@freguesia/shared/schemas/exports';
import { pageQuery } from '../lib/ddb/pagination';
import { json } from '../lib/http/response';
import { route } from '../lib/http/route';
import { exportJob, listExports, requestCampaignExport, requestExport } from './exports.service';
import { EXPORT_KINDS, type ExportKindName } from './kinds.service';

/** `?id=` of the record exported, refused with the owner's 'not found' message. */
const idOf = (message: string) =>
  z.object({
    id: z.coerce
      .number({ error: message })
      .int(message)
      .positive(message)
      .max(Number.MAX_SAFE_INTEGER, message),
  });

/**
 * An export route of the spec: answers 202 `{id, status}` with the job queued. The path stays the
 * spec's; the answer is the job instead of the file (a file above 6 MB cannot pass API Gateway).
 */
const exportRoute = (kind: ExportKindName, path: string, query: z.ZodType<{ id: number }>) =>
  route({
    method: 'GET',
    path,
    permission: EXPORT_KINDS[kind].permission,
    query,
    handler: async ({ service, query: params }) =>
      json(202, await requestExport(service, kind, { id: params.id })),
  });

const CAMPAIGN_NOT_FOUND = 'Campanha não encontrada.';
const CHANNEL_NOT_FOUND = 'Canal não encontrado.';
const DAYS_MESSAGE = 'Informe um período entre 1 e 180 dias.';

/** An optional positive id in the query. */
const optionalId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message)
    .optional();

/** Export jobs (functions/README.md, "Exports"). */
export const exportRoutes = [
  exportRoute('tag', '/api/web/tag/export', idOf(TAG_MESSAGES.notFound)),
  exportRoute('lead', '/api/web/leads/export', idOf(LEAD_MESSAGES.notFound)),
  // `type` is sent by the campaign screens and not needed: the campaign knows its type, and the
  // file holds the rows of its kind (discounts; lucky numbers for L, points for C, tickets for T).
  route({
    method: 'GET',
    path: '/api/web/campaign/export',
    permission: EXPORT_KINDS.campaign.permission,
    query: idOf(CAMPAIGN_NOT_FOUND).extend({ type: z.string().optional() }),
    handler: async ({ service, query }) => json(202, await requestCampaignExport(service, query.id)),
  }),
  // The same, named by kind (the lucky-number, points and ticket screens).
  exportRoute('lucky', '/api/web/campaign/export/lucky', idOf(CAMPAIGN_NOT_FOUND)),
  exportRoute('points', '/api/web/campaign/export/points', idOf(CAMPAIGN_NOT_FOUND)),
  exportRoute('tickets', '/api/web/campaign/export/tickets', idOf(CAMPAIGN_NOT_FOUND)),
  // The WhatsApp CSVs at the spec's paths (part 3 §7): `id_campaign` (or `id`) and `id_channel`
  // (the campaign's own channel: accepted, not needed); `id_channel` (none or 0: every channel) and
  // `days` (1–180, the report's window; none: all time).
  route({
    method: 'GET',
    path: '/api/whatsapp/export-campaign-details',
    permission: EXPORT_KINDS['whatsapp-campaign-details'].permission,
    query: z
      .object({
        id_campaign: optionalId(CAMPAIGN_NOT_FOUND),
        id: optionalId(CAMPAIGN_NOT_FOUND),
        id_channel: optionalId(CHANNEL_NOT_FOUND),
      })
      .refine((q) => Boolean(q.id_campaign ?? q.id), { message: CAMPAIGN_NOT_FOUND, path: ['id_campaign'] }),
    handler: async ({ service, query }) =>
      json(
        202,
        await requestExport(service, 'whatsapp-campaign-details', { id: (query.id_campaign ?? query.id)! }),
      ),
  }),
  route({
    method: 'GET',
    path: '/api/whatsapp/export-opt-in-out',
    permission: EXPORT_KINDS['whatsapp-opt-in-out'].permission,
    query: z.object({
      id_channel: z.union([z.literal('0').transform(() => undefined), optionalId(CHANNEL_NOT_FOUND)]),
      days: z.coerce
        .number({ error: DAYS_MESSAGE })
        .int(DAYS_MESSAGE)
        .min(1, DAYS_MESSAGE)
        .max(180, DAYS_MESSAGE)
        .optional(),
    }),
    handler: async ({ service, query }) =>
      json(
        202,
        await requestExport(service, 'whatsapp-opt-in-out', {
          id: query.id_channel ?? 0,
          ...(query.days ? { days: query.days } : {}),
        }),
      ),
  }),
  /** The record of exports: an admin's (write Settings) lists the tenant's, anyone else's their own. */
  route({
    method: 'GET',
    path: '/api/web/exports',
    permission: null,
    query: pageQuery(20, 100),
    handler: ({ service, query }) => listExports(service, query),
  }),
  /** One job: status, rows so far, and once done a link valid for 5 minutes. The kind's permission is checked by the service. */
  route({
    method: 'GET',
    path: '/api/web/exports/{id}',
    permission: null,
    params: idOf(EXPORT_MESSAGES.notFound),
    handler: ({ service, params }) => exportJob(service, params.id),
  }),
];
