import { NpsDashboardQuery, NpsSettingsWrite } from '@freguesia/shared/schemas/nps';
import { route } from '../lib/http/route';
import { npsDashboard } from './dashboard.service';
import { readNpsSettings, saveNpsSettings } from './settings.service';

const SETTINGS_WRITE = { action: 'write', subject: 'Settings' } as const;

/** The staff's NPS calls (spec part 3 §7 'Dashboard, NPS and customer details'). */
export const routes = [
  route({
    method: 'GET',
    path: '/api/web/nps/dashboard',
    // The /nps screen needs write Customers (spec part 3 §2, §6).
    permission: { action: 'write', subject: 'Customers' },
    query: NpsDashboardQuery,
    handler: async ({ service, query }) => npsDashboard(service, query.days),
  }),
  route({
    method: 'GET',
    path: '/api/web/settings/nps',
    permission: SETTINGS_WRITE,
    handler: async ({ service }) => readNpsSettings(service),
  }),
  route({
    method: 'PUT',
    path: '/api/web/settings/nps',
    permission: SETTINGS_WRITE,
    body: NpsSettingsWrite,
    // Two editor projects and their HTML.
    maxBodyBytes: 4 * 1024 * 1024,
    handler: async ({ service, body }) => saveNpsSettings(service, body),
  }),
];
