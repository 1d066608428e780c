import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNICATION_MESSAGES, runOnInstant } from '@freguesia/shared/schemas/communication';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { handler as plannerConsumer } from '@freguesia/functions/communications/planner.consumer';
import { handler as sendConsumer } from '@freguesia/functions/communications/send.consumer';
import { handler as eventsConsumer } from '@freguesia/functions/communications/events.consumer';
import { channelSenders, emailSender } from '@freguesia/functions/communications/channel-senders.service';
import { syncSchedule } from '@freguesia/functions/communications/schedules.service';
import { sendingOptions } from '@freguesia/functions/communications/sending.model';
import { sendingRepository } from '@freguesia/functions/communications/sending.repository';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { previewLead } from '@freguesia/functions/segmentation/leads.service';
import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import { setMailPort, type MailMessage } from '@freguesia/functions/lib/ports/mail';
import {
  registerConsumer,
  localQueue,
  type SqsConsumer,
} from '@freguesia/functions/lib/ports/local/queue-runtime';
import { listSchedules } from '@freguesia/functions/lib/ports/local/scheduler-runtime';
import { providerMessages, startStandIns, type StandIns } from '@freguesia/infra/local/stand-ins';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { ASYNC_TEST_TIMEOUT_MS, drained, eventually, trackInvocations } from '../support/wait';
import { createStore, randomCpf, staffCustomer } from './customers-fixtures';

/**
 * The sending pipeline of communication campaigns (functions/src/communications) against DynamoDB
 * Local, through the real handlers and the local twins of SQS and EventBridge Scheduler, with a
 * stand-in e-mail provider that records every accepted message by its idempotency key (as SES would
 * deliver it) and can fail, stall or be "killed" on demand. Every scenario ends with the same
 * question a customer would ask: did I get this e-mail exactly once?
 */

interface Provider {
  /** Accepted messages by idempotency key (a resend with the same key is the same message). */
  accepted: Map<string, MailMessage>;
  /** Provider calls, including repeats with a known key. */
  calls: number;
  /** Fail the next N calls with a transient error, before accepting anything. */
  failNext: number;
  /** Milliseconds each call takes. */
  delayMs: number;
  /** Stall the next N calls until the sender aborts them (a provider that hangs). */
  stallNext: number;
  /** Calls in flight per idempotency key, and the most ever in flight for one key. */
  inFlight: Map<string, number>;
  maxInFlightPerKey: number;
}

const provider: Provider = {
  accepted: new Map(),
  calls: 0,
  failNext: 0,
  delayMs: 0,
  stallNext: 0,
  inFlight: new Map(),
  maxInFlightPerKey: 0,
};

/** The stand-in provider's answer to one call: stalls, delays, fails or accepts (one message per key). */
async function accept(message: MailMessage, key: string): Promise<string> {
  if (provider.stallNext > 0) {
    provider.stallNext--;
    // Hangs until the sender's call budget aborts it (then never accepted); a call without a
    // budget hangs past the lease and then accepts, as a slow provider would.
    await new Promise((resolve, reject) => {
      if (!message.signal) return void setTimeout(resolve, 2.5 * sendingOptions.leaseMs);
      message.signal.addEventListener('abort', () => reject(message.signal!.reason), { once: true });
    });
  }
  if (provider.delayMs) await new Promise((r) => setTimeout(r, provider.delayMs));
  if (provider.failNext > 0) {
    provider.failNext--;
    throw Object.assign(new Error('provider unavailable'), { name: 'ServiceUnavailable' });
  }
  if (!provider.accepted.has(key)) provider.accepted.set(key, message);
  return `msg-${[...provider.accepted.keys()].indexOf(key)}`;
}

type Row = { action: string; quantity: number };

