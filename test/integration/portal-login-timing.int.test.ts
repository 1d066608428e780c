import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalFormToPayload } from '@freguesia/shared/schemas/customer';
import { handler as customers } from '@freguesia/functions/customers/handler';
import type * as passwords from '@freguesia/functions/lib/auth/password';
import { handler as portal } from '@freguesia/functions/portal/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { portalForm, randomCpf, staffCustomer } from './customers-fixtures';

// Count the password verifications (real or against the decoy hash), without changing them.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('@freguesia/functions/lib/auth/password', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return {
    ...actual,
    verifyPassword: async (password: string, encoded: string) => {
      verifications.count++;
      return actual.verifyPassword(password, encoded);
    },
    verifyAgainstDecoy: async (password: string) => {
      verifications.count++;
      return actual.verifyAgainstDecoy(password);
    },
  };
});

let ipSeq = 0;
const freshIp = () => `10.79.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

/**
 * The portal login's answer time must not tell a registered document from an unknown one. The
 * time is dominated by one Argon2id verification (tens of milliseconds against a few for the
 * reads), so the test asserts that every answer about a valid document runs exactly one —
 * against a decoy hash when the document is unknown or has no password — instead of comparing
 * clocks on a shared, busy machine.
 */
describe('portal login timing', () => {
  let t: TestTenant;
  let registered: string;
  let withoutPassword: string;
  const login = (document: string, password: string) =>
    call(portal, {
      tenant: t.tenant,
      sourceIp: freshIp(),
      method: 'POST',
      path: '/api/customer/login',
      body: { document, password },
    });

  beforeAll(async () => {
    t = await createTestTenant('ptm');
    const payload = portalFormToPayload(portalForm());
    expect(
      (
        await call(portal, {
          tenant: t.tenant,
          sourceIp: freshIp(),
          method: 'POST',
          path: '/api/customer/public/new',
          body: payload,
        })
      ).status,
    ).toBe(200);
    registered = payload.document as string;
    // Registered by staff without a password: the portal answers "no password yet".
    const pdv = staffCustomer();
    expect(
      (
        await call(customers, {
          method: 'POST',
          tenant: t.tenant,
          token: t.adminToken,
          path: '/api/web/customer/new',
          body: pdv,
        })
      ).status,
    ).toBe(200);
    withoutPassword = pdv.document;
  });
  beforeEach(() => {
    verifications.count = 0;
  });

  it.each([
    ['a known document with a wrong password', () => registered, 'senha-errada', 401],
    ['a known document with its password', () => registered, 'minhaSenha1', 200],
    ['an unknown document', () => randomCpf(), 'senha-errada', 200],
    ['a known document without a password', () => withoutPassword, 'senha-errada', 401],
  ] as const)('runs one password verification for %s', async (_case, document, password, status) => {
    const res = await login(document(), password);
    expect(res.status).toBe(status);
    expect(verifications.count).toBe(1);
  });

  it('answers an unknown document like the spec says, after the same work', async () => {
    const res = await login(randomCpf(), 'senha-errada');
    expect(res.body).toEqual({ id: '0', token: null });
    expect(verifications.count).toBe(1);
  });
});
