import { z } from 'zod';
import { EmailTest, SENDABLE_TYPES } from '@freguesia/shared/schemas/communication';
import { assertCampaignAccess } from '../campaigns/campaigns.service';
import { estimateSend } from '../campaigns/communication-campaigns.service';
import { route } from '../lib/http/route';
import { cancelSend, pauseSend, resumeSend, sendNow, sendProgress, sendTestEmail } from './sending.service';

/** Staff only; the service checks Campaigns or the campaign's channel (Communications, Mobile). */
const BY_TYPE = null;
const WRITE_ANY = { action: 'write', subject: 'Communications' } as const;
const NOT_FOUND = 'Campanha não encontrada.';
const idParams = z.object({
  id: z.coerce.number({ error: NOT_FOUND }).int(NOT_FOUND).positive(NOT_FOUND).max(Number.MAX_SAFE_INTEGER, NOT_FOUND),
});

const action = (name: 'send' | 'pause' | 'resume' | 'cancel', run: typeof sendNow) =>
  route({
    method: 'POST',
    path: `/api/web/communications/{id}/${name}`,
    permission: BY_TYPE,
    params: idParams,
    handler: ({ service, params }) => run(service, params.id),
  });

/** The sending calls of the communications (spec part 3 §7 and the pipeline's controls). */
export const communicationRoutes = [
  route({
    method: 'GET',
    path: '/api/web/communications/estimate',
    permission: BY_TYPE,
    query: z.object({
      type: z.enum(SENDABLE_TYPES, { error: 'Tipo de comunicação inválido.' }),
      id_lead: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional()),
      recipients: z.string().max(100, 'Máximo de 100 caracteres.').default(''),
    }),
    handler: ({ service, query }) => {
      assertCampaignAccess(service, 'read', [query.type]);
      return estimateSend(service, { type: query.type, id_lead: query.id_lead ?? null, recipients: query.recipients });
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/communications/email/test',
    permission: WRITE_ANY,
    body: EmailTest,
    maxBodyBytes: 1024 * 1024,
    handler: ({ service, body }) => sendTestEmail(service, body),
  }),
  route({
    method: 'GET',
    path: '/api/web/communications/{id}/progress',
    permission: BY_TYPE,
    params: idParams,
    handler: ({ service, params }) => sendProgress(service, params.id),
  }),
  action('send', sendNow),
  action('pause', pauseSend),
  action('resume', resumeSend),
  action('cancel', cancelSend),
];
