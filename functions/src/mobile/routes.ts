import { AppEventsInput, MobileDashboardQuery } from '@freguesia/shared/schemas/mobile';
import { route } from '../lib/http/route';
import { mobileDashboard, recordAppEvents } from './mobile.service';

/** The mobile app admin's dashboard and the app's usage events (functions/README.md, "Mobile app"). */
export const routes = [
  route({
    method: 'GET',
    path: '/api/web/dashboard/mobile',
    // Read Mobile: dashboard, categories, push and art lists (spec part 3 §6).
    permission: { action: 'read', subject: 'Mobile' },
    query: MobileDashboardQuery,
    handler: async ({ service, query }) => mobileDashboard(service, query.days),
  }),
  route({
    method: 'POST',
    path: '/api/app/events',
    // The app signs in as the customer (POST /api/customer/login) and posts with that token.
    auth: 'customer',
    body: AppEventsInput,
    maxBodyBytes: 64 * 1024,
    handler: async ({ service, body }) => recordAppEvents(service, body),
  }),
];
