import type {
  IntegrationTokenAnswer,
  IntegrationTokenInfo,
  IntegrationTokenView,
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
import { recordAudit } from '../audit/audit.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { generateToken, hashToken, integrationTokenContext } from '../lib/auth/integration';
import { findTenant } from '../lib/ddb/tenants';
import { logger } from '../lib/logger';
import { UnreadableSecretError, secretsCipher } from '../lib/ports/secrets-key';
import {
  settingsRepository,
  type IntegrationTokenCurrentRecord,
  type SettingRecord,
} from './settings.repository';

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
export function settingAnswer(
  key: SettingKey,
  record: SettingRecord | null | undefined,
  primaryColor: string | null,
): Setting {
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
  const repo = settingsRepository(ctx.tenant);
  const previous = await repo.value(input.key);
  const record = await repo.upsert(input.key, input.value, staffOf(ctx)?.userId);
  // A secret key's value never reaches the log: only that it changed.
  const shown = (v: string | null) => (isSecretSetting(input.key) && v ? '••••' : v);
  await recordAudit(ctx, {
    entity: 'setting',
    entityId: input.key,
    action: previous === null ? 'create' : 'update',
    summary: input.key,
    before: previous === null ? undefined : { [input.key]: shown(previous) },
    after: { [input.key]: shown(input.value) },
  });
  // The record was just written, so no fallback is read.
  return settingAnswer(input.key, record, null);
}

/** The customer portal's keys only, as `[{key, value}]` (no secret is ever among them). */
export async function portalSettings(
  ctx: ServiceContext,
): Promise<Array<{ key: string; value: string | null }>> {
  const [records, color] = await Promise.all([settingsRepository(ctx.tenant).list(), themeColor(ctx)]);
  const stored = new Map(records.map((r) => [r.key, r]));
  return PORTAL_SETTING_KEYS.map((key) => ({ key, value: stored.get(key)?.value ?? fallback(key, color) }));
}

const NO_TOKEN: IntegrationTokenView = { status: 'none', token: null, hint: null, created_at: null };

/**
 * GET /api/web/settings/token (write Settings): the current integration token, decrypted.
 * Reading never writes, so a second look, a prefetch or a retry changes nothing. No token yet:
 * `status: 'none'` (one is issued only by an explicit rotation). A token that cannot be shown
 * (issued before tokens were stored encrypted, or sealed with a replaced key) keeps working
 * for the points of sale and reads as `status: 'unreadable'` with its hint.
 */
export async function readIntegrationToken(ctx: ServiceContext): Promise<IntegrationTokenView> {
  const repo = settingsRepository(ctx.tenant);
  const current = await repo.currentToken();
  if (!current) {
    const [legacy] = await repo.validTokens();
    return legacy
      ? { status: 'unreadable', token: null, hint: legacy.hint, created_at: legacy.createdAt ?? null }
      : NO_TOKEN;
  }
  const shown = { hint: current.hint, created_at: current.createdAt };
  try {
    const token = await (await secretsCipher()).open(current.sealed, integrationTokenContext(ctx.tenant));
    return { status: 'active', token, ...shown };
  } catch (error) {
    if (!(error instanceof UnreadableSecretError)) throw error;
    logger.error('integration token cannot be decrypted', { reason: error.message });
    return { status: 'unreadable', token: null, ...shown };
  }
}

/**
 * POST /api/web/settings/token/rotate: issues a new integration token and revokes every
 * previous one at once (points of sale still using the old one get 401 until updated).
 */
export async function rotateIntegrationToken(ctx: ServiceContext): Promise<IntegrationTokenAnswer> {
  return installIntegrationToken(ctx, generateToken());
}

/**
 * Makes `token` the tenant's only integration token: stored as a hash for the POS check and
 * sealed with the data key for staff to read again. The local seed installs its known token
 * (`frg_local_<tenant>_integration`) through it; the API only ever installs generated ones.
 */
export async function installIntegrationToken(
  ctx: ServiceContext,
  token: string,
): Promise<IntegrationTokenAnswer> {
  const repo = settingsRepository(ctx.tenant);
  const [previous, listed, cipher] = await Promise.all([
    repo.currentToken(),
    repo.validTokens(),
    secretsCipher(),
  ]);
  const createdAt = ctx.now().toISOString();
  const createdBy = staffOf(ctx)?.userId;
  const next: IntegrationTokenCurrentRecord = {
    tenant: ctx.tenant,
    tokenHash: hashToken(token),
    hint: token.slice(-4),
    sealed: await cipher.seal(token, integrationTokenContext(ctx.tenant)),
    createdAt,
    ...(createdBy === undefined ? {} : { createdBy }),
  };
  // The index may lag a rotation made a moment ago; the current item names its token for sure.
  const revoke = [...listed.map((t) => t.tokenHash), ...(previous ? [previous.tokenHash] : [])];
  await repo.replaceToken(previous, next, revoke);
  return { status: 'active', token, hint: next.hint, created_at: createdAt };
}

/** GET /api/web/settings/token/info (read Settings): which token is current, without revealing it. */
export async function integrationTokenInfo(ctx: ServiceContext): Promise<IntegrationTokenInfo> {
  const repo = settingsRepository(ctx.tenant);
  const current = await repo.currentToken();
  if (current) return { hint: current.hint, created_at: current.createdAt };
  const [legacy] = await repo.validTokens();
  return { hint: legacy?.hint ?? null, created_at: legacy?.createdAt ?? null };
}

/**
 * The stored value of one setting for the tenant (undefined when never written): what other
 * domains read (the portal's required fields, the average-basket window, …).
 */
export async function readSettingValue(ctx: ServiceContext, key: SettingKey): Promise<string | undefined> {
  return (await settingsRepository(ctx.tenant).value(key)) ?? undefined;
}
