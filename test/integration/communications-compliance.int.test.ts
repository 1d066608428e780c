import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNICATION_MESSAGES } from '@freguesia/shared/domain/communication';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { handler as plannerConsumer } from '@freguesia/functions/communications/planner.consumer';
import { handler as sendConsumer } from '@freguesia/functions/communications/send.consumer';
import { channelSenders, emailSender } from '@freguesia/functions/communications/channel-senders.service';
import { sendingOptions } from '@freguesia/functions/communications/sending.model';
import { UNSUBSCRIBE_MESSAGES } from '@freguesia/functions/communications/unsubscribe.service';
import { createCustomer, customerDetails } from '@freguesia/functions/customers/customers.service';
import { setMailPort, type MailMessage } from '@freguesia/functions/lib/ports/mail';
import { registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { startStandIns, type StandIns } from '@freguesia/infra/local/stand-ins';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { ASYNC_TEST_TIMEOUT_MS, eventually } from '../support/wait';
import { randomCpf, staffCustomer } from './customers-fixtures';

/**
 * Issue 20, Communications: unsubscribe (item 11), the cost approval (12), the send rate (14), the
 * unit price a send was made at (15) and the history a deleted campaign keeps (16) — through the
 * real handlers, the planner and the sender on the local queue, a recording e-mail provider and the
 * SMS stand-in (whose inbound reply goes to the real Zenvia webhook).
 */

const SECRET = 'zenvia-compliance-secret';
const sent: MailMessage[] = [];
const sentAt: number[] = [];

describe('communications: unsubscribe, approval, rate and history', () => {
  let t: TestTenant;
  let standIns: StandIns;
  const customers: { id: number; email: string; cellphone: string }[] = [];
  const previous = { secret: process.env.ZENVIA_WEBHOOK_SECRET, sms: process.env.SMS_BASE_URL };
  const staff = (handler: typeof campaigns, request: Parameters<typeof call>[1]) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
  const create = async (body: unknown) => {
    const res = await staff(campaigns, { method: 'POST', path: '/api/web/campaign/new', body });
    expect(res.status, res.text).toBe(200);
    return res.body.id as number;
  };
  const details = async (id: number) =>
    (await staff(campaigns, { method: 'GET', path: '/api/web/campaign/details', query: { id } })).body;
  const email = (
    description: string,
    info: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
  ) => ({
    description,
    type: 'EMAIL',
    active: 'Y',
    info: {
      layout_title: 'Ofertas',
      layout_body: '<p>Olá, {{nome}}!</p>',
      type: 'O',
      approvement: 'sim',
      ...info,
    },
    ...extra,
  });
  const sendAndWait = async (id: number) => {
    const res = await staff(communications, { method: 'POST', path: `/api/web/communications/${id}/send` });
    expect(res.status, res.text).toBe(200);
    return eventually(
      `campaign ${id} completed`,
      async () =>
        (await staff(communications, { method: 'GET', path: `/api/web/communications/${id}/progress` })).body,
      (p) => p.status === 'COMPLETED',
    );
  };
  const mailsOf = (id: number) => sent.filter((m) => m.tags?.campaign === String(id));
  const tokenOf = (m: MailMessage) =>
    new URL(/<([^>]+)>/.exec(m.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? 'http://x/').searchParams.get(
      't',
    );

  beforeAll(async () => {
    t = await createTestTenant('optout');
    process.env.ZENVIA_WEBHOOK_SECRET = SECRET;
    standIns = await startStandIns({
      reports: {
        zenvia: { url: 'http://webhook/zenvia', token: SECRET },
        delayMs: 20,
        deliver: async (provider, request) =>
          (
            await call(communications, {
              method: 'POST',
              path: `/api/hooks/${provider}`,
              headers: request.headers,
              body: request.body,
            })
          ).status,
      },
    });
    process.env.SMS_BASE_URL = `${standIns.url}/zenvia`;
    setMailPort({
      async send(message) {
        sent.push(message);
        sentAt.push(Date.now());
        return `m-${sent.length}`;
      },
    });
    channelSenders.EMAIL = emailSender;
    sendingOptions.parkSeconds = 0.2;
    sendingOptions.leaseMs = 3_000;
    sendingOptions.ratePerSecond.EMAIL = 100_000;
    sendingOptions.ratePerSecond.SMS = 100_000;
    registerConsumer('communications', plannerConsumer, 5);
    registerConsumer('email', sendConsumer, 5);
    registerConsumer('sms', sendConsumer, 5);
    const ctx = staffContext(t);
    // Four reachable customers, one opted out of e-mail, one without an e-mail address.
    for (let i = 0; i < 6; i++) {
      const address = i === 5 ? '' : `optout${i}@exemplo.com.br`;
      const cellphone = `1198765${String(4400 + i)}`;
      const form = CustomerForm.parse(
        staffCustomer({
          document: randomCpf(),
          fullname: `CLIENTE OPTOUT ${i}`,
          email: address,
          cellphone,
          telephone: '',
          email_optout: i === 4 ? 'Y' : 'N',
          contacts: [],
        }),
      );
      customers.push({ id: (await createCustomer(ctx, form)).id, email: address, cellphone });
    }
  }, 120_000);

  afterAll(async () => {
    setMailPort(undefined);
    await standIns.close();
    for (const [name, value] of [
      ['ZENVIA_WEBHOOK_SECRET', previous.secret],
      ['SMS_BASE_URL', previous.sms],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('estimates the whole base by the customers the channel reaches (no opt-outs, no address)', async () => {
    const estimate = await staff(communications, {
      method: 'GET',
      path: '/api/web/communications/estimate',
      query: { type: 'EMAIL' },
    });
    expect(estimate.status, estimate.text).toBe(200);
    // 6 customers: one opted out, one without e-mail.
    expect(estimate.body.recipients).toBe(4);
    const sms = await staff(communications, {
      method: 'GET',
      path: '/api/web/communications/estimate',
      query: { type: 'SMS' },
    });
    expect(sms.body.recipients).toBe(6);
  });

  it(
    'puts a visible link and the one-click headers in every marketing e-mail; following it opts out at once and the next send skips the customer',
    async () => {
      const first = await create(email('Primeira oferta'));
      const done = await sendAndWait(first);
      expect(done.sent).toBe(4);
      const mails = mailsOf(first);
      expect(mails).toHaveLength(4);
      for (const m of mails) {
        expect(m.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
        expect(m.headers?.['List-Unsubscribe']).toMatch(
          /^<https?:\/\/.+\/api\/hooks\/unsubscribe\?t=[^>]+>$/,
        );
        expect(m.html).toMatch(/<a href="[^"]+\/descadastro\?t=[^"]+"[^>]*>Descadastre-se<\/a>/);
      }
      const target = customers[0]!;
      const mail = mails.find((m) => m.to[0] === target.email)!;
      // A forged or altered token is refused and changes nothing.
      const token = tokenOf(mail)!;
      const forged = await call(communications, {
        method: 'POST',
        path: '/api/hooks/unsubscribe',
        tenant: t.tenant,
        query: { t: `${token.slice(0, -2)}xx` },
        body: {},
      });
      expect(forged.status).toBe(400);
      expect(forged.text).toContain(UNSUBSCRIBE_MESSAGES.invalid);
      // The mailbox provider's one-click POST (RFC 8058): a form body, no session.
      const oneClick = await call(communications, {
        method: 'POST',
        path: '/api/hooks/unsubscribe',
        tenant: t.tenant,
        query: { t: token },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status, oneClick.text).toBe(200);
      // The answer names nobody.
      expect(oneClick.text).not.toContain(target.email);
      expect(oneClick.text).not.toContain('OPTOUT');
      const customer = await customerDetails(staffContext(t), target.id);
      expect(customer.email_optout).toBe('Y');
      expect(JSON.stringify(customer.events)).toContain('Não autoriza comunicações por');
      // The same token on another tenant is worthless.
      const other = await createTestTenant('optout2');
      const moved = await call(communications, {
        method: 'POST',
        path: '/api/hooks/unsubscribe',
        tenant: other.tenant,
        query: { t: token },
        body: {},
      });
      expect(moved.status).toBe(400);

      const second = await create(email('Segunda oferta'));
      const again = await sendAndWait(second);
      expect(again.sent).toBe(3);
      expect(mailsOf(second).map((m) => m.to[0])).not.toContain(target.email);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it('rate-limits the public unsubscribe endpoint per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push(
        (
          await call(communications, {
            method: 'POST',
            path: '/api/hooks/unsubscribe',
            tenant: t.tenant,
            query: { t: 'nada.nada' },
            sourceIp: '10.9.9.9',
            body: {},
          })
        ).status,
      );
    expect(statuses).toContain(429);
  });

  it(
    'makes a typed recipient list honour opt-outs and the suppression list (an unsubscribed address too)',
    async () => {
      const stranger = 'fora.da.base@exemplo.com.br';
      const optedOut = customers[4]!.email;
      const listed = await create(email('Lista digitada', { recipients: `${stranger};${optedOut}` }));
      const first = await sendAndWait(listed);
      expect(first.sent).toBe(1);
      const mail = mailsOf(listed)[0]!;
      expect(mail.to).toEqual([stranger]);
      const res = await call(communications, {
        method: 'POST',
        path: '/api/hooks/unsubscribe',
        tenant: t.tenant,
        query: { t: tokenOf(mail)! },
        body: {},
      });
      expect(res.status, res.text).toBe(200);
      const relisted = await create(email('Lista digitada 2', { recipients: `${stranger};${optedOut}` }));
      const second = await sendAndWait(relisted);
      expect(second.sent).toBe(0);
      expect(mailsOf(relisted)).toHaveLength(0);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    "honours an SMS reply 'SAIR': the number is opted out at once and the next SMS skips it",
    async () => {
      const body = {
        type: 'SMS',
        active: 'Y',
        info: { layout_body: 'Oferta', type: 'O', approvement: 'sim' },
      };
      const first = await create({ ...body, description: 'SMS 1' });
      expect((await sendAndWait(first)).sent).toBe(6);
      const replier = customers[1]!;
      const posted = await fetch(`${standIns.url}/zenvia/_local/inbound`, {
        method: 'POST',
        body: JSON.stringify({ from: `55${replier.cellphone}`, text: ' Sair! ' }),
      });
      expect(((await posted.json()) as { posted: number }).posted).toBe(200);
      expect((await customerDetails(staffContext(t), replier.id)).cellphone_optout).toBe('Y');
      // Any other reply changes nothing.
      await fetch(`${standIns.url}/zenvia/_local/inbound`, {
        method: 'POST',
        body: JSON.stringify({ from: `55${customers[2]!.cellphone}`, text: 'Obrigado, vou sair hoje' }),
      });
      expect((await customerDetails(staffContext(t), customers[2]!.id)).cellphone_optout).toBe('N');
      const second = await create({ ...body, description: 'SMS 2' });
      expect((await sendAndWait(second)).sent).toBe(5);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'lapses a cost approval when the audience grows: the save and the send ask for a new approval',
    async () => {
      const ctx = staffContext(t);
      const id = await create(email('Aprovada para poucos'));
      const approved = await details(id);
      const approvedValue = approved.info.value as number;
      // The base grows after the approval (a new reachable customer).
      const form = CustomerForm.parse(
        staffCustomer({
          document: randomCpf(),
          fullname: 'CLIENTE NOVO',
          email: 'novo@exemplo.com.br',
          contacts: [],
        }),
      );
      const added = await createCustomer(ctx, form);
      const refused = await staff(communications, {
        method: 'POST',
        path: `/api/web/communications/${id}/send`,
      });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain(COMMUNICATION_MESSAGES.approvalLapsed);
      // Saving with the approval as stored is refused with the same message; a new approval saves.
      const kept = await staff(campaigns, {
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: { ...email('Aprovada para poucos', { approvement: approved.info.approvement }), id },
      });
      expect(kept.status).toBe(400);
      expect(kept.text).toContain(COMMUNICATION_MESSAGES.approvalLapsed);
      const renewed = await staff(campaigns, {
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: { ...email('Aprovada para poucos', { approvement: 'Aprovado de novo' }), id },
      });
      expect(renewed.status, renewed.text).toBe(200);
      const now = await details(id);
      expect(now.info.value).toBeGreaterThan(approvedValue);
      expect(now.info.approvement).toMatch(/^Aprovado por: /);
      expect((await sendAndWait(id)).sent).toBe(4);
      void added;
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'sends a small campaign at the configured rate (the rest of a batch waits a second, not a park)',
    async () => {
      // 4 reachable customers at 2/s in one batch: about 2 s. Before, the 2 beyond the second's budget
      // were parked for `parkSeconds` (15 s in production): a 14/s channel ran at ~1.8/s. The park is
      // 120 s here, so that a loaded host's slowness (tens of seconds at worst) never looks like one.
      sendingOptions.ratePerSecond.EMAIL = 2;
      sendingOptions.parkSeconds = 120;
      try {
        const id = await create(email('Ritmo da base'));
        const t0 = Date.now();
        const done = await sendAndWait(id);
        const seconds = (Date.now() - t0) / 1000;
        expect(done.sent).toBe(4);
        expect(seconds).toBeLessThan(60);
        // And never faster than the rate: 4 messages at 2/s span at least one second boundary.
        const times = mailsOf(id).map((m) => sentAt[sent.indexOf(m)]!);
        expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(500);
      } finally {
        sendingOptions.ratePerSecond.EMAIL = 100_000;
        sendingOptions.parkSeconds = 0.2;
      }
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    "keeps a deleted campaign's analytics and its sends in 'Investimentos', at the unit price it was sent at",
    async () => {
      const id = await create(email('Apagada depois'));
      expect((await sendAndWait(id)).sent).toBe(4);
      // The e-mail unit price changes after the send.
      const { writeSetting } = await import('@freguesia/functions/settings/settings.service');
      await writeSetting(staffContext(t), { key: 'pricing_email', value: '0,5' });
      const removed = await staff(campaigns, {
        method: 'DELETE',
        path: '/api/web/campaign/delete',
        query: { id },
      });
      expect(removed.status, removed.text).toBe(200);
      expect((await details(id)).id).toBeUndefined();
      const analytics = await staff(campaigns, {
        method: 'GET',
        path: `/api/web/campaigns/${id}/analytics`,
      });
      expect(analytics.status, analytics.text).toBe(200);
      expect(analytics.body).toContainEqual({ action: 'sent', quantity: 4 });
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const report = await staff(communications, {
        method: 'GET',
        path: '/api/web/reports/expenses',
        query: { start_at: yesterday, end_at: tomorrow },
      });
      expect(report.status, report.text).toBe(200);
      const row = (
        report.body.marketing_messages as { id_campaign: number; quantity: number; value?: number }[]
      ).find((r) => r.id_campaign === id);
      // 4 e-mails at the spec's R$ 0,007 when sent — not at today's R$ 0,50.
      expect(row).toMatchObject({ quantity: 4, value: 0.028 });
      expect(report.body.unit_prices.EMAIL).toBe(0.5);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );
});
