import * as z from 'zod';
import { LuckyDrawRequest } from '@freguesia/shared/schemas/lucky';
import { route } from '../lib/http/route';
import {
  customerLuckyNumbers,
  luckyDraw,
  luckyNumbersPage,
  luckyStatus,
  verifyLuckyChain,
} from './lucky.service';

const READ = { action: 'read', subject: 'Campaigns' } as const;
const NOT_FOUND = 'Campanha não encontrada.';
const idParams = z.object({
  id: z.coerce
    .number({ error: NOT_FOUND })
    .int(NOT_FOUND)
    .positive(NOT_FOUND)
    .max(Number.MAX_SAFE_INTEGER, NOT_FOUND),
});
const CUSTOMER_NOT_FOUND = 'Cliente não encontrado.';

/**
 * Lucky numbers (functions/README.md "Lucky numbers"; paths not shown in the spec, ours in its
 * style): the issuance state, the issuance log, the chain's audit, the draw helper and a customer's
 * numbers. The campaign itself is saved through /web/campaign/new|update (campaigns function).
 */
export const luckyRoutes = [
  route({
    method: 'GET',
    path: '/api/web/lucky-numbers/customer/{id}',
    permission: READ,
    params: z.object({
      id: z.coerce
        .number({ error: CUSTOMER_NOT_FOUND })
        .int(CUSTOMER_NOT_FOUND)
        .positive(CUSTOMER_NOT_FOUND)
        .max(Number.MAX_SAFE_INTEGER, CUSTOMER_NOT_FOUND),
    }),
    handler: ({ service, params }) => customerLuckyNumbers(service, params.id),
  }),
  route({
    method: 'GET',
    path: '/api/web/lucky-numbers/{id}',
    permission: READ,
    params: idParams,
    handler: ({ service, params }) => luckyStatus(service, params.id),
  }),
  route({
    method: 'GET',
    path: '/api/web/lucky-numbers/{id}/numbers',
    permission: READ,
    params: idParams,
    query: z.object({
      after: z.coerce
        .number({ error: 'Página inválida.' })
        .int('Página inválida.')
        .min(0, 'Página inválida.')
        .max(100_000_000, 'Página inválida.')
        .default(0),
      per_page: z.coerce
        .number({ error: 'Tamanho de página inválido.' })
        .int('Tamanho de página inválido.')
        .min(1, 'Tamanho de página inválido.')
        .max(200, 'Tamanho de página inválido.')
        .default(50),
    }),
    handler: ({ service, params, query }) =>
      luckyNumbersPage(service, params.id, query.after, query.per_page),
  }),
  route({
    method: 'GET',
    path: '/api/web/lucky-numbers/{id}/audit',
    permission: READ,
    params: idParams,
    handler: ({ service, params }) => verifyLuckyChain(service, params.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/lucky-numbers/{id}/draw',
    permission: READ,
    params: idParams,
    body: LuckyDrawRequest,
    handler: ({ service, params, body }) => luckyDraw(service, params.id, body),
  }),
];
