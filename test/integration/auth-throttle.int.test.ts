import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLED_MESSAGE } from '@freguesia/shared/schemas/identity';
import { handler as auth } from '@freguesia/functions/auth/handler';
import { loginThrottle, type LoginScope } from '@freguesia/functions/lib/auth/throttle';
import { call } from '../support/api';
import { ADMIN_PASSWORD, createTestTenant, type TestTenant } from '../support/tenant';

/**
 * The staff login throttle as an attacker and the rightful owner meet it (README "Login
 * throttling"): failures lock the (account, address) pair and the address, never the account
 * itself below its hourly ceiling, so nobody can lock a colleague out with a handful of tries.
 */

let ipSeq = 0;
/** A fresh caller address, so the address limits of one test never leak into another. */
const freshIp = () => `203.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const login = (tenant: string, email: string, password: string, sourceIp: string) =>
  call(auth, { method: 'POST', path: '/api/web/login', tenant, body: { email, password }, sourceIp });

describe('staff login throttle', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await createTestTenant('thr');
  });

  it("lets the owner sign in from another address while the attacker's address is locked", async () => {
    const victim = await t.userWith([]);
    const attacker = freshIp();
    const attempts: number[] = [];
    for (let i = 0; i < 7; i++)
      attempts.push((await login(t.tenant, victim.email, `chute-${i}`, attacker)).status);
    expect(attempts).toEqual([401, 401, 401, 401, 401, 429, 429]);

    const owner = await login(t.tenant, victim.email, ADMIN_PASSWORD, freshIp());
    expect(owner.status).toBe(200);
    expect(owner.body.id).toBe(victim.id);

    // The attacker's address stays locked for that account, even with the right password.
    const locked = await login(t.tenant, victim.email, ADMIN_PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: LOGIN_THROTTLED_MESSAGE });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  }, 120_000); // Argon2id runs: generous on a busy shared machine

  it('counts a burst of parallel failures from one address atomically', async () => {
    const victim = await t.userWith([]);
    const attacker = freshIp();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(t.tenant, victim.email, `rajada-${i}`, attacker)),
    );
    const statuses = burst.map((r) => r.status);
    // At most the pair's 5 guesses are verified; the rest wait like any locked attempt.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    expect((await login(t.tenant, victim.email, ADMIN_PASSWORD, freshIp())).status).toBe(200);
  }, 120_000); // Argon2id runs: generous on a busy shared machine

  it('locks the account for everyone only at 100 failures within the hour, from any number of addresses', async () => {
    const victim = await t.userWith([]);
    // 99 failures already counted from 20 addresses (5 each, the pair limit): a distributed guesser.
    await primeFailures('staff', victim.email, 99);
    expect((await login(t.tenant, victim.email, ADMIN_PASSWORD, freshIp())).status).toBe(200);
    // The 100th failure reaches the ceiling: now every address waits, the owner too.
    expect((await login(t.tenant, victim.email, 'centesima', freshIp())).status).toBe(401);
    const owner = await login(t.tenant, victim.email, ADMIN_PASSWORD, freshIp());
    expect(owner.status).toBe(429);
    expect(owner.body).toEqual({ message: LOGIN_THROTTLED_MESSAGE });
    expect(Number(owner.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Other accounts are untouched.
    expect((await login(t.tenant, t.adminEmail, ADMIN_PASSWORD, freshIp())).status).toBe(200);
  }, 120_000); // Argon2id runs: generous on a busy shared machine

  /**
   * Counts `count` failed attempts on `account` as a guesser spread over addresses would (5 per
   * address), through the throttle itself: the same counters without 99 Argon2id runs.
   */
  async function primeFailures(scope: LoginScope, account: string, count: number): Promise<void> {
    const throttle = loginThrottle(t.tenant, scope);
    const addresses = Array.from({ length: Math.ceil(count / 5) }, () => freshIp());
    await Promise.all(
      addresses.map(async (address, a) => {
        for (let i = a * 5; i < Math.min(count, a * 5 + 5); i++) {
          const attempt = await throttle.begin(account, address);
          if (!attempt.allowed) throw new Error('the priming itself was throttled');
          await attempt.failed();
        }
      }),
    );
  }
});
