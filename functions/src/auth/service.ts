import { PERMISSIONS, SUBJECT_LABELS, permissionsFromIds } from '@freguesia/shared/domain/permissions';
import type { LoginAnswer, LoginRequest, PermissionEntry } from '@freguesia/shared/schemas/identity';
import { LOGIN_FAILED_MESSAGE, LOGIN_THROTTLED_MESSAGE } from '@freguesia/shared/schemas/identity';
import { signToken } from '../lib/auth/jwt';
import { verifyAgainstDecoy, verifyPassword } from '../lib/auth/password';
import { loginThrottle } from '../lib/auth/throttle';
import type { ServiceContext } from '../lib/context';
import { rateLimited, unauthenticated } from '../lib/errors';
import { staffRepository } from './staff.repository';

// Compute the decoy hash at cold start, so the first unknown e-mail of a container costs one
// verification like every other login, not a hash plus a verification.
void verifyAgainstDecoy('aquecimento').catch(() => undefined);

/** A staff session lasts one working day. */
export const STAFF_TOKEN_TTL_SECONDS = 12 * 3600;

/**
 * Staff login (spec part 1 §4, §5, §8). Every refusal — unknown e-mail, wrong password,
 * disabled user — is the same `unauthenticated` error with the same message, and costs the same
 * work: an unknown e-mail is verified against a decoy hash and counts as a failure like the
 * others. Attempts are throttled per (e-mail, caller address), per address and, with a high
 * hourly ceiling, per e-mail (`ctx.sourceIp`, see lib/auth/throttle), so failures from other
 * addresses never refuse the owner's correct password below that ceiling; a locked attempt
 * answers `rateLimited` with the seconds to wait.
 */
export async function login(ctx: ServiceContext, input: LoginRequest): Promise<LoginAnswer> {
  const { tenant } = ctx;
  const email = input.email.trim().toLowerCase();
  const staff = staffRepository(tenant);

  const [attempt, user] = await Promise.all([
    loginThrottle(tenant, 'staff').begin(email, ctx.sourceIp ?? 'unknown'),
    staff.userByEmail(email),
  ]);
  if (!attempt.allowed) throw rateLimited(LOGIN_THROTTLED_MESSAGE, attempt.retryAfter);

  const valid = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDecoy(input.password);
  if (!user || !valid || !user.active) {
    await attempt.failed();
    throw unauthenticated(LOGIN_FAILED_MESSAGE);
  }

  const [role, token] = await Promise.all([
    staff.role(user.roleId),
    signToken(
      { sub: String(user.id), tnt: tenant, typ: 'staff', rol: user.roleId, ver: user.tokenVersion },
      STAFF_TOKEN_TTL_SECONDS,
    ),
    attempt.succeeded(),
  ]);
  return {
    token,
    ability: permissionsFromIds(role?.permissions ?? []),
    shortname: user.shortname,
    fullname: user.fullname,
    id: user.id,
    email: user.email,
    role: role?.role ?? '',
    role_id: user.roleId,
    all_stores: user.allStores ? 'Y' : 'N',
    store_id: user.allStores ? null : (user.storeId ?? null),
  };
}

const CATALOGUE: PermissionEntry[] = PERMISSIONS.map((p) => ({
  id: p.id,
  action: p.action,
  subject: p.subject,
  label: p.label,
  subject_label: SUBJECT_LABELS[p.subject],
}));

/** The permission catalogue (part 3 §7) the role editor offers: the same for every tenant. */
export async function permissionCatalogue(_ctx: ServiceContext): Promise<PermissionEntry[]> {
  return CATALOGUE;
}
