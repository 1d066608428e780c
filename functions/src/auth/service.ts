import { permissionsFromIds } from '@freguesia/shared/domain/permissions';
import type { LoginAnswer, LoginRequest } from '@freguesia/shared/schemas/identity';
import { LOGIN_FAILED_MESSAGE, LOGIN_THROTTLED_MESSAGE } from '@freguesia/shared/schemas/identity';
import { signToken } from '../lib/auth/jwt';
import { verifyAgainstDecoy, verifyPassword } from '../lib/auth/password';
import { loginThrottle, type ThrottleSubject } from '../lib/auth/throttle';
import { rateLimited, unauthenticated } from '../lib/errors';
import { RoleEntity, UserEntity } from '../lib/identity/entities';

// Compute the decoy hash at cold start, so the first unknown e-mail of a container costs one
// verification like every other login, not a hash plus a verification.
void verifyAgainstDecoy('aquecimento').catch(() => undefined);

/** A staff session lasts one working day. */
export const STAFF_TOKEN_TTL_SECONDS = 12 * 3600;

async function findByEmail(tenant: string, email: string) {
  const { data } = await UserEntity.query.byEmail({ tenant, email }).go({ limit: 1 });
  return data[0] ?? null;
}

/**
 * Staff login (spec part 1 §4, §5, §8). Every refusal — unknown e-mail, wrong password,
 * disabled user — is the same 401 with the same message, and costs the same work: an
 * unknown e-mail is verified against a decoy hash and counts as a failure like the others.
 * Failures are throttled per e-mail and per caller address (see lib/auth/throttle).
 */
export async function login(tenant: string, input: LoginRequest, sourceIp: string): Promise<LoginAnswer> {
  const email = input.email.trim().toLowerCase();
  const throttle = loginThrottle(tenant);
  const byEmail: ThrottleSubject = { kind: 'email', value: email };
  const subjects: ThrottleSubject[] = [byEmail, { kind: 'ip', value: sourceIp }];

  const [state, user] = await Promise.all([throttle.check(subjects), findByEmail(tenant, email)]);
  if (state.retryAfter > 0) throw rateLimited(LOGIN_THROTTLED_MESSAGE, state.retryAfter);

  const valid = user ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDecoy(input.password);
  if (!user || !valid || !user.active) {
    await throttle.fail(subjects);
    throw unauthenticated(LOGIN_FAILED_MESSAGE);
  }

  const [{ data: role }, token] = await Promise.all([
    RoleEntity.get({ tenant, id: user.roleId }).go(),
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
