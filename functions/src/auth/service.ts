import { PERMISSIONS, SUBJECT_LABELS, permissionsFromIds } from '@freguesia/shared/domain/permissions';
import type { LoginAnswer, LoginRequest, PermissionEntry } from '@freguesia/shared/schemas/identity';
import { LOGIN_FAILED_MESSAGE, LOGIN_THROTTLED_MESSAGE } from '@freguesia/shared/schemas/identity';
import { signToken } from '../lib/auth/jwt';
import { verifyAgainstDecoy, verifyPassword } from '../lib/auth/password';
import { loginThrottle, type ThrottleSubject } from '../lib/auth/throttle';
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
 * others. Failures are throttled per e-mail and per caller address (`ctx.sourceIp`, see
 * lib/auth/throttle); a locked subject answers `rateLimited` with the seconds to wait.
 */
export async function login(ctx: ServiceContext, input: LoginRequest): Promise<LoginAnswer> {
  const { tenant } = ctx;
  const email = input.email.trim().toLowerCase();
  const throttle = loginThrottle(tenant);
  const staff = staffRepository(tenant);
  const byEmail: ThrottleSubject = { kind: 'email', value: email };
  const subjects: ThrottleSubject[] = [byEmail, { kind: 'ip', value: ctx.sourceIp ?? 'unknown' }];

  const [state, user] = await Promise.all([throttle.check(subjects), staff.userByEmail(email)]);
  if (state.retryAfter > 0) throw rateLimited(LOGIN_THROTTLED_MESSAGE, state.retryAfter);

  const valid = user ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDecoy(input.password);
  if (!user || !valid || !user.active) {
    await throttle.fail(subjects);
    throw unauthenticated(LOGIN_FAILED_MESSAGE);
  }

  const [role, token] = await Promise.all([
    staff.role(user.roleId),
    signToken({ sub: String(user.id), tnt: tenant, typ: 'staff', rol: user.roleId, ver: user.tokenVersion }, STAFF_TOKEN_TTL_SECONDS),
    state.hasFailures.has('email') ? throttle.reset(byEmail) : undefined,
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
