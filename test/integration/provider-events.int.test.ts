import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { handler as plannerConsumer } from '@freguesia/functions/communications/planner.consumer';
import { handler as sendConsumer } from '@freguesia/functions/communications/send.consumer';
import { handler as providerEventsConsumer } from '@freguesia/functions/communications/provider-events.consumer';
import { HOOK_LIMITS, REPORT_RETRY } from '@freguesia/functions/communications/provider-events.service';
import { sendingOptions } from '@freguesia/functions/communications/sending.model';
import { sendingRepository } from '@freguesia/functions/communications/sending.repository';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { previewLead } from '@freguesia/functions/segmentation/leads.service';
import { listMembers } from '@freguesia/functions/segmentation/population.service';
import { localQueue, registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import {
  providerMessages,
  standInPushClicked,
  standInSmsOutcome,
  startStandIns,
  type StandIns,
} from '@freguesia/infra/local/stand-ins';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { ASYNC_TEST_TIMEOUT_MS, drained, eventually } from '../support/wait';
import { randomCpf, staffCustomer } from './customers-fixtures';

/**
 * The SMS and push providers' delivery reports, end to end (functions/README.md,
 * "Communications"): a campaign goes out through the real handlers and the local twins of SQS and
 * of Zenvia and OneSignal; the twins post their reports to POST /api/hooks/{provider} (through the
 * real handler, every report twice, as a provider's retry would), the `provider-events` consumer
 * records them, and the analytics and the audiences of 'Criar lead' show each customer once.
 */

const SECRETS = {
  zenvia: `zenvia-${randomBytes(16).toString('hex')}`,
  onesignal: `onesignal-${randomBytes(16).toString('hex')}`,
};
/** Customers of the tenant; the third one's number ends in 0000, a number Zenvia cannot deliver to. */
const CUSTOMERS = 8;
const UNDELIVERABLE = 2;

type Row = { action: string; quantity: number };

describe('communications: the providers’ delivery reports', () => {
  let t: TestTenant;
  let standIns: StandIns;
  const ids: number[] = [];
  /** The bodies of the report messages the consumer handled. */
  const handledReports: string[] = [];
  const previous = {
    zenvia: process.env.ZENVIA_WEBHOOK_SECRET,
    onesignal: process.env.ONESIGNAL_WEBHOOK_SECRET,
    sms: process.env.SMS_BASE_URL,
    push: process.env.PUSH_BASE_URL,
  };
  const staff = (handler: typeof campaigns, request: Parameters<typeof call>[1]) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
  const hook = (
    provider: 'zenvia' | 'onesignal',
    body: unknown,
    token: string | undefined,
    sourceIp = '203.0.113.10',
  ) =>
    call(communications, {
      method: 'POST',
      path: `/api/hooks/${provider}`,
      body,
      sourceIp,
      headers: token === undefined ? {} : { 'x-webhook-token': token },
    });

  const create = async (body: unknown) => {
    const res = await staff(campaigns, { method: 'POST', path: '/api/web/campaign/new', body });
    expect(res.status, res.text).toBe(200);
    return res.body.id as number;
  };
  const sendAndWait = async (id: number) => {
    const started = await staff(communications, {
      method: 'POST',
      path: `/api/web/communications/${id}/send`,
    });
    expect(started.status, started.text).toBe(200);
    return eventually(
      `campaign ${id} completed`,
      async () =>
        (await staff(communications, { method: 'GET', path: `/api/web/communications/${id}/progress` })).body,
      (progress) => progress.status === 'COMPLETED',
    );
  };
  const analytics = async (id: number): Promise<Record<string, number>> => {
    const res = await staff(campaigns, { method: 'GET', path: `/api/web/campaigns/${id}/analytics` });
    expect(res.status, res.text).toBe(200);
    return Object.fromEntries((res.body as Row[]).map((r) => [r.action, r.quantity]));
  };
  /**
   * The analytics once every report was posted and every queue drained, polled until `until`
   * holds; past the deadline the last counts (the caller's assertion names the difference).
   */
  const settledAnalytics = async (id: number, until: (counts: Record<string, number>) => boolean) => {
    await standIns.reportsSettled();
    return eventually(
      `analytics of campaign ${id}`,
      async () => {
        await drained();
        return analytics(id);
      },
      until,
    ).catch(() => analytics(id));
  };
  const leadMembers = async (id: number, filter: string[]) => {
    const lead = await staff(campaigns, {
      method: 'POST',
      path: `/api/web/campaigns/${id}/analytics/lead`,
      body: { title: `Lead ${filter.join(', ')}`, filter },
    });
    expect(lead.status, lead.text).toBe(200);
    return (await listMembers(staffContext(t), lead.body.id as number)).ids.sort((a, b) => a - b);
  };

  beforeAll(async () => {
    t = await createTestTenant('hooks');
    process.env.ZENVIA_WEBHOOK_SECRET = SECRETS.zenvia;
    process.env.ONESIGNAL_WEBHOOK_SECRET = SECRETS.onesignal;
    standIns = await startStandIns({
      reports: {
        zenvia: { url: 'http://webhook/zenvia', token: SECRETS.zenvia },
        onesignal: { url: 'http://webhook/onesignal', token: SECRETS.onesignal },
        delayMs: 20,
        // Every report delivered twice: the second must change nothing.
        repeat: 2,
        // Into the real handler, as API Gateway would invoke it.
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
    process.env.PUSH_BASE_URL = `${standIns.url}/onesignal`;
    sendingOptions.batchSize = 3;
    sendingOptions.parkSeconds = 0.2;
    // Long enough that a provider call on a loaded CI host fits its budget (a third of the lease),
    // short enough that claims left by "dead" senders are taken over within the test.
    sendingOptions.leaseMs = 3_000;
    sendingOptions.ratePerSecond.SMS = 100_000;
    sendingOptions.ratePerSecond.PUSH = 100_000;
    REPORT_RETRY.delaySeconds = 0.2;
    registerConsumer('communications', plannerConsumer, 5);
    registerConsumer('sms', sendConsumer, 5);
    registerConsumer('push', sendConsumer, 5);
    // A report that came before its send was completed is looked at again for 20 s (a loaded host
    // may complete a send seconds after the provider reported it; a report of a notification never
    // sent is given up after that, and the queues drain).
    REPORT_RETRY.times = 100;
    registerConsumer(
      'provider-events',
      async (event) => {
        const answer = await providerEventsConsumer(event);
        handledReports.push(...event.Records.map((r) => r.body));
        return answer;
      },
      5,
    );
    const ctx = staffContext(t);
    for (let i = 0; i < CUSTOMERS; i++) {
      const cellphone =
        i === UNDELIVERABLE ? '(11) 9.8765-0000' : `(11) 9.8765-43${String(i).padStart(2, '0')}`;
      const form = CustomerForm.parse(
        staffCustomer({
          document: randomCpf(),
          fullname: `CLIENTE AVISADO ${i}`,
          email: `avisado${i}@exemplo.com.br`,
          cellphone,
          contacts: [],
        }),
      );
      ids.push((await createCustomer(ctx, form)).id);
    }
  }, 120_000);

  afterAll(async () => {
    await standIns.close();
    for (const [name, value] of [
      ['ZENVIA_WEBHOOK_SECRET', previous.zenvia],
      ['ONESIGNAL_WEBHOOK_SECRET', previous.onesignal],
      ['SMS_BASE_URL', previous.sms],
      ['PUSH_BASE_URL', previous.push],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  let sms: number;

  it(
    'counts Zenvia’s DELIVERED and NOT_DELIVERED once per customer, makes a lead of those not reached and a CM audience of those reached',
    async () => {
      sms = await create({
        description: 'SMS com relatório',
        type: 'SMS',
        active: 'Y',
        info: { layout_body: 'Oferta para {{primeiro_nome}}', type: 'O', approvement: 'sim' },
      });
      const done = await sendAndWait(sms);
      expect(done.sent).toBe(CUSTOMERS);
      const counts = await settledAnalytics(
        sms,
        (c) => c.DELIVERED === CUSTOMERS - 1 && c['NOT DELIVERED'] === 1,
      );
      expect(counts).toEqual({ SENT: CUSTOMERS, DELIVERED: CUSTOMERS - 1, 'NOT DELIVERED': 1, REJECTED: 0 });
      // Zenvia posted SENT, then the outcome, each twice; every post was accepted.
      const ours = new Set(
        [...providerMessages.sms.values()]
          .filter((m) => String(m.externalId).startsWith(`${t.tenant}:${sms}:`))
          .map((m) => String(m.to)),
      );
      const posted = standIns.reports.filter((r) => r.provider === 'zenvia' && ours.has(r.to));
      expect(posted.filter((r) => r.event === 'DELIVERED')).toHaveLength((CUSTOMERS - 1) * 2);
      expect(posted.filter((r) => r.event === 'NOT_DELIVERED')).toHaveLength(2);
      expect(posted.filter((r) => r.event === 'SENT')).toHaveLength(CUSTOMERS * 2);
      expect(posted.every((r) => r.status === 200)).toBe(true);
      expect([...ours].filter((to) => standInSmsOutcome(to) === 'NOT_DELIVERED')).toEqual(['5511987650000']);
      // 'Criar lead' from Não entregues: exactly the customer whose number failed.
      expect(await leadMembers(sms, ['NOT DELIVERED'])).toEqual([ids[UNDELIVERABLE]]);
      expect(await leadMembers(sms, ['DELIVERED'])).toEqual(
        ids.filter((_, i) => i !== UNDELIVERABLE).sort((a, b) => a - b),
      );
      // 'Recebeu SMS nos últimos X dias' (segmentation CM) sees the delivered customers only.
      const received = await previewLead(staffContext(t), [
        { key: 'CM', option: 'sms_received', value: 7 } as LeadCondition,
      ]);
      expect(received.population).toBe(CUSTOMERS - 1);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a report without the right secret (401, nothing recorded), a malformed one (400), and an address that keeps trying (429)',
    async () => {
      const delivered = [...providerMessages.sms.values()].find(
        (m) => String(m.externalId) === `${t.tenant}:${sms}:once:c${ids[0]}`,
      )!;
      expect(delivered).toBeDefined();
      const forged = {
        id: 'forged',
        type: 'MESSAGE_STATUS',
        channel: 'sms',
        message: { id: delivered.id, externalId: delivered.externalId, direction: 'OUT' },
        messageStatus: { code: 'NOT_DELIVERED', timestamp: new Date().toISOString() },
      };
      const before = await analytics(sms);
      const wrong = await hook('zenvia', forged, 'not-the-secret');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ message: 'Não autorizado.' });
      expect((await hook('zenvia', forged, undefined)).status).toBe(401);
      expect((await hook('zenvia', forged, SECRETS.onesignal)).status).toBe(401);
      expect(
        (
          await hook(
            'onesignal',
            { event: { kind: 'message.push.clicked' }, message: { id: String(delivered.id) } },
            SECRETS.zenvia,
          )
        ).status,
      ).toBe(401);
      const malformed = await hook('zenvia', { hello: 'world' }, SECRETS.zenvia);
      expect(malformed.status).toBe(400);
      expect(JSON.stringify(malformed.body)).not.toContain(SECRETS.zenvia);
      // A report of no message the pipeline sent is acknowledged and changes nothing.
      const stranger = { ...forged, message: { id: 'x', externalId: `${t.tenant}:${sms}:once:c999999` } };
      expect((await hook('zenvia', stranger, SECRETS.zenvia)).status).toBe(200);
      await drained();
      expect(await analytics(sms)).toEqual(before);
      // One address refused again and again is cut off, whatever it sends next.
      const ip = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
      const answers: number[] = [];
      // (Twice the limit at most: the counting window may turn over once during the loop.)
      while (!answers.includes(429) && answers.length < HOOK_LIMITS.deniedPerMinute * 2 + 2)
        answers.push((await hook('zenvia', forged, `guess-${answers.length}`, ip)).status);
      expect(answers.indexOf(429)).toBeGreaterThanOrEqual(HOOK_LIMITS.deniedPerMinute);
      expect(answers.slice(0, answers.indexOf(429)).every((s) => s === 401)).toBe(true);
      await drained();
      expect(await analytics(sms)).toEqual(before);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'records a report that arrives before its send is completed once the ledger completes it',
    async () => {
      const repo = sendingRepository(t.tenant);
      const late = { key: `c${ids[1]}late`, address: '5511987654399', name: '' };
      expect(await repo.claim(sms, 'once', late, Date.now(), 60_000)).toBe('claimed');
      const body = {
        id: 'early-report',
        type: 'MESSAGE_STATUS',
        channel: 'sms',
        message: { id: 'zenvia-late', externalId: `${t.tenant}:${sms}:once:${late.key}`, direction: 'OUT' },
        messageStatus: { code: 'DELIVERED', timestamp: new Date().toISOString() },
      };
      expect((await hook('zenvia', body, SECRETS.zenvia)).status).toBe(200);
      // The report was looked at (and put back) before the send completed: it is not counted yet.
      await eventually(
        'the early report handled',
        () => handledReports.filter((r) => r.includes('early-report')).length,
        (n) => n > 0,
      );
      expect((await analytics(sms)).DELIVERED).toBe(CUSTOMERS - 1);
      await repo.complete(
        sms,
        'once',
        late.key,
        { status: 'SENT', provider_id: 'zenvia-late', at: new Date().toISOString() },
        'SENT',
      );
      const counts = await settledAnalytics(sms, (c) => c.DELIVERED === CUSTOMERS);
      expect(counts.DELIVERED).toBe(CUSTOMERS);
      expect(counts['NOT DELIVERED']).toBe(1);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'counts OneSignal’s confirmed deliveries and clicks once per customer and makes a lead of those who clicked',
    async () => {
      const push = await create({
        description: 'Push com relatório',
        type: 'PUSH',
        active: 'Y',
        info: {
          layout_header: 'Oferta',
          layout_title: 'Clube',
          layout_body: 'Olá {{primeiro_nome}}',
          type: 'O',
          approvement: 'sim',
        },
      });
      const done = await sendAndWait(push);
      expect(done.sent).toBe(CUSTOMERS);
      const clickers = ids.filter((id) => standInPushClicked(`c${id}`));
      expect(clickers.length).toBeGreaterThan(0);
      expect(clickers.length).toBeLessThan(CUSTOMERS);
      const counts = await settledAnalytics(
        push,
        (c) => c.successful === CUSTOMERS && c.converted === clickers.length,
      );
      // Enviados, Entregues, Clicados, Perdidos (spec part 3 §3): each customer once, though every report came twice.
      expect(counts).toEqual({
        sent: CUSTOMERS,
        successful: CUSTOMERS,
        converted: clickers.length,
        failed: 0,
        errored: 0,
      });
      const posted = standIns.reports.filter(
        (r) => r.provider === 'onesignal' && ids.some((id) => r.to === `c${id}`),
      );
      expect(posted.filter((r) => r.event === 'message.push.received')).toHaveLength(CUSTOMERS * 2);
      expect(posted.filter((r) => r.event === 'message.push.clicked')).toHaveLength(clickers.length * 2);
      expect(posted.every((r) => r.status === 200)).toBe(true);
      expect(await leadMembers(push, ['converted'])).toEqual([...clickers].sort((a, b) => a - b));

      // A wrong secret, another user's report of one of our notifications, a notification we never sent: nothing moves.
      const notification = [...providerMessages.push.values()].find(
        (m) => String(m.idempotency_key) === `${t.tenant}:${push}:once:c${ids[1]}`,
      )!;
      const failed = (externalId: string, id = String(notification.id)) => ({
        event: {
          id: 'f',
          kind: 'message.push.failed',
          datetime: new Date().toISOString(),
          external_id: externalId,
        },
        message: { id },
      });
      const wrong = await hook('onesignal', failed(`c${ids[1]}`), 'not-the-secret');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ message: 'Não autorizado.' });
      expect((await hook('onesignal', failed(`c${ids[0]}`), SECRETS.onesignal)).status).toBe(200);
      expect((await hook('onesignal', failed(`c${ids[1]}`, 'never-sent'), SECRETS.onesignal)).status).toBe(
        200,
      );
      await drained();
      expect(await analytics(push)).toEqual(counts);
      // A real late failure of a delivered notification counts as Perdidos (errored), once.
      expect((await hook('onesignal', failed(`c${ids[1]}`), SECRETS.onesignal)).status).toBe(200);
      expect((await hook('onesignal', failed(`c${ids[1]}`), SECRETS.onesignal)).status).toBe(200);
      expect((await settledAnalytics(push, (c) => c.errored === 1)).errored).toBe(1);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'leaves queue messages it did not write alone',
    async () => {
      await localQueue.send('provider-events', {
        kind: 'provider-report',
        provider: 'zenvia',
        actions: ['DELIVERED'],
      });
      await localQueue.send('provider-events', { hello: 'world' });
      await drained();
      expect((await analytics(sms)).DELIVERED).toBe(CUSTOMERS);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );
});
