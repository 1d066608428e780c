import { Service, type EntityItem } from 'electrodb';
import type { SettingKey } from '@freguesia/shared/schemas/settings';
import { SETTINGS } from '@freguesia/shared/schemas/settings';
import { IntegrationTokenEntity, generateToken, hashToken } from '../lib/auth/integration';
import { TenantEntity } from '../lib/ddb/entities/tenant';
import { clearTenantCache } from '../lib/ddb/tenants';
import { transactionError, writeTransaction } from '../lib/ddb/transactions';
import { SettingEntity, type SettingRecord } from './entities';

export type { SettingRecord } from './entities';

export type IntegrationTokenRecord = EntityItem<typeof IntegrationTokenEntity>;

const themed = new Service({ setting: SettingEntity, tenant: TenantEntity });
const tokens = new Service({ token: IntegrationTokenEntity });

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
    async upsert(settingKey: SettingKey, value: string, updatedBy: number | undefined): Promise<SettingRecord> {
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

    /** The current integration token (newest), without its clear value. */
    async currentToken(): Promise<IntegrationTokenRecord | null> {
      const { data } = await IntegrationTokenEntity.query.byTenant({ tenant }).go({ pages: 'all', order: 'desc' });
      return data[0] ?? null;
    },

    /**
     * Replaces every integration token of the tenant by a new one in one transaction and
     * returns the new clear token: the only moment it exists outside the caller's hands.
     */
    async rotateToken(): Promise<{ token: string; record: IntegrationTokenRecord }> {
      const { data: old } = await IntegrationTokenEntity.query.byTenant({ tenant }).go({ pages: 'all' });
      const token = generateToken();
      const record: IntegrationTokenRecord = {
        tenant,
        tokenHash: hashToken(token),
        hint: token.slice(-4),
        createdAt: new Date().toISOString(),
      };
      // A transaction holds at most 100 operations; leftovers (never expected) go first.
      const inTransaction = old.slice(0, 90);
      for (const extra of old.slice(90)) await IntegrationTokenEntity.delete(extra).go();
      const result = await writeTransaction(() =>
        tokens.transaction
          .write(({ token: t }) => [
            ...inTransaction.map((o) => t.delete({ tenant, tokenHash: o.tokenHash }).commit()),
            t.create(record).commit(),
          ])
          .go(),
      );
      if (result.canceled) throw transactionError(result);
      return { token, record };
    },
  };
}
