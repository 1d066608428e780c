import * as z from 'zod';
import { CampaignLabelsQuery } from '@freguesia/shared/schemas/label';
import { route } from '../lib/http/route';
import { campaignLabels } from './labels-print.service';

const NOT_FOUND = 'Campanha não encontrada.';

/**
 * Label printing from a campaign row (spec part 2 §2.6; path not in the spec, chosen in the
 * style of `/web/campaigns/{id}/analytics`): write Campaigns ('print labels', part 2 §6).
 */
export const labelPrintRoutes = [
  route({
    method: 'GET',
    path: '/api/web/campaigns/{id}/labels',
    permission: { action: 'write', subject: 'Campaigns' },
    params: z.object({
      id: z.coerce
        .number({ error: NOT_FOUND })
        .int(NOT_FOUND)
        .positive(NOT_FOUND)
        .max(Number.MAX_SAFE_INTEGER, NOT_FOUND),
    }),
    query: CampaignLabelsQuery,
    handler: ({ service, params, query }) => campaignLabels(service, params.id, query),
  }),
];
