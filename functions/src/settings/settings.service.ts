import type {
  IntegrationTokenAnswer,
  IntegrationTokenInfo,
  Setting,
  SettingKey,
  SettingWrite,
} from '@freguesia/shared/schemas/settings';
import {
  PORTAL_SETTING_KEYS,
  SETTINGS,
  SETTING_KEYS,
  isSecretSetting,
  maskSecret,
} from '@freguesia/shared/schemas/settings';
import type { ServiceContext, TenantInfo } from '../lib/context';
import { settingsRepository, type SettingRecord } from './settings-repository';

type SettingsRepository = ReturnType<typeof settingsRepository>;

/** What a key reads as while never written: its default, or the tenant's current theme. */
function fallback(key: SettingKey, tenant: TenantInfo): string | null {
  if (key === 'primary_color') return tenant.primaryColor;
  return SETTINGS[key].defaultValue ?? null;
}

/** One setting for staff: secrets are masked everywhere (only the server reads them in clear). */
export function settingAnswer(key: SettingKey, record: SettingRecord | null | undefined, tenant: TenantInfo): Setting {
  const secret = isSecretSetting(key);
  const value = record ? record.value : fallback(key, tenant);
  return {
    key,
    value: secret && value !== null ? maskSecret(value) : value,
    secret,
    updated_at: record?.updatedAt ?? null,
  };
}

/** Every known key (written or not), in catalogue order. */
export async function listSettings(repo: SettingsRepository, tenant: TenantInfo): Promise<Setting[]> {
  const stored = new Map((await repo.list()).map((r) => [r.key, r]));
  return SETTING_KEYS.map((key) => settingAnswer(key, stored.get(key), tenant));
}

export async function readSetting(repo: SettingsRepository, tenant: TenantInfo, key: SettingKey): Promise<Setting> {
  return settingAnswer(key, await repo.get(key), tenant);
}

export async function writeSetting(
  repo: SettingsRepository,
  tenant: TenantInfo,
  input: SettingWrite,
  userId: number,
): Promise<Setting> {
  const record = await repo.upsert(input.key, input.value, userId);
  return settingAnswer(input.key, record, tenant);
}

/** The customer portal's keys only, as `[{key, value}]` (no secret is ever among them). */
export async function portalSettings(
  repo: SettingsRepository,
  tenant: TenantInfo,
): Promise<Array<{ key: string; value: string | null }>> {
  const stored = new Map((await repo.list()).map((r) => [r.key, r]));
  return PORTAL_SETTING_KEYS.map((key) => ({ key, value: stored.get(key)?.value ?? fallback(key, tenant) }));
}

/**
 * Issues a new integration token and revokes every previous one. The spec's
 * GET /web/settings/token "returns the token"; since only its SHA-256 is stored, the
 * token cannot be shown again later, so this call rotates and shows the new one once.
 */
export async function rotateIntegrationToken(repo: SettingsRepository): Promise<IntegrationTokenAnswer> {
  const { token, record } = await repo.rotateToken();
  return { token, hint: record.hint, created_at: record.createdAt ?? '' };
}

export async function integrationTokenInfo(repo: SettingsRepository): Promise<IntegrationTokenInfo> {
  const current = await repo.currentToken();
  return { hint: current?.hint ?? null, created_at: current?.createdAt ?? null };
}

/**
 * The stored value of one setting for the tenant (undefined when never written): what other
 * domains read (the portal's required fields, the average-basket window, …).
 */
export async function readSettingValue(ctx: ServiceContext, key: SettingKey): Promise<string | undefined> {
  return (await settingsRepository(ctx.tenant).value(key)) ?? undefined;
}
