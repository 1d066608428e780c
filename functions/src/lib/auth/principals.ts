import { permissionsFromIds } from '@freguesia/shared/domain/permissions';
import { RoleEntity, UserEntity } from '../identity/entities';
import type { TokenClaims } from './jwt';
import type { StaffPrincipal } from '../context';

/**
 * Resolves a staff token to the user's current permissions. Read on every request (two
 * GetItems in one batch-sized round trip) so that a disabled or deleted user, a password
 * change (token version) or a role change takes effect immediately.
 */
export async function resolveStaffPrincipal(
  tenant: string,
  claims: TokenClaims,
): Promise<StaffPrincipal | undefined> {
  const userId = Number(claims.sub);
  if (!Number.isInteger(userId) || userId <= 0) return undefined;
  const { data: user } = await UserEntity.get({ tenant, id: userId }).go();
  if (!user || !user.active || user.tokenVersion !== claims.ver) return undefined;
  const { data: role } = await RoleEntity.get({ tenant, id: user.roleId }).go();
  return {
    kind: 'staff',
    userId: user.id,
    roleId: user.roleId,
    abilities: permissionsFromIds(role?.permissions ?? []),
    allStores: user.allStores,
    storeId: user.storeId ?? null,
    fullname: user.fullname,
    shortname: user.shortname,
  };
}
