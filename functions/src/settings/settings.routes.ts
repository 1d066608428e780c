import * as z from 'zod';
import { SETTING_MESSAGES, SettingWrite, isSettingKey } from '@freguesia/shared/schemas/settings';
import { route } from '../lib/http/route';
import {
  integrationTokenInfo,
  listSettings,
  portalSettings,
  readIntegrationToken,
  readSetting,
  rotateIntegrationToken,
  writeSetting,
} from './settings.service';

const READ = { action: 'read', subject: 'Settings' } as const;
const WRITE = { action: 'write', subject: 'Settings' } as const;

const keyParams = z.object({
  key: z.string().transform((key, ctx) => {
    if (isSettingKey(key)) return key;
    ctx.addIssue({ code: 'custom', message: SETTING_MESSAGES.unknown(key) });
    return z.NEVER;
  }),
});

const write = (method: 'PUT' | 'POST') =>
  route({
    method,
    path: '/api/web/settings',
    permission: WRITE,
    body: SettingWrite,
    handler: async ({ service, body }) => writeSetting(service, body),
  });

/** Key/value settings, the integration token and the portal's public settings (spec part 3 §3, §7). */
export const settingRoutes = [
  route({
    method: 'GET',
    path: '/api/web/settings',
    permission: READ,
    handler: async ({ service }) => listSettings(service),
  }),
  // Read by key is open to any signed-in staff: screens outside Settings (sales coverage,
  // average basket, expense prices) read single keys. Secrets stay masked.
  route({
    method: 'GET',
    path: '/api/web/settings/{key}',
    permission: null,
    params: keyParams,
    handler: async ({ service, params }) => readSetting(service, params.key),
  }),
  write('PUT'),
  write('POST'),
  /**
   * The current integration token, `{status, token, hint, created_at}` (spec: "GET
   * /web/settings/token returns the token"). Safe: reading never rotates. Needs write Settings,
   * like rotating, since whoever reads the token can act as every point of sale.
   */
  route({
    method: 'GET',
    path: '/api/web/settings/token',
    permission: WRITE,
    handler: async ({ service }) => readIntegrationToken(service),
  }),
  /**
   * Issues a new token and revokes the previous one at once (path not in the spec, which has
   * no explicit rotation): the Integração tab calls it after a confirmation.
   */
  route({
    method: 'POST',
    path: '/api/web/settings/token/rotate',
    permission: WRITE,
    handler: async ({ service }) => rotateIntegrationToken(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/settings/token/info',
    permission: READ,
    handler: async ({ service }) => integrationTokenInfo(service),
  }),
  route({
    method: 'GET',
    path: '/api/customer/settings',
    auth: 'public',
    handler: async ({ service }) => portalSettings(service),
  }),
];
