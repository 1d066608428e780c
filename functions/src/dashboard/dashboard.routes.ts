import * as z from 'zod';
import { route } from '../lib/http/route';
import { dashboardInfo } from './dashboard.service';

/** The dashboard (spec part 3 §7: GET /web/dashboard with store_id; response dashboardInfo). */
export const dashboardRoutes = [
  route({
    method: 'GET',
    path: '/api/web/dashboard',
    permission: { action: 'read', subject: 'Dashboard' },
    query: z.object({
      store_id: z.preprocess(
        (v) => (v === undefined || v === '' || v === '0' ? undefined : v),
        z.coerce
          .number({ error: 'Loja inválida.' })
          .int('Loja inválida.')
          .positive('Loja inválida.')
          .max(1e9, 'Loja inválida.')
          .optional(),
      ),
    }),
    handler: ({ service, query }) => dashboardInfo(service, query.store_id),
  }),
];
