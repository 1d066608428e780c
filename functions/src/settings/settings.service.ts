import type { IntegrationTokenAnswer, IntegrationTokenInfo, Setting, SettingKey, SettingWrite } from '@freguesia/shared/schemas/settings';
import { PORTAL_SETTING_KEYS, SETTINGS, SETTING_KEYS, isSecretSetting, maskSecret } from '@freguesia/shared/schemas/settings';
import { staffOf, type ServiceContext } from '../lib/context';
import { findTenant } from '../lib/ddb/tenants';
import { settingsRepository, type SettingRecord } from './settings.repository';

/**
 * Key/value settings, the integration token and the portal's public settings (spec part 3 §3, §7).
 * Secrets are masked in every answer; only the server reads them in clear (`readSettingValue`).
 */

/** What `primary_color` reads as while never written: the tenant's current theme. */
async function themeColor(ctx: ServiceContext): Promise<string | null> {
  const tenant = ctx.tenantInfo ?? (await findTenant(ctx.tenant));
  return tenant?.primaryColor ?? null;
}

/** What a key reads as while never written: its default, or (primary_color) the tenant's theme. */
function fallback(key: SettingKey, primaryColor: string | null): string | null {
  if (key === 'primary_color') return primaryColor;
  return SETTINGS[key].defaultValue ?? null;
}

/** One setting for staff: secrets are masked everywhere. */
export function settingAnswer(key: SettingKey, record: SettingRecord | null | undefined, primaryColor: string | null): Setting {
  const secret = isSecretSetting(key);
  const value = record ? record.value : fallback(key, primaryColor);
  return {
    key,
    value: secret && value !== null ? maskSecret(value) : value,
    secret,
    updated_at: record?.updatedAt ?? null,
  };
}

/** Every known key (written or not), in catalogue order. */
export async function listSettings(ctx: ServiceContext): Promise<Setting[]> {
  const [records, color] = await Promise.all([settingsRepository(ctx.tenant).list(), themeColor(ctx)]);
  const stored = new Map(records.map((r) => [r.key, r]));
  return SETTING_KEYS.map((key) => settingAnswer(key, stored.get(key), color));
}

export async function readSetting(ctx: ServiceContext, key: SettingKey): Promise<Setting> {
  const [record, color] = await Promise.all([settingsRepository(ctx.tenant).get(key), themeColor(ctx)]);
  return settingAnswer(key, record, color);
}

/**
 * Writes a setting whether or not it exists (PUT and POST share it, so the web's "update, else
 * create" works either way); `primary_color` also becomes the tenant's theme.
 */
export async function writeSetting(ctx: ServiceContext, input: SettingWrite): Promise<Setting> {
  const record = await settingsRepository(ctx.tenant).upsert(input.key, input.value, staffOf(ctx)?.userId);
  // The record was just written, so no fallback is read.
  return settingAnswer(input.key, record, null);
}

/** The customer portal's keys only, as `[{key, value}]` (no secret is ever among them). */
export async function portalSettings(ctx: ServiceContext): Promise<Array<{ key: string; value: string | null }>> {
  const [records, color] = await Promise.all([settingsRepository(ctx.tenant).list(), themeColor(ctx)]);
  const stored = new Map(records.map((r) => [r.key, r]));
  return PORTAL_SETTING_KEYS.map((key) => ({ key, value: stored.get(key)?.value ?? fallback(key, color) }));
}

/**
 * Issues a new integration token and revokes every previous one. The spec's
 * GET /web/settings/token "returns the token"; since only its SHA-256 is stored, the
 * token cannot be shown again later, so this call rotates and shows the new one once.
 */
export async function rotateIntegrationToken(ctx: ServiceContext): Promise<IntegrationTokenAnswer> {
  const { token, record } = await settingsRepository(ctx.tenant).rotateToken();
  return { token, hint: record.hint, created_at: record.createdAt ?? '' };
}

export async function integrationTokenInfo(ctx: ServiceContext): Promise<IntegrationTokenInfo> {
  const current = await settingsRepository(ctx.tenant).currentToken();
  return { hint: current?.hint ?? null, created_at: current?.createdAt ?? null };
}

/**
 * The stored value of one setting for the tenant (undefined when never written): what other
 * domains read (the portal's required fields, the average-basket window, …).
 */
export async function readSettingValue(ctx: ServiceContext, key: SettingKey): Promise<string | undefined> {
  return (await settingsRepository(ctx.tenant).value(key)) ?? undefined;
}
