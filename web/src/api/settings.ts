import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  IntegrationTokenAnswer,
  IntegrationTokenInfo,
  IntegrationTokenView,
  Setting,
  type SettingKey,
} from '@freguesia/shared/schemas/settings';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/**
 * Key/value platform settings and the POS integration token (spec part 3 §3, §7), with their
 * query hooks. Writing is one upsert per key: PUT /api/web/settings {key, value}.
 */

const SETTINGS = 'settings';

/** Values of the platform settings, by key ('' when unset). */
export type SettingValues = Partial<Record<SettingKey, string>>;

/** GET /api/web/settings: every known key (secrets masked). */
export async function listSettings(signal?: AbortSignal): Promise<Setting[]> {
  return parseAnswer(z.array(Setting), await api.get('/web/settings', { signal }));
}

/** The settings as a key → value map ('' for keys never written and without default). */
export async function settingsMap(signal?: AbortSignal): Promise<SettingValues> {
  const list = await listSettings(signal);
  return Object.fromEntries(list.map((s) => [s.key, s.value ?? ''])) as SettingValues;
}

/** GET /api/web/settings/{key}. */
export async function readSetting(key: SettingKey, signal?: AbortSignal): Promise<Setting> {
  return parseAnswer(Setting, await api.get(`/web/settings/${encodeURIComponent(key)}`, { signal }));
}

/** PUT /api/web/settings {key, value}: creates or updates one key. */
export async function writeSetting(key: SettingKey, value: string): Promise<Setting> {
  return parseAnswer(Setting, await api.put('/web/settings', { key, value }));
}

/** GET /api/web/settings/token/info: which token is current (hint, created_at), without the token. */
export async function integrationTokenInfo(signal?: AbortSignal): Promise<IntegrationTokenInfo> {
  return parseAnswer(IntegrationTokenInfo, await api.get('/web/settings/token/info', { signal }));
}

/** GET /api/web/settings/token: the current token (write Settings). Safe: reading never rotates. */
export async function readIntegrationToken(signal?: AbortSignal): Promise<IntegrationTokenView> {
  return parseAnswer(IntegrationTokenView, await api.get('/web/settings/token', { signal }));
}

/**
 * POST /api/web/settings/token/rotate: issues a NEW integration token; the old one stops
 * working at once (ask for confirmation first).
 */
export async function rotateIntegrationToken(): Promise<IntegrationTokenAnswer> {
  return parseAnswer(IntegrationTokenAnswer, await api.post('/web/settings/token/rotate'));
}

// ---------------------------------------------------------------- hooks

/** Every setting as a key → value map. */
export const useSettings = () =>
  useQuery({ queryKey: tenantKey(SETTINGS, 'map'), queryFn: ({ signal }) => settingsMap(signal) });

/** Upserts one key; the settings (and whatever reads one, e.g. the purchases period) refresh. */
export function useSaveSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: string }) => writeSetting(key, value),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(SETTINGS) }),
  });
}

/** The current integration token (status, token, hint, created_at). */
export const useIntegrationToken = () =>
  useQuery({ queryKey: tenantKey(SETTINGS, 'token'), queryFn: ({ signal }) => readIntegrationToken(signal) });

/** Issues a new integration token; the current token becomes the new one. */
export function useRotateIntegrationToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateIntegrationToken,
    onSuccess: (answer) => client.setQueryData<IntegrationTokenView>(tenantKey(SETTINGS, 'token'), answer),
  });
}
