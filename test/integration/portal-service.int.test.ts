import { beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  PortalCustomer,
  portalFormToPayload,
  type PortalFormValues,
} from '@freguesia/shared/schemas/customer';
import { customerDetails } from '@freguesia/functions/customers/customers.service';
import { verifyToken } from '@freguesia/functions/lib/auth/jwt';
import type { ServiceContext } from '@freguesia/functions/lib/context';
import {
  loginFromPortal,
  portalMe,
  registerFromPortal,
  updateFromPortal,
} from '@freguesia/functions/portal/portal.service';
import { settingsRepository } from '@freguesia/functions/settings/settings.repository';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { portalForm, randomCpf } from './customers-fixtures';

let ipSeq = 0;

/** Registration and sign-in called directly on the portal service (no HTTP). */
describe('portal service', () => {
  let t: TestTenant;
  /** A visitor from a fresh address (the per-IP limits of one test stay in it). */
  const visitor = (): ServiceContext => ({
    ...staffContext(t, { actor: { kind: 'public' } }),
    sourceIp: `10.8.0.${++ipSeq}`,
  });
  const customer = (customerId: number): ServiceContext =>
    staffContext(t, { actor: { kind: 'customer', customerId } });
  const payload = (document = randomCpf(), overrides: Partial<PortalFormValues> = {}) =>
    PortalCustomer.parse(portalFormToPayload(portalForm(document, overrides)));

  beforeAll(async () => {
    t = await createTestTenant('psv');
    await settingsRepository(t.tenant).upsert('portal_tags', 'Vinhos, Cervejas, Queijos', t.adminId);
  });

  it('registers a visitor who then signs in and reads their own record', async () => {
    // Prepare
    const document = randomCpf();
    const { id } = await registerFromPortal(visitor(), payload(document));
    // Act
    const session = await loginFromPortal(visitor(), { document, password: 'minhaSenha1' });
    const me = await portalMe(customer(id));
    // Assess
    expect(session.id).toBe(id);
    expect(await verifyToken(session.token!, t.tenant)).toMatchObject({
      sub: String(id),
      tnt: t.tenant,
      typ: 'customer',
    });
    expect(me).toMatchObject({
      id,
      document,
      fullname: 'PAULA TAVARES',
      channel: 'Landing Page',
      tags: ['Vinhos'],
      email_optout: 'Y',
    });
    const details = await customerDetails(staffContext(t), id);
    expect(details.events.find((e) => e.type === 'created')).toMatchObject({
      channel: 'Landing Page',
      description: 'Cliente cadastrado (Landing Page)',
    });
  });

  it('refuses a wrong password, and sends a known document to sign in instead', async () => {
    // Prepare
    const document = randomCpf();
    await registerFromPortal(visitor(), payload(document));
    // Act
    const wrong = await loginFromPortal(visitor(), { document, password: 'outraSenha9' }).catch(
      (error: unknown) => error,
    );
    const again = await registerFromPortal(visitor(), payload(document)).catch((error: unknown) => error);
    const unknown = await loginFromPortal(visitor(), { document: randomCpf(), password: 'minhaSenha1' });
    // Assess
    expect(wrong).toMatchObject({ kind: 'unauthenticated', message: CUSTOMER_MESSAGES.wrongPassword });
    expect(again).toMatchObject({
      kind: 'conflict',
      message: CUSTOMER_MESSAGES.portalDuplicate,
      details: {},
    });
    expect(unknown).toEqual({ id: '0', token: null });
  });

  it('lets a customer update only their own record, never its document', async () => {
    // Prepare
    const document = randomCpf();
    const { id } = await registerFromPortal(visitor(), payload(document));
    // Act
    const changedDocument = await updateFromPortal(customer(id), { ...payload(randomCpf()), id }).catch(
      (error: unknown) => error,
    );
    await updateFromPortal(customer(id), {
      ...payload(document, {
        tags: ['Queijos'],
        fullname: 'Paula T. Souza',
        password: '',
        password_confirmation: '',
      }),
      id,
    });
    const someoneElse = await updateFromPortal(customer(id), { ...payload(document), id: id + 1 }).catch(
      (error: unknown) => error,
    );
    // Assess
    expect(changedDocument).toMatchObject({
      kind: 'invalid',
      errors: { document: 'O CPF não pode ser alterado. Procure uma de nossas lojas.' },
    });
    expect(someoneElse).toMatchObject({ kind: 'forbidden' });
    const me = await portalMe(customer(id));
    expect(me).toMatchObject({ fullname: 'PAULA T. SOUZA', tags: ['Queijos'] });
    const session = await loginFromPortal(visitor(), { document, password: 'minhaSenha1' });
    expect(session.id).toBe(id);
  });
});
