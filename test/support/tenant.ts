import { randomBytes } from 'node:crypto';
import type { Ability } from '@freguesia/shared/domain/permissions';
import { PERMISSIONS, permissionId } from '@freguesia/shared/domain/permissions';
import type { Actor, ServiceContext } from '@freguesia/functions/lib/context';
import { signToken } from '@freguesia/functions/lib/auth/jwt';
import { hashPassword } from '@freguesia/functions/lib/auth/password';
import { countersFor } from '@freguesia/functions/lib/ddb/counters';
import { RoleEntity, UserEntity } from '@freguesia/functions/lib/identity/entities';
import { provisionTenant } from '@freguesia/functions/lib/identity/provision';
import { clearTenantCache } from '@freguesia/functions/lib/ddb/tenants';

export const ADMIN_PASSWORD = 'Senha-forte-123';

export interface TestTenant {
  tenant: string;
  adminId: number;
  adminEmail: string;
  adminToken: string;
  roleIds: number[];
  /** A signed-in staff user holding exactly `abilities` (plus read Auth). */
  userWith(
    abilities: Ability[],
    options?: { allStores?: boolean; storeId?: number },
  ): Promise<{ id: number; token: string; email: string }>;
}

/** A fresh tenant with the default roles and an administrator: one per test file or test. */
export async function createTestTenant(prefix = 't'): Promise<TestTenant> {
  const tenant = `${prefix}${randomBytes(5).toString('hex')}`;
  const adminEmail = `admin@${tenant}.test`;
  const provisioned = await provisionTenant({
    tenant,
    name: `Loja ${tenant}`,
    primaryColor: '#c62828',
    admin: {
      email: adminEmail,
      password: ADMIN_PASSWORD,
      fullname: 'Admin Teste',
      shortname: 'Admin',
      document: '00000000191',
    },
  });
  if (!provisioned) throw new Error('tenant already exists');
  clearTenantCache();
  const adminToken = await signToken({
    sub: String(provisioned.adminId),
    tnt: tenant,
    typ: 'staff',
    rol: provisioned.roleIds[0],
    ver: 1,
  });
  const counters = countersFor(tenant);
  return {
    tenant,
    adminId: provisioned.adminId,
    adminEmail,
    adminToken,
    roleIds: provisioned.roleIds,
    async userWith(abilities, options = {}) {
      const roleId = await counters.next('role');
      const ids = [{ action: 'read', subject: 'Auth' } as Ability, ...abilities]
        .map((a) => permissionId(a.action, a.subject))
        .filter((id): id is number => id !== undefined);
      await RoleEntity.create({
        tenant,
        id: roleId,
        role: `Perfil ${roleId}`,
        description: 'teste',
        permissions: ids,
      }).go();
      const id = await counters.next('user');
      const email = `user${id}@${tenant}.test`;
      await UserEntity.create({
        tenant,
        id,
        email,
        fullname: `Usuário ${id}`,
        shortname: `U${id}`,
        document: String(10_000_000_000 + id),
        passwordHash: await hashPassword(ADMIN_PASSWORD),
        allStores: options.allStores ?? true,
        storeId: options.storeId,
        roleId,
      }).go();
      const token = await signToken({ sub: String(id), tnt: tenant, typ: 'staff', rol: roleId, ver: 1 });
      return { id, token, email };
    },
  };
}

/**
 * A service context for `tenant` acting as its administrator (every permission, all stores),
 * for service tests that call a domain's service directly. Pass `now` to fix the clock and
 * `actor` to act as someone else (a store-scoped user, a customer, the integration).
 */
export function staffContext(
  t: Pick<TestTenant, 'tenant' | 'adminId'>,
  overrides: { now?: () => Date; actor?: Actor } = {},
): ServiceContext {
  const admin: Actor = {
    kind: 'staff',
    userId: t.adminId,
    roleId: 1,
    abilities: PERMISSIONS.map((p) => ({ action: p.action, subject: p.subject }) as Ability),
    allStores: true,
    storeId: null,
    fullname: 'Admin Teste',
    shortname: 'Admin',
  };
  return {
    tenant: t.tenant,
    tenantInfo: { id: t.tenant, name: `Loja ${t.tenant}`, primaryColor: '#c62828' },
    actor: overrides.actor ?? admin,
    now: overrides.now ?? (() => new Date()),
    sourceIp: '127.0.0.1',
  };
}
