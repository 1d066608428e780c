import { z } from '@freguesia/shared/domain/zod-pt';
import {
  IntegrationTokenAnswer,
  IntegrationTokenInfo,
  Setting,
  type SettingKey,
} from '@freguesia/shared/schemas/settings';
import { api } from './client';

/**
 * Key/value platform settings and the POS integration token (spec part 3 §3, §7).
 * Writing is one upsert per key: PUT /api/web/settings {key, value}.
 */

/** GET /api/web/settings: every known key (secrets masked). */
export async function listSettings(signal?: AbortSignal): Promise<Setting[]> {
  return z.array(Setting).parse(await api.get('/web/settings', { signal }));
}

/** The settings as a key → value map ('' for keys never written and without default). */
export async function settingsMap(signal?: AbortSignal): Promise<Partial<Record<SettingKey, string>>> {
  const list = await listSettings(signal);
  return Object.fromEntries(list.map((s) => [s.key, s.value ?? ''])) as Partial<Record<SettingKey, string>>;
}

/** GET /api/web/settings/{key}. */
export async function readSetting(key: SettingKey, signal?: AbortSignal): Promise<Setting> {
  return Setting.parse(await api.get(`/web/settings/${encodeURIComponent(key)}`, { signal }));
}

/** PUT /api/web/settings {key, value}: creates or updates one key. */
export async function writeSetting(key: SettingKey, value: string): Promise<Setting> {
  return Setting.parse(await api.put('/web/settings', { key, value }));
}

/** GET /api/web/settings/token/info: which token is current (hint, created_at) without rotating. */
export async function integrationTokenInfo(signal?: AbortSignal): Promise<IntegrationTokenInfo> {
  return IntegrationTokenInfo.parse(await api.get('/web/settings/token/info', { signal }));
}

/**
 * GET /api/web/settings/token: issues a NEW integration token (the old one stops working)
 * and returns it — the only time it can be read.
 */
export async function rotateIntegrationToken(): Promise<IntegrationTokenAnswer> {
  return IntegrationTokenAnswer.parse(await api.get('/web/settings/token'));
}
