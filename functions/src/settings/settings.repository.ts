import { Service, type EntityItem } from 'electrodb';
import type { SettingKey } from '@freguesia/shared/schemas/settings';
import { SETTINGS } from '@freguesia/shared/schemas/settings';
import { IntegrationTokenCurrentEntity, IntegrationTokenEntity } from '../lib/auth/integration';
import { TenantEntity } from '../lib/ddb/entities/tenant';
import { clearTenantCache } from '../lib/ddb/tenants';
import { assertCommitted, transactionError, writeTransaction } from '../lib/ddb/transactions';
import { SettingEntity, type SettingRecord } from './entities';

export type { SettingRecord } from './entities';

export type IntegrationTokenRecord = EntityItem<typeof IntegrationTokenEntity>;
export type IntegrationTokenCurrentRecord = EntityItem<typeof IntegrationTokenCurrentEntity>;

export const TOKEN_MESSAGES = {
  concurrentRotation:
    'O token de integração acabou de ser trocado por outra pessoa. Recarregue a página para ver o token atual.',
} as const;

const themed = new Service({ setting: SettingEntity, tenant: TenantEntity });
const tokens = new Service({ token: IntegrationTokenEntity, current: IntegrationTokenCurrentEntity });

/** Key/value settings and the integration token of one tenant. */
export function settingsRepository(tenant: string) {
  return {
    /** Every stored setting (a handful of items, one query on the tenant's partition). */
    async list(): Promise<SettingRecord[]> {
      const { data } = await SettingEntity.query.byKey({ tenant }).go({ pages: 'all' });
      return data;
    },

    async get(settingKey: SettingKey): Promise<SettingRecord | null> {
      const { data } = await SettingEntity.get({ tenant, key: settingKey }).go();
      return data;
    },

    /**
     * The clear value of a setting for server-side use (e.g. the mail sender reading
     * `sendgrid_apikey`), falling back to the key's default; null when unset.
     */
    async value(settingKey: SettingKey): Promise<string | null> {
      const record = await this.get(settingKey);
      return record?.value ?? SETTINGS[settingKey].defaultValue ?? null;
    },

    /**
     * Writes a setting whether or not it exists (PUT and POST share it, so the web's
     * "update, else create" works either way). `primary_color` is the tenant theme: it is
     * written to the tenant record in the same transaction, so GET /api/web/tenant follows.
     */
    async upsert(
      settingKey: SettingKey,
      value: string,
      updatedBy: number | undefined,
    ): Promise<SettingRecord> {
      const updatedAt = new Date().toISOString();
      const by = updatedBy === undefined ? {} : { updatedBy };
      if (settingKey === 'primary_color') {
        const result = await writeTransaction(() =>
          themed.transaction
            .write(({ setting, tenant: t }) => [
              setting.put({ tenant, key: settingKey, value, ...by, updatedAt }).commit(),
              t.patch({ tenant }).set({ primaryColor: value }).commit(),
            ])
            .go(),
        );
        if (result.canceled) throw transactionError(result);
        // This container forgets the cached theme now; others within the cache's minute.
        clearTenantCache();
      } else {
        await SettingEntity.put({ tenant, key: settingKey, value, ...by, updatedAt }).go();
      }
      return { tenant, key: settingKey, value, ...by, updatedAt };
    },

    /** The current integration token (sealed), read strongly consistent; null until one is issued. */
    async currentToken(): Promise<IntegrationTokenCurrentRecord | null> {
      const { data } = await IntegrationTokenCurrentEntity.get({ tenant }).go({ consistent: true });
      return data;
    },

    /**
     * Valid tokens as the tenant index lists them, newest first: tokens issued before the
     * current-token item existed (stored as a hash only) show up here. The index may lag a
     * rotation by a moment, so it never decides which token is current.
     */
    async validTokens(): Promise<IntegrationTokenRecord[]> {
      const { data } = await IntegrationTokenEntity.query
        .byTenant({ tenant })
        .go({ pages: 'all', order: 'desc' });
      return data;
    },

    /**
     * Makes `next` the only valid token in one transaction: writes the new hash item and the
     * current-token item (conditioned on `previous`, so of two rotations at once one fails with
     * a conflict) and deletes every token in `revoke`.
     */
    async replaceToken(
      previous: IntegrationTokenCurrentRecord | null,
      next: IntegrationTokenCurrentRecord,
      revoke: string[],
    ): Promise<void> {
      const hashes = [...new Set(revoke)].filter((h) => h !== next.tokenHash);
      // A transaction holds at most 100 operations; leftovers (never expected) go first.
      const inTransaction = hashes.slice(0, 90);
      for (const extra of hashes.slice(90))
        await IntegrationTokenEntity.delete({ tenant, tokenHash: extra }).go();
      const result = await writeTransaction(() =>
        tokens.transaction
          .write(({ token, current }) => [
            previous
              ? current
                  .put(next)
                  .where(({ tokenHash }, { eq }) => eq(tokenHash, previous.tokenHash))
                  .commit()
              : current.create(next).commit(),
            // put, not create: installing a token that is already valid (the seed's) stays idempotent.
            token
              .put({ tenant, tokenHash: next.tokenHash, hint: next.hint, createdAt: next.createdAt })
              .commit(),
            ...inTransaction.map((tokenHash) => token.delete({ tenant, tokenHash }).commit()),
          ])
          .go(),
      );
      assertCommitted(result, { 0: TOKEN_MESSAGES.concurrentRotation });
    },
  };
}
