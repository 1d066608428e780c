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
