import * as z from 'zod';
import { isDay } from '@freguesia/shared/domain/dates';
import { route } from '../lib/http/route';
import { auditLog, recordHistory } from './audit.service';

const day = z.string().trim().refine(isDay, 'Data inválida: use AAAA-MM-DD.');
const page = {
  cursor: z.string().max(2_000, 'Cursor inválido.').optional(),
  limit: z.coerce
    .number({ error: 'limit deve ser um número.' })
    .int('limit deve ser um número inteiro.')
    .min(1, 'limit deve ser 1 ou maior.')
    .max(100, 'limit deve ser no máximo 100.')
    .default(50),
};

/** The audit log (functions/README.md, "Audit log"); the services check who may read what. */
export const auditRoutes = [
  /** The tenant's log for admins (write Settings): filters by kind of record, user and days. */
  route({
    method: 'GET',
    path: '/api/web/audit',
    permission: null,
    query: z
      .object({
        entity: z.string().max(40).optional(),
        actor_id: z.coerce
          .number()
          .int()
          .positive('Usuário inválido.')
          .max(Number.MAX_SAFE_INTEGER)
          .optional(),
        from: day.optional(),
        to: day.optional(),
        ...page,
      })
      .refine((q) => !q.from || !q.to || q.from <= q.to, {
        message: 'A data final deve ser igual ou posterior à inicial.',
        path: ['to'],
      }),
    handler: ({ service, query }) => auditLog(service, query),
  }),
  /** A record's 'Histórico', for whoever may read the record. */
  route({
    method: 'GET',
    path: '/api/web/audit/{entity}/{id}',
    permission: null,
    params: z.object({
      entity: z.string().max(40),
      id: z.string().trim().min(1, 'Registro inválido.').max(100, 'Registro inválido.'),
    }),
    query: z.object(page),
    handler: ({ service, params, query }) => recordHistory(service, params.entity, params.id, query),
  }),
];
