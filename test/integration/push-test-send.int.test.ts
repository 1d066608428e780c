import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNICATION_MESSAGES } from '@freguesia/shared/schemas/communication';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { providerMessages, startStandIns, type StandIns } from '@freguesia/infra/local/stand-ins';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { createStore, randomCpf, staffCustomer } from './customers-fixtures';

/**
 * 'Enviar teste' of a push (issue 20 item 14): the notification as written goes to the app of one
 * customer chosen by CPF, through the push provider the sends use (OneSignal stand-in), with the
 * customer's variables filled in; unknown customers, empty fields and users without write Mobile
 * are refused with Portuguese messages and nothing is sent.
 */
describe('push test send', () => {
  let t: TestTenant;
  let standIns: StandIns;
  let customerId: number;
  const cpf = randomCpf();
  const pushes = () =>
    [...providerMessages.push.values()].filter((m) => String(m.idempotency_key).includes(`:${t.tenant}:`));
  const send = (body: unknown, token = t.adminToken) =>
    call(communications, {
      method: 'POST',
      path: '/api/web/communications/push/test',
      tenant: t.tenant,
      token,
      body,
    });

  beforeAll(async () => {
    standIns = await startStandIns();
    process.env.PUSH_BASE_URL = `${standIns.url}/onesignal`;
    t = await createTestTenant('pts');
    const store = await createStore(t.tenant, 'Loja Centro');
    const form = CustomerForm.parse(
      staffCustomer({ document: cpf, fullname: 'Maria Teste', favorite_store: store.id, contacts: [] }),
    );
    customerId = (await createCustomer(staffContext(t), form)).id;
  });

  afterAll(async () => {
    await standIns.close();
  });

  it("sends the notification to the chosen customer's app with their variables", async () => {
    const res = await send({
      document: cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'),
      title: 'Clube',
      header: 'Olá, {{nome}}',
      body: 'Ofertas na {{loja}}',
      url: 'https://loja.example/ofertas',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(COMMUNICATION_MESSAGES.pushTestSent);
    const sent = pushes();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      target_channel: 'push',
      include_aliases: { external_id: [`c${customerId}`] },
      headings: { pt: '[TESTE] Olá, Maria Teste' },
      contents: { pt: 'Ofertas na Loja Centro' },
      url: 'https://loja.example/ofertas',
    });
  });

  it('refuses an unknown customer, empty fields and a bad link, and sends nothing', async () => {
    const before = pushes().length;
    const unknown = await send({ document: randomCpf(), header: 'Oi', body: 'Teste' });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain(COMMUNICATION_MESSAGES.pushTestCustomer);
    const empty = await send({ document: '', header: '', body: '' });
    expect(empty.status).toBe(400);
    for (const message of [
      COMMUNICATION_MESSAGES.pushTestDocument,
      COMMUNICATION_MESSAGES.pushHeader,
      COMMUNICATION_MESSAGES.pushBody,
    ])
      expect(empty.text).toContain(message);
    const link = await send({ document: cpf, header: 'Oi', body: 'Teste', url: 'javascript:alert(1)' });
    expect(link.status).toBe(400);
    expect(link.text).toContain(COMMUNICATION_MESSAGES.pushTestUrl);
    expect(pushes()).toHaveLength(before);
  });

  it('needs write Mobile', async () => {
    const comms = await t.userWith([{ action: 'write', subject: 'Communications' }]);
    const mobile = await t.userWith([{ action: 'write', subject: 'Mobile' }]);
    expect((await send({ document: cpf, header: 'Oi', body: 'Teste' }, comms.token)).status).toBe(403);
    expect((await send({ document: cpf, header: 'Oi', body: 'Teste' }, mobile.token)).status).toBe(200);
  });
});
