import { beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_FAILED_MESSAGE,
  LOGIN_THROTTLED_MESSAGE,
  LoginRequest,
} from '@freguesia/shared/schemas/identity';
import type { ServiceContext } from '@freguesia/functions/lib/context';
import { verifyToken } from '@freguesia/functions/lib/auth/jwt';
import { login, permissionCatalogue } from '@freguesia/functions/auth/service';
import { ADMIN_PASSWORD, createTestTenant, type TestTenant } from '../support/tenant';

let ipSeq = 0;

/** A public caller (the login page) from its own address, so address limits never leak between tests. */
const caller = (t: TestTenant): ServiceContext => ({
  tenant: t.tenant,
  actor: { kind: 'public' },
  now: () => new Date(),
  sourceIp: `192.0.2.${++ipSeq}`,
});

const credentials = (email: string, password: string) => LoginRequest.parse({ email, password });

/** The login service called directly (no HTTP), with a fresh tenant. */
describe('auth service', () => {
  let t: TestTenant;

  beforeAll(async () => {
    t = await createTestTenant('asv');
  });

  it('signs the administrator in with a token for this tenant', async () => {
    // Prepare
    const ctx = caller(t);
    // Act
    const session = await login(ctx, credentials(` ${t.adminEmail.toUpperCase()} `, ADMIN_PASSWORD));
    // Assess
    expect(session).toMatchObject({
      id: t.adminId,
      email: t.adminEmail,
      role: 'Administrador',
      all_stores: 'Y',
      store_id: null,
    });
    expect(await verifyToken(session.token, t.tenant)).toMatchObject({
      tnt: t.tenant,
      typ: 'staff',
      sub: String(t.adminId),
    });
    expect(session.ability).toHaveLength((await permissionCatalogue(ctx)).length);
  });

  it('refuses a wrong password as unauthenticated, then locks the e-mail at that address after five failures', async () => {
    // Prepare
    const ctx = caller(t);
    const wrong = credentials(t.adminEmail, 'senha-errada');
    const failures: unknown[] = [];
    for (let i = 0; i < 5; i++) failures.push(await login(ctx, wrong).catch((e: unknown) => e));
    // Act
    const locked = await login(ctx, credentials(t.adminEmail, ADMIN_PASSWORD)).catch((e: unknown) => e);
    const elsewhere = await login(caller(t), credentials(t.adminEmail, ADMIN_PASSWORD));
    // Assess
    expect(failures).toEqual(
      Array(5).fill(expect.objectContaining({ kind: 'unauthenticated', message: LOGIN_FAILED_MESSAGE })),
    );
    expect(locked).toMatchObject({ kind: 'rate-limited', message: LOGIN_THROTTLED_MESSAGE });
    expect(locked).toSatisfy(
      (e: { retryAfterSeconds: number }) => e.retryAfterSeconds > 0 && e.retryAfterSeconds <= 15 * 60,
    );
    expect(elsewhere).toMatchObject({ id: t.adminId });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    // Prepare
    const ctx = caller(t);
    // Act
    const attempt = login(ctx, credentials(`ninguem@${t.tenant}.test`, ADMIN_PASSWORD));
    // Assess
    await expect(attempt).rejects.toMatchObject({ kind: 'unauthenticated', message: LOGIN_FAILED_MESSAGE });
  });
});
