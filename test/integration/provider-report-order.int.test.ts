import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { handler as providerEventsConsumer } from '@freguesia/functions/communications/provider-events.consumer';
import { REPORT_RETRY } from '@freguesia/functions/communications/provider-events.service';
import { sendingRepository } from '@freguesia/functions/communications/sending.repository';
import { registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { ASYNC_TEST_TIMEOUT_MS, drained, eventually } from '../support/wait';

/**
 * A delivery report may reach the webhook before the sender has completed its send (the provider
 * accepted the notification and reported at once; the ledger write came later on a loaded host).
 * OneSignal's report names only its notification id, whose lookup is written at completion: the
 * report must wait for it, not be dropped (issue 20, 'Tests': 7 of 8 deliveries once).
 */
describe('communications: a push report that arrives before its send is completed', () => {
  let t: TestTenant;
  /** The bodies of the report messages the consumer handled. */
  const handled: string[] = [];
  const secret = `onesignal-${randomBytes(16).toString('hex')}`;
  const previous = { secret: process.env.ONESIGNAL_WEBHOOK_SECRET, retry: { ...REPORT_RETRY } };

  beforeAll(async () => {
    t = await createTestTenant('order');
    process.env.ONESIGNAL_WEBHOOK_SECRET = secret;
    REPORT_RETRY.delaySeconds = 0.2;
    // Looked at again for 20 s: a loaded host may take seconds between the steps below.
    REPORT_RETRY.times = 100;
    registerConsumer(
      'provider-events',
      async (event) => {
        const answer = await providerEventsConsumer(event);
        handled.push(...event.Records.map((r) => r.body));
        return answer;
      },
      5,
    );
  }, 60_000);

  afterAll(() => {
    process.env.ONESIGNAL_WEBHOOK_SECRET = previous.secret;
    Object.assign(REPORT_RETRY, previous.retry);
  });

  it(
    'counts the confirmed delivery once the send completes',
    async () => {
      // Prepare: a push run with one recipient claimed by a sender whose provider call is in flight.
      const repo = sendingRepository(t.tenant);
      const at = new Date().toISOString();
      await repo.createRun({ campaign: 7, run: 'once', channel: 'PUSH', cursor: '{}', at });
      const recipient = { key: 'c41', id_customer: 41, address: 'c41', name: 'Cliente' };
      expect(await repo.claim(7, 'once', recipient, Date.now(), 30_000)).toBe('claimed');
      const notification = randomUUID();

      // Act: OneSignal reports the delivery (twice, as it retries) before the sender completes.
      for (let copy = 0; copy < 2; copy++) {
        const res = await call(communications, {
          method: 'POST',
          path: '/api/hooks/onesignal',
          headers: { 'x-webhook-token': secret },
          body: {
            event: { id: 'e-1', kind: 'message.push.received', datetime: at, external_id: 'c41' },
            message: { id: notification },
          },
        });
        expect(res.status).toBe(200);
      }
      // Both copies were looked at before the send completed (the order this test is about).
      await eventually(
        'both copies of the report handled',
        () => handled.filter((body) => body.includes(notification)).length,
        (n) => n >= 2,
      );
      await repo.complete(
        7,
        'once',
        'c41',
        { status: 'SENT', provider_id: notification, at: new Date().toISOString() },
        'sent',
        { provider: 'onesignal', id_customer: 41 },
      );

      // Assess: 'Entregues' counts the customer once (both copies handled again, the queues drained).
      await eventually(
        'the report counted',
        async () => (await repo.actionCounts(7)).get('successful') ?? 0,
        (n) => n > 0,
      );
      await drained();
      expect((await repo.actionCounts(7)).get('successful')).toBe(1);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );
});
