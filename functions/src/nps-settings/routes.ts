import { NpsSettingsWrite } from '@freguesia/shared/schemas/nps';
import { route } from '../lib/http/route';
import { readNpsSettings, saveNpsSettings } from '../nps/settings.service';

const SETTINGS_WRITE = { action: 'write', subject: 'Settings' } as const;

/**
 * The NPS settings (spec part 3 §7 'Dashboard, NPS and customer details'), kept by the nps domain
 * (nps/settings.service.ts) and served from a function of their own: the survey's e-mail and landing
 * page are editor HTML saved through sanitize-html (≈ 155 KB), which the NPS dashboard never runs.
 */
export const routes = [
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
