import { beforeAll, describe, expect, it } from 'vitest';
import { portalFormToPayload } from '@freguesia/shared/schemas/customer';
import { LOGIN_THROTTLED_MESSAGE } from '@freguesia/shared/schemas/identity';
import { loginThrottle } from '@freguesia/functions/lib/auth/throttle';
import { handler as portal } from '@freguesia/functions/portal/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { portalForm, randomCpf } from './customers-fixtures';

/**
 * The portal (customer) login as an attacker and the rightful customer meet it: the same
 * throttle as the staff login (README "Login throttling"), the POST body the portal uses and the
 * per-tenant ceiling of the existence check (timing: portal-login-timing.int.test.ts).
 */

let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe('portal login throttle and enumeration', () => {
  let t: TestTenant;
  let other: TestTenant;
  const req = (tenant: string, r: Parameters<typeof call>[1], ip = freshIp()) =>
    call(portal, { tenant, sourceIp: ip, ...r });
  const getLogin = (document: string, password: string, ip?: string) =>
    req(t.tenant, { path: '/api/customer/login', query: { document, password } }, ip);
  const postLogin = (document: string, password: string, ip?: string) =>
    req(t.tenant, { method: 'POST', path: '/api/customer/login', body: { document, password } }, ip);
  /** A customer registered on the portal with the password 'minhaSenha1'. */
  const registered = async () => {
    const payload = portalFormToPayload(portalForm());
    const res = await req(t.tenant, { method: 'POST', path: '/api/customer/public/new', body: payload });
    expect(res.status).toBe(200);
    return { document: payload.document as string, id: res.body.id as number };
  };

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('ptt'), createTestTenant('ptt')]);
  });

  it('answers the POST body exactly like the spec GET', async () => {
    const customer = await registered();
    const unknown = randomCpf();
    expect((await postLogin(unknown, 'qualquer')).body).toEqual((await getLogin(unknown, 'qualquer')).body);
    expect((await postLogin(unknown, 'qualquer')).body).toEqual({ id: '0', token: null });
    const [getWrong, postWrong] = [
      await getLogin(customer.document, 'errada'),
      await postLogin(customer.document, 'errada'),
    ];
    expect([getWrong.status, postWrong.status]).toEqual([401, 401]);
    expect(postWrong.body).toEqual(getWrong.body);
    const session = await postLogin(customer.document, 'minhaSenha1');
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ id: customer.id, token: expect.any(String) });
  }, 120_000); // Argon2id runs: generous on a busy shared machine

  it('lets the customer sign in from their address while guessing addresses are locked', async () => {
    const customer = await registered();
    // Two guessing addresses, five failures each: as many as the old per-document limit allowed.
    const attackers = [freshIp(), freshIp()];
    for (const ip of attackers) {
      for (let i = 0; i < 5; i++)
        expect((await postLogin(customer.document, `chute-${i}`, ip)).status).toBe(401);
    }
    const owner = await postLogin(customer.document, 'minhaSenha1', freshIp());
    expect(owner.status).toBe(200);
    expect(owner.body.id).toBe(customer.id);

    const locked = await postLogin(customer.document, 'minhaSenha1', attackers[0]);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: LOGIN_THROTTLED_MESSAGE });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  }, 120_000); // Argon2id runs: generous on a busy shared machine

  it('locks an address guessing many documents, and only that address', async () => {
    const customer = await registered();
    const scanner = freshIp();
    // 19 failures already counted from the scanner, then a 20th through the portal. Unknown
    // documents count like wrong passwords (no hint that they are unknown).
    await primeFailures(
      Array.from({ length: 19 }, () => randomCpf()),
      () => scanner,
    );
    expect((await postLogin(randomCpf(), 'x', scanner)).body).toEqual({ id: '0', token: null });
    const blocked = await postLogin(customer.document, 'minhaSenha1', scanner);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: LOGIN_THROTTLED_MESSAGE });
    expect((await postLogin(customer.document, 'minhaSenha1', freshIp())).status).toBe(200);
  }, 120_000); // Argon2id runs: generous on a busy shared machine

  it('locks a document for everyone only at 100 failures within the hour', async () => {
    const customer = await registered();
    // 99 failures from 20 addresses (5 each, the pair limit): a distributed guesser.
    const addresses = Array.from({ length: 20 }, () => freshIp());
    await primeFailures(Array(99).fill(customer.document), (i) => addresses[Math.floor(i / 5)]!);
    expect((await postLogin(customer.document, 'minhaSenha1', freshIp())).status).toBe(200);
    expect((await postLogin(customer.document, 'centesima', freshIp())).status).toBe(401);
    const owner = await postLogin(customer.document, 'minhaSenha1', freshIp());
    expect(owner.status).toBe(429);
    expect(owner.body).toEqual({ message: LOGIN_THROTTLED_MESSAGE });
    expect(Number(owner.headers['retry-after'])).toBeGreaterThan(14 * 60);
  }, 120_000); // Argon2id runs: generous on a busy shared machine

  it('caps the existence check per tenant, whatever the number of addresses', async () => {
    const CEILING = 300; // per tenant and minute (README "Login throttling")
    const exists = (tenant: string, ip?: string) =>
      req(tenant, { path: '/api/customer/exists', query: { document: randomCpf() } }, ip);
    // The counter is a fixed one-minute window: on a slow machine the run may straddle two
    // windows, then it is repeated on a fresh tenant (fresh counters).
    for (let round = 0; round < 3; round++) {
      const tenant = round === 0 ? t.tenant : (await createTestTenant('ptt')).tenant;
      const minute = Math.floor(Date.now() / 60_000);
      // 25 checks per address, under the per-address limit of 30.
      const addresses = Array.from({ length: CEILING / 25 }, () => freshIp());
      const answers = await Promise.all(
        Array.from({ length: CEILING }, (_, i) => exists(tenant, addresses[i % addresses.length])),
      );
      const over = await exists(tenant);
      if (Math.floor(Date.now() / 60_000) !== minute) continue;
      expect(answers.filter((r) => r.status !== 200)).toEqual([]);
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // Another tenant's portal is not affected.
      expect((await exists(other.tenant)).status).toBe(200);
      return;
    }
    throw new Error('three runs straddled a minute: the machine is too slow for this test');
  }, 180_000);

  /** Counts failed attempts on `documents[i]` from `addressOf(i)` through the throttle itself (no Argon2id runs). */
  async function primeFailures(documents: string[], addressOf: (i: number) => string): Promise<void> {
    const throttle = loginThrottle(t.tenant, 'customer');
    for (const [i, document] of documents.entries()) {
      const attempt = await throttle.begin(document, addressOf(i));
      if (!attempt.allowed) throw new Error('the priming itself was throttled');
      await attempt.failed();
    }
  }
});
