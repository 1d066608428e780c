import { Service } from 'electrodb';
import { normalizeUserDocument } from '@freguesia/shared/schemas/identity';
import { hashPassword } from '../auth/password';
import { countersFor } from '../ddb/counters';
import { CounterEntity } from '../ddb/entities/counter';
import { TenantEntity } from '../ddb/entities/tenant';
import { UniqueEntity } from '../ddb/entities/unique';
import { assertCommitted, writeTransaction } from '../ddb/transactions';
import { MIGRATION_IDS } from '../../migrations';
import { TenantDirectoryEntity, directoryItem } from '../migrations/ledger';
import { DEFAULT_ROLES } from './default-roles';
import {
  ADMIN_COUNTER,
  IDENTITY_SCOPES,
  RoleEntity,
  UserEntity,
  roleNameKey,
  roleUsersCounter,
} from './entities';

const identity = new Service({
  tenant: TenantEntity,
  role: RoleEntity,
  user: UserEntity,
  unique: UniqueEntity,
  counter: CounterEntity,
  directory: TenantDirectoryEntity,
});

export interface TenantSpec {
  tenant: string;
  name: string;
  primaryColor: string;
  admin: { email: string; password: string; fullname: string; shortname: string; document: string };
}

export interface ProvisionedTenant {
  adminId: number;
  /** Role ids in DEFAULT_ROLES order (the first is Administrador). */
  roleIds: number[];
}

/**
 * Creates a tenant with the default roles and its first administrator, listed in the tenant
 * directory (lib/migrations/ledger.ts), all in one transaction (a half-created tenant cannot exist). Returns undefined when it already exists.
 */
export async function provisionTenant(spec: TenantSpec): Promise<ProvisionedTenant | undefined> {
  const { tenant } = spec;
  const existing = await TenantEntity.get({ tenant }).go();
  if (existing.data) return undefined;
  const counters = countersFor(tenant);
  const firstRoleId = await counters.reserve('role', DEFAULT_ROLES.length);
  const adminId = await counters.next('user');
  const passwordHash = await hashPassword(spec.admin.password);
  const email = spec.admin.email.trim().toLowerCase();
  // Re-run on a transaction conflict only: the tenant record's condition failing means it exists.
  const result = await writeTransaction(() =>
    identity.transaction
      .write(({ tenant: t, role, user, unique, counter, directory }) => [
        t.create({ tenant, name: spec.name, primaryColor: spec.primaryColor }).commit(),
        // Listed for the data migrations with every one done: a new tenant has no old data.
        directory.put(directoryItem(tenant, MIGRATION_IDS)).commit(),
        ...DEFAULT_ROLES.map((r, i) => role.create({ tenant, id: firstRoleId + i, ...r }).commit()),
        user
          .create({
            tenant,
            id: adminId,
            email,
            fullname: spec.admin.fullname,
            shortname: spec.admin.shortname,
            document: spec.admin.document,
            passwordHash,
            allStores: true,
            roleId: firstRoleId,
          })
          .commit(),
        unique.create({ tenant, scope: IDENTITY_SCOPES.userEmail, value: email, ownerId: adminId }).commit(),
        counter.upsert({ tenant, name: 'total:user' }).add({ value: 1 }).commit(),
        // Markers and counters the settings API relies on (role names, documents, last admin).
        ...DEFAULT_ROLES.map((r, i) =>
          unique
            .create({
              tenant,
              scope: IDENTITY_SCOPES.roleName,
              value: roleNameKey(r.role),
              ownerId: firstRoleId + i,
            })
            .commit(),
        ),
        unique
          .create({
            tenant,
            scope: IDENTITY_SCOPES.userDocument,
            value: normalizeUserDocument(spec.admin.document),
            ownerId: adminId,
          })
          .commit(),
        counter
          .upsert({ tenant, name: `total:${ADMIN_COUNTER}` })
          .add({ value: 1 })
          .commit(),
        counter
          .upsert({ tenant, name: `total:${roleUsersCounter(firstRoleId)}` })
          .add({ value: 1 })
          .commit(),
      ])
      .go(),
  );
  assertCommitted(result, { 0: `O ambiente '${tenant}' já existe.` });
  return { adminId, roleIds: DEFAULT_ROLES.map((_, i) => firstRoleId + i) };
}