/** Each message delivered twice, as SQS's at-least-once delivery may (when `twice.on`): one copy after the other, or both at once (`together`). */
const twice = { on: false, together: false };
const duplicating =
  (consumer: SqsConsumer): SqsConsumer =>
  async (event) => {
    if (!twice.on) return consumer(event);
    const [first, second] = twice.together
      ? await Promise.all([consumer(event), consumer(event)])
      : [await consumer(event), await consumer(event)];
    const failed = new Set(
      [...(first?.batchItemFailures ?? []), ...(second?.batchItemFailures ?? [])].map(
        (f) => f.itemIdentifier,
      ),
    );
    return { batchItemFailures: [...failed].map((itemIdentifier) => ({ itemIdentifier })) };
  };

/** The e-mail sender's invocations (after a pause or a cancel: the batches in flight have ended). */
const emailSenders = trackInvocations('e-mail senders', duplicating(sendConsumer));

describe('communications: the sending pipeline', () => {
  let t: TestTenant;
  const reachable: string[] = [];
  const idOf = new Map<string, number>();
  let optedOut = 0;
  let withoutEmail = 0;
  const staff = (handler: typeof campaigns, request: Parameters<typeof call>[1]) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...request });

  const emailCampaign = (
    description: string,
    info: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
  ) => ({
    description,
    type: 'EMAIL',
    active: 'Y',
    info: {
      layout_title: 'Ofertas para {{primeiro_nome}}',
      layout_body: '<p>Olá, {{nome}}!</p><script>alert(1)</script>',
      type: 'O',
      approvement: 'sim',
      ...info,
    },
    ...extra,
  });
  const create = async (body: unknown) => {
    const res = await staff(campaigns, { method: 'POST', path: '/api/web/campaign/new', body });
    expect(res.status, res.text).toBe(200);
    return res.body.id as number;
  };
  const progress = async (id: number) =>
    (await staff(communications, { method: 'GET', path: `/api/web/communications/${id}/progress` })).body;
  const waitFor = (id: number, status: string) =>
    eventually(
      `campaign ${id} ${status}`,
      () => progress(id),
      (p) => p.status === status,
    );
  /** 'Enviar agora', 'Pausar', 'Retomar', 'Cancelar' of the 'Envio' panel. */
  const control = (id: number, action: 'send' | 'pause' | 'resume' | 'cancel') =>
    staff(communications, { method: 'POST', path: `/api/web/communications/${id}/${action}` });
  /** A new e-mail campaign to the base, sent until five customers have it. */
  const sendingFive = async (description: string) => {
    const id = await create(emailCampaign(description));
    await control(id, 'send');
    await eventually(
      'five sent',
      () => progress(id),
      (p) => p.sent >= 5,
      { intervalMs: 20 },
    );
    return id;
  };
  /** Recipients (addresses) the provider accepted for a campaign, with how many distinct messages each got. */
  const receivedBy = (id: number) => {
    const counts = new Map<string, number>();
    for (const message of provider.accepted.values()) {
      if (message.tags?.campaign !== String(id)) continue;
      for (const to of message.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    }
    return counts;
  };
  const expectEveryoneOnce = (id: number) => {
    const counts = receivedBy(id);
    expect([...counts.keys()].sort()).toEqual([...reachable].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  };

  beforeAll(async () => {
    t = await createTestTenant('com');
    setMailPort({
      async send(message) {
        provider.calls++;
        const key = message.idempotencyKey ?? `${Math.random()}`;
        const inFlight = (provider.inFlight.get(key) ?? 0) + 1;
        provider.inFlight.set(key, inFlight);
        provider.maxInFlightPerKey = Math.max(provider.maxInFlightPerKey, inFlight);
        try {
          return await accept(message, key);
        } finally {
          provider.inFlight.set(key, (provider.inFlight.get(key) ?? 1) - 1);
        }
      },
    });
    channelSenders.EMAIL = emailSender;
    // Long enough that a provider call on a loaded CI host fits its budget (a third of the lease),
    // short enough that claims left by "dead" senders are taken over within the test.
    sendingOptions.leaseMs = 3_000;
    sendingOptions.pageSize = 20;
    sendingOptions.batchSize = 10;
    sendingOptions.parkSeconds = 0.2;
    sendingOptions.ratePerSecond.EMAIL = 100_000;
    registerConsumer('communications', duplicating(plannerConsumer), 5);
    registerConsumer('email', emailSenders.consumer, 5);
    registerConsumer('email-events', eventsConsumer, 5);
    const ctx = staffContext(t);
    const store = await createStore(t.tenant, 'Loja Centro');
    // 60 customers: 3 planner pages of 20, batches of 10; some opted out, some without e-mail.
    for (let i = 0; i < 60; i++) {
      const email = `cliente${i}@exemplo.com.br`;
      const optOut = i % 10 === 3;
      const noEmail = i % 25 === 7;
      const form = CustomerForm.parse(
        staffCustomer({
          document: randomCpf(),
          fullname: `CLIENTE NUMERO ${i}`,
          email: noEmail ? '' : email,
          email_optout: optOut ? 'Y' : 'N',
          // Even customers have a favourite store: the {{loja}} of their messages.
          favorite_store: i % 2 === 0 ? store.id : null,
          contacts: [],
        }),
      );
      const { id } = await createCustomer(ctx, form);
      idOf.set(email, id);
      if (noEmail) withoutEmail++;
      else if (optOut) optedOut++;
      else reachable.push(email);
    }
  }, 120_000);

  let standIns: StandIns;
  beforeAll(async () => {
    standIns = await startStandIns();
    process.env.SMS_BASE_URL = `${standIns.url}/zenvia`;
    process.env.PUSH_BASE_URL = `${standIns.url}/onesignal`;
    registerConsumer('sms', duplicating(sendConsumer), 5);
    registerConsumer('push', duplicating(sendConsumer), 5);
  });

  afterAll(async () => {
    setMailPort(undefined);
    await standIns.close();
  });

  it('validates a communication with the spec messages and keeps its HTML safe', async () => {
    const empty = await staff(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: { type: 'EMAIL', description: '', info: {} },
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(COMMUNICATION_MESSAGES.emailDescription);
    expect(JSON.stringify(empty.body)).toContain(COMMUNICATION_MESSAGES.subject);
    const recurring = await staff(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: emailCampaign('Sem frequência', { type: 'R' }),
    });
    expect(recurring.status).toBe(400);
    expect(JSON.stringify(recurring.body)).toContain(COMMUNICATION_MESSAGES.frequency);
    const id = await create(emailCampaign('HTML', { approvement: null }));
    const details = await staff(campaigns, {
      method: 'GET',
      path: '/api/web/campaign/details',
      query: { id },
    });
    expect(details.body.info.layout_body).toBe('<p>Olá, {{nome}}!</p>');
    expect(details.body.info.approvement).toBeNull();
    // The estimate counts the customers e-mail reaches: 60 less 6 opted out and 3 without an
    // e-mail = 51 × R$ 0,007 = R$ 0,36 (the whole base's 60 would be R$ 0,42).
    expect(details.body.info.value).toBe(0.36);
    const refused = await staff(communications, {
      method: 'POST',
      path: `/api/web/communications/${id}/send`,
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(COMMUNICATION_MESSAGES.notApproved);
  });

  it(
    'sends to every reachable customer exactly once, with their name, even when every message is delivered twice',
    async () => {
      twice.on = true;
      const id = await create(
        emailCampaign('Todos duas vezes', {
          layout_body: '<p>Olá, {{nome}}!</p><p>Sua loja: {{ loja }}</p>',
        }),
      );
      const details = await staff(campaigns, {
        method: 'GET',
        path: '/api/web/campaign/details',
        query: { id },
      });
      expect(details.body.info.approvement).toMatch(/^Aprovado por: .+ Em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      const started = await staff(communications, {
        method: 'POST',
        path: `/api/web/communications/${id}/send`,
      });
      expect(started.status, started.text).toBe(200);
      const done = await waitFor(id, 'COMPLETED');
      twice.on = false;
      expect(done).toMatchObject({
        planned: reachable.length,
        sent: reachable.length,
        failed: 0,
        skipped: optedOut + withoutEmail,
      });
      expectEveryoneOnce(id);
      const one = [...provider.accepted.values()].find(
        (m) => m.tags?.campaign === String(id) && m.to[0] === 'cliente0@exemplo.com.br',
      )!;
      expect(one.subject).toBe('Ofertas para Cliente');
      // Every variable the editor offers is filled: {{loja}} is the favourite store, empty without one.
      // (then the unsubscribe footer every marketing e-mail carries: communications-compliance.int.test.ts)
      expect(one.html).toMatch(
        /^<p>Olá, Cliente Numero 0!<\/p><p>Sua loja: Loja Centro<\/p><p [^>]*>Não quer mais/,
      );
      const noStore = [...provider.accepted.values()].find(
        (m) => m.tags?.campaign === String(id) && m.to[0] === 'cliente1@exemplo.com.br',
      )!;
      expect(noStore.html).toMatch(/^<p>Olá, Cliente Numero 1!<\/p><p>Sua loja: <\/p><p [^>]*>Não quer mais/);
      // Executed once-only: no edit, no second send.
      const edit = await staff(campaigns, {
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: { ...emailCampaign('Todos duas vezes'), id },
      });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe(COMMUNICATION_MESSAGES.executed);
      const again = await staff(communications, {
        method: 'POST',
        path: `/api/web/communications/${id}/send`,
      });
      expect(again.status).toBe(409);
      const list = await staff(campaigns, {
        method: 'GET',
        path: '/api/web/campaigns',
        query: { types: 'EMAIL' },
      });
      const row = list.body.data.find((r: { id: number }) => r.id === id);
      expect(row.info.executed_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      expect(row.info).not.toHaveProperty('layout_body');
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'plans each audience page once when two copies of a plan message arrive at the same time',
    async () => {
      const id = await create(emailCampaign('Cópias simultâneas'));
      // Every address the planner hands to the e-mail queue (parked batches come back delayed and are not new plans).
      const queued: string[] = [];
      const send = localQueue.send;
      localQueue.send = (queue, body, options) => {
        const message = body as { campaign?: number; recipients?: { address: string }[] };
        if (queue === 'email' && !options?.delaySeconds && message.campaign === id)
          queued.push(...(message.recipients ?? []).map((r) => r.address));
        return send(queue, body, options);
      };
      twice.on = true;
      twice.together = true;
      // A planner step is its taker's for the lease: on a loaded host a step may take longer than
      // the suite's 3 s, and the twin then rightly takes it over and plans the page again. This
      // test is about two live copies, so its lease outlasts any step.
      const lease = sendingOptions.leaseMs;
      sendingOptions.leaseMs = 30_000;
      try {
        await staff(communications, { method: 'POST', path: `/api/web/communications/${id}/send` });
        const done = await waitFor(id, 'COMPLETED');
        expect(done).toMatchObject({ planned: reachable.length, sent: reachable.length, failed: 0 });
      } finally {
        localQueue.send = send;
        twice.on = false;
        twice.together = false;
        sendingOptions.leaseMs = lease;
      }
      expect(queued.sort()).toEqual([...reachable].sort());
      expectEveryoneOnce(id);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it('lets one plan message at a time take a planner step, and only its taker give it back', async () => {
    const repo = sendingRepository(t.tenant);
    const campaign = 990_000 + Math.floor(Math.random() * 9_999);
    expect(
      await repo.createRun({
        campaign,
        run: 'once',
        channel: 'EMAIL',
        cursor: '{"source":"base"}',
        at: new Date().toISOString(),
      }),
    ).toBe(true);
    const run = (await repo.run(campaign, 'once'))!;
    const takenAt = Date.now();
    expect(await repo.takeStep(run, takenAt, sendingOptions.leaseMs)).toEqual({ taken: true });
    // A copy is refused and told where the run is, without reading it again.
    const copy = await repo.takeStep(run, takenAt + 1, sendingOptions.leaseMs);
    expect(copy.taken).toBe(false);
    expect(copy.taken === false && copy.found).toMatchObject({
      status: 'PLANNING',
      step: 0,
      step_taken_at: takenAt,
    });
    // Somebody else's release leaves the step with its taker; the taker's own gives it back at once.
    await repo.releaseStep(run, takenAt + 1);
    expect((await repo.takeStep(run, takenAt + 2, sendingOptions.leaseMs)).taken).toBe(false);
    await repo.releaseStep(run, takenAt);
    expect((await repo.takeStep(run, takenAt + 3, sendingOptions.leaseMs)).taken).toBe(true);
    // After the lease a step whose taker died is taken again.
    expect(
      (await repo.takeStep(run, takenAt + 3 + sendingOptions.leaseMs + 1, sendingOptions.leaseMs)).taken,
    ).toBe(true);
  });

  it(
    'neither duplicates nor skips anyone after 20 provider failures and senders that died holding claims',
    async () => {
      const id = await create(emailCampaign('Com falhas'));
      // Three senders "died" between the ledger and the provider call: their claims are left behind.
      const repo = sendingRepository(t.tenant);
      const started = await staff(communications, {
        method: 'POST',
        path: `/api/web/communications/${id}/send`,
      });
      expect(started.status).toBe(200);
      for (const email of reachable.slice(0, 3)) {
        await repo.claim(
          id,
          'once',
          { key: `c${idOf.get(email)}`, address: email, name: '' },
          Date.now(),
          sendingOptions.leaseMs,
        );
      }
      provider.failNext = 20;
      const done = await waitFor(id, 'COMPLETED');
      expect(provider.failNext).toBe(0);
      expect(done).toMatchObject({ sent: reachable.length, failed: 0 });
      expect(receivedBy(id).size).toBe(reachable.length);
      expectEveryoneOnce(id);
      const ledger = await repo.deliveries(id, 'once');
      expect(ledger.filter((d) => d.status === 'SENT')).toHaveLength(reachable.length);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'aborts provider calls that hang inside the lease: never two calls for one recipient at once, everyone once',
    async () => {
      const id = await create(emailCampaign('Provedor travado'));
      provider.maxInFlightPerKey = 0;
      const callsBefore = provider.calls;
      // Each hung call is aborted by the sender's budget (a third of the lease) and its recipient
      // retried; the lease (3 s here) is never overrun by a live call, so no other sender takes
      // a recipient over while its call is still in flight.
      provider.stallNext = 6;
      await staff(communications, { method: 'POST', path: `/api/web/communications/${id}/send` });
      const done = await waitFor(id, 'COMPLETED');
      expect(provider.stallNext).toBe(0);
      expect(done).toMatchObject({ sent: reachable.length, failed: 0 });
      expect(provider.maxInFlightPerKey).toBe(1);
      expect(provider.calls - callsBefore).toBeGreaterThanOrEqual(reachable.length + 6);
      expectEveryoneOnce(id);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'pauses and resumes a running send, ending with everyone sent once',
    async () => {
      provider.delayMs = 15;
      const id = await sendingFive('Pausa');
      const paused = await control(id, 'pause');
      expect(paused.status, paused.text).toBe(200);
      expect(paused.body.status).toBe('PAUSED');
      // The batches in flight at the pause end (any begun later reads the run paused and parks).
      await emailSenders.caughtUp();
      const during = (await progress(id)).sent;
      await emailSenders.caughtUp();
      // Nothing moves while paused: the batches begun meanwhile sent nobody.
      expect((await progress(id)).sent).toBe(during);
      expect(during).toBeLessThan(reachable.length);
      const resumed = await control(id, 'resume');
      expect(resumed.status, resumed.text).toBe(200);
      provider.delayMs = 0;
      await waitFor(id, 'COMPLETED');
      expectEveryoneOnce(id);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'cancels a send: nobody else is written to, and the rest is counted as skipped',
    async () => {
      provider.delayMs = 20;
      const id = await sendingFive('Cancelada');
      const canceled = await control(id, 'cancel');
      expect(canceled.status).toBe(200);
      provider.delayMs = 0;
      // Every batch ended: those in flight at the cancel, and the later ones that settled their
      // recipients as canceled.
      await drained();
      const after = await progress(id);
      expect(after.status).toBe('CANCELED');
      expect(receivedBy(id).size).toBeLessThan(reachable.length);
      expect(receivedBy(id).size).toBe(after.sent);
      const details = await staff(campaigns, {
        method: 'GET',
        path: '/api/web/campaign/details',
        query: { id },
      });
      expect(details.body.info.canceled_at).toBeTruthy();
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'counts provider events once per recipient, leaves scanner clicks out, suppresses bounces and makes a lead of an audience',
    async () => {
      const id = await create(
        emailCampaign('Eventos', { recipients: 'cliente1@exemplo.com.br;cliente2@exemplo.com.br' }),
      );
      await staff(communications, { method: 'POST', path: `/api/web/communications/${id}/send` });
      await waitFor(id, 'COMPLETED');
      const event = (eventType: string, recipient: string, extra: Record<string, unknown> = {}) =>
        localQueue.send('email-events', {
          detail: {
            eventType,
            mail: {
              messageId: 'm',
              timestamp: new Date(Date.now() - 60_000).toISOString(),
              tags: { tenant: [t.tenant], campaign: [String(id)], run: ['once'], recipient: [recipient] },
            },
            ...extra,
          },
        });
      await event('Delivery', 'cliente1@exemplo.com.br');
      await event('Delivery', 'cliente1@exemplo.com.br'); // redelivered: counted once
      await event('Delivery', 'cliente2@exemplo.com.br');
      await event('Open', 'cliente1@exemplo.com.br', {
        open: { timestamp: new Date().toISOString(), userAgent: 'Mozilla/5.0' },
      });
      await event('Click', 'cliente2@exemplo.com.br', {
        click: {
          timestamp: new Date().toISOString(),
          userAgent: 'Barracuda Sentinel (EE)',
          link: 'https://x',
        },
      });
      await event('Bounce', 'cliente2@exemplo.com.br', {
        bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'cliente2@exemplo.com.br' }] },
      });
      await eventually(
        'the bounce counted',
        async () =>
          (await staff(campaigns, { method: 'GET', path: `/api/web/campaigns/${id}/analytics` }))
            .body as Row[],
        (rows) => rows.find((r) => r.action === 'bounce')?.quantity === 1,
      );
      // Every event handled (the bounce was the last sent).
      await drained();
      const rows = (await staff(campaigns, { method: 'GET', path: `/api/web/campaigns/${id}/analytics` }))
        .body as Row[];
      const count = (action: string) => rows.find((r) => r.action === action)?.quantity;
      expect(count('sent')).toBe(2);
      expect(count('delivered')).toBe(2);
      expect(count('open')).toBe(1);
      expect(count('click')).toBe(0);
      expect(count('bounce')).toBe(1);
      expect(await sendingRepository(t.tenant).suppressed('EMAIL', ['cliente2@exemplo.com.br'])).toEqual(
        new Set(['cliente2@exemplo.com.br']),
      );
      // A lead of an audience needs customers: a list send has none behind its addresses.
      const lead = await staff(campaigns, {
        method: 'POST',
        path: `/api/web/campaigns/${id}/analytics/lead`,
        body: { title: 'Abriram', filter: ['open'] },
      });
      expect(lead.status).toBe(400);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'creates a lead of the customers who opened a campaign sent to the base',
    async () => {
      const id = await create(emailCampaign('Lead de aberturas'));
      await staff(communications, { method: 'POST', path: `/api/web/communications/${id}/send` });
      await waitFor(id, 'COMPLETED');
      const openers = ['c1', 'c2', 'c5'];
      for (const recipient of openers) {
        await localQueue.send('email-events', {
          detail: {
            eventType: 'Open',
            mail: {
              messageId: 'm',
              timestamp: new Date().toISOString(),
              tags: { tenant: [t.tenant], campaign: [String(id)], run: ['once'], recipient: [recipient] },
            },
            open: { timestamp: new Date().toISOString(), userAgent: 'Mozilla/5.0' },
          },
        });
      }
      await eventually(
        'the opens counted',
        async () =>
          (await staff(campaigns, { method: 'GET', path: `/api/web/campaigns/${id}/analytics` }))
            .body as Row[],
        (rows) => rows.find((r) => r.action === 'open')?.quantity === openers.length,
      );
      const lead = await staff(campaigns, {
        method: 'POST',
        path: `/api/web/campaigns/${id}/analytics/lead`,
        body: { title: 'Abriram a campanha', filter: ['open'] },
      });
      expect(lead.status, lead.text).toBe(200);
      // The segmentation condition 'Leu e-mail nos últimos X dias' (CM) sees the same three customers.
      const readers = await previewLead(staffContext(t), [
        { key: 'CM', option: 'email_read', value: 7 } as LeadCondition,
      ]);
      expect(readers.population).toBe(openers.length);
      const details = await call(campaigns, {
        tenant: t.tenant,
        token: t.adminToken,
        method: 'GET',
        path: '/api/web/campaign/details',
        query: { id },
      });
      expect(details.status).toBe(200);
      expect(lead.body.id).toBeGreaterThan(0);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it('schedules a once-only send at its local date-time and a recurring one on its cron, in America/Sao_Paulo', async () => {
    const once = await create(emailCampaign('Agendada', { run_on: '2099-12-01 09:30' }));
    const recurring = await create(emailCampaign('Toda segunda', { type: 'R', run_frequency: '0 9 * * 1' }));
    const unapproved = await create(
      emailCampaign('Sem aprovação', { run_on: '2099-12-01 09:30', approvement: null }),
    );
    const ctx = staffContext(t);
    expect(await syncSchedule(ctx, once)).toBe('once');
    expect(await syncSchedule(ctx, recurring)).toBe('cron');
    expect(await syncSchedule(ctx, unapproved)).toBe('none');
    const schedules = listSchedules();
    const at = schedules.find((s) => s.name === `comm-${t.tenant}-${once}`);
    // 09:30 in São Paulo (UTC−3) is 12:30 UTC.
    expect(at?.at).toBe('2099-12-01T12:30:00.000Z');
    expect(runOnInstant('2099-12-01 09:30')?.toISOString()).toBe('2099-12-01T12:30:00.000Z');
    expect(schedules.find((s) => s.name === `comm-${t.tenant}-${recurring}`)).toMatchObject({
      kind: 'cron',
      expression: '0 9 * * 1',
      target: { queue: 'communications', payload: { kind: 'fire', campaign: recurring } },
    });
    expect(schedules.some((s) => s.name === `comm-${t.tenant}-${unapproved}`)).toBe(false);
    // Deactivating removes the schedule.
    const details = await staff(campaigns, {
      method: 'GET',
      path: '/api/web/campaign/details',
      query: { id: once },
    });
    const off = await staff(campaigns, {
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: {
        ...emailCampaign('Agendada', { run_on: '2099-12-01 09:30' }),
        id: once,
        active: 'N',
        updated_at: details.body.updated_at,
      },
    });
    expect(off.status, off.text).toBe(200);
    expect(await syncSchedule(ctx, once)).toBe('none');
    expect(listSchedules().some((s) => s.name === `comm-${t.tenant}-${once}`)).toBe(false);
    const recurringCampaign = await staff(campaigns, {
      method: 'GET',
      path: '/api/web/campaign/details',
      query: { id: recurring },
    });
    expect(recurringCampaign.body.info.run_frequency).toBe('0 9 * * 1');
  });

  it(
    'sends an SMS (accents removed, characters stripped) and a push through their providers, once per customer',
    async () => {
      twice.on = true;
      const sms = await create({
        description: 'SMS',
        type: 'SMS',
        active: 'Y',
        info: {
          layout_body: 'Promoção de café™ para {{primeiro_nome}} — só hoje!',
          type: 'O',
          approvement: 'sim',
        },
      });
      const push = await create({
        description: 'Push',
        type: 'PUSH',
        active: 'Y',
        info: {
          layout_header: 'Oferta',
          layout_title: 'Clube',
          layout_body: 'Olá {{primeiro_nome}}',
          url: 'https://loja.example/ofertas',
          type: 'O',
          approvement: 'sim',
        },
      });
      for (const id of [sms, push]) {
        const started = await staff(communications, {
          method: 'POST',
          path: `/api/web/communications/${id}/send`,
        });
        expect(started.status, started.text).toBe(200);
      }
      const smsDone = await waitFor(sms, 'COMPLETED');
      const pushDone = await waitFor(push, 'COMPLETED');
      twice.on = false;
      // Every active customer has a cellphone and none opted out of SMS or the app in this tenant.
      expect(smsDone.sent).toBe(60);
      expect(pushDone.sent).toBe(60);
      const smsOf = [...providerMessages.sms.values()].filter((m) =>
        String(m.externalId).includes(`:${sms}:`),
      );
      expect(smsOf).toHaveLength(60);
      expect((smsOf[0]!.contents as { text: string }[])[0]!.text).toBe(
        'Promocao de cafe para Cliente  so hoje!',
      );
      expect(smsOf[0]!.to).toBe('5511987654321');
      const pushOf = [...providerMessages.push.values()].filter((m) =>
        String(m.idempotency_key).includes(`:${push}:`),
      );
      expect(pushOf).toHaveLength(60);
      expect(pushOf[0]).toMatchObject({
        target_channel: 'push',
        url: 'https://loja.example/ofertas',
        contents: { pt: 'Olá Cliente' },
      });
      const rows = (await staff(campaigns, { method: 'GET', path: `/api/web/campaigns/${sms}/analytics` }))
        .body as { action: string; quantity: number }[];
      expect(rows.find((r) => r.action === 'SENT')?.quantity).toBe(60);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it('lets each channel’s permission reach its own campaigns only (spec part 3 §6)', async () => {
    const writer = await t.userWith([
      { action: 'read', subject: 'Communications' },
      { action: 'write', subject: 'Communications' },
    ]);
    const as = (request: Parameters<typeof call>[1]) =>
      call(campaigns, { tenant: t.tenant, token: writer.token, ...request });
    const email = await as({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: emailCampaign('Do time de comunicação', { approvement: null }),
    });
    expect(email.status, email.text).toBe(200);
    expect(
      (await as({ method: 'GET', path: '/api/web/campaigns', query: { types: 'EMAIL,TEMAIL,SMS' } })).status,
    ).toBe(200);
    expect(
      (await as({ method: 'GET', path: '/api/web/campaign/details', query: { id: email.body.id } })).status,
    ).toBe(200);
    // Not a push (Mobile), not a discount (Campaigns), not the discount list.
    const push = await as({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: { description: 'Push', type: 'PUSH', info: { layout_header: 'A', layout_body: 'B' } },
    });
    expect(push.status).toBe(403);
    expect((await as({ method: 'GET', path: '/api/web/campaigns', query: { types: 'D' } })).status).toBe(403);
    expect((await as({ method: 'GET', path: '/api/web/campaigns' })).status).toBe(403);
    const progress = await call(communications, {
      tenant: t.tenant,
      token: writer.token,
      method: 'GET',
      path: `/api/web/communications/${email.body.id}/progress`,
    });
    expect(progress.status).toBe(200);
    const reader = await t.userWith([{ action: 'read', subject: 'Mobile' }]);
    const send = await call(communications, {
      tenant: t.tenant,
      token: reader.token,
      method: 'POST',
      path: `/api/web/communications/${email.body.id}/send`,
    });
    expect(send.status).toBe(403);
  });
});
