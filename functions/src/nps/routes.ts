import { NpsDashboardQuery } from '@freguesia/shared/schemas/nps';
import { route } from '../lib/http/route';
import { npsDashboard } from './dashboard.service';

/**
 * The staff's NPS dashboard (spec part 3 §7 'Dashboard, NPS and customer details'). The NPS settings
 * (/api/web/settings/nps) are the `nps-settings` function's: they save HTML through the sanitiser.
 */
export const routes = [
  route({
    method: 'GET',
    path: '/api/web/nps/dashboard',
    // The /nps screen needs write Customers (spec part 3 §2, §6).
    permission: { action: 'write', subject: 'Customers' },
    query: NpsDashboardQuery,
    handler: async ({ service, query }) => npsDashboard(service, query.days),
  }),
];
