import * as z from 'zod';
import { SENDABLE_TYPES } from '@freguesia/shared/domain/communication';
import { PushTest } from '@freguesia/shared/schemas/communication-tests';
import { isDay } from '@freguesia/shared/domain/dates';
import { route } from '../lib/http/route';
import { sendTestPush } from './communication-campaigns.service';
import { cancelSend, pauseSend, resumeSend, sendNow, sendProgress } from './controls.service';
import { estimateSendFor } from './estimate.service';
import { expenseReport } from './expenses.service';

/** Staff only; the service checks Campaigns or the campaign's channel (Communications, Mobile). */
const BY_TYPE = null;
const NOT_FOUND = 'Campanha não encontrada.';
const day = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).refine(isDay, 'Data inválida: use AAAA-MM-DD.');
const period = z
  .object({ start_at: day('Informe a data inicial.'), end_at: day('Informe a data final.') })
  .refine((p) => p.start_at <= p.end_at, {
    message: 'A data final deve ser igual ou posterior à inicial.',
    path: ['end_at'],
  })
  .refine((p) => p.end_at <= `${Number(p.start_at.slice(0, 4)) + 1}${p.start_at.slice(4)}`, {
    message: 'Consulte no máximo um ano.',
    path: ['end_at'],
  });
const idParams = z.object({
  id: z.coerce
    .number({ error: NOT_FOUND })
    .int(NOT_FOUND)
    .positive(NOT_FOUND)
    .max(Number.MAX_SAFE_INTEGER, NOT_FOUND),
});

const action = (name: 'send' | 'pause' | 'resume' | 'cancel', run: typeof sendNow) =>
  route({
    method: 'POST',
    path: `/api/web/communications/{id}/${name}`,
    permission: BY_TYPE,
    params: idParams,
    handler: ({ service, params }) => run(service, params.id),
  });

/**
 * The sending calls of the communications (spec part 3 §7 and the pipeline's controls) and the expense
 * report they feed. The e-mail editor's 'Enviar teste' (POST /api/web/communications/email/test) is
 * served by the campaigns function (campaigns/email-test.routes.ts), which carries the HTML sanitiser.
 */
export const communicationRoutes = [
  route({
    method: 'GET',
    path: '/api/web/communications/estimate',
    permission: BY_TYPE,
    query: z.object({
      type: z.enum(SENDABLE_TYPES, { error: 'Tipo de comunicação inválido.' }),
      id_lead: z.preprocess(
        (v) => (v === '' || v === '0' ? undefined : v),
        z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      ),
      recipients: z.string().max(100, 'Máximo de 100 caracteres.').default(''),
    }),
    handler: ({ service, query }) =>
      estimateSendFor(service, {
        type: query.type,
        id_lead: query.id_lead ?? null,
        recipients: query.recipients,
      }),
  }),
  route({
    method: 'POST',
    path: '/api/web/communications/push/test',
    permission: { action: 'write', subject: 'Mobile' },
    body: PushTest,
    handler: ({ service, body }) => sendTestPush(service, body),
  }),
  route({
    method: 'GET',
    path: '/api/web/communications/{id}/progress',
    permission: BY_TYPE,
    params: idParams,
    handler: ({ service, params }) => sendProgress(service, params.id),
  }),
  route({
    method: 'GET',
    path: '/api/web/reports/expenses',
    permission: { action: 'read', subject: 'Reports' },
    query: period,
    handler: ({ service, query }) => expenseReport(service, query),
  }),
  action('send', sendNow),
  action('pause', pauseSend),
  action('resume', resumeSend),
  action('cancel', cancelSend),
];
