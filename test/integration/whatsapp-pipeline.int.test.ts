import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { localDateTime } from '@freguesia/shared/domain/dates';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { handler as plannerConsumer } from '@freguesia/functions/communications/planner.consumer';
import { sendingOptions } from '@freguesia/functions/communications/sending.model';
import {
  findProviderMessage,
  sendingRepository,
} from '@freguesia/functions/communications/sending.repository';
import { createCustomer, customerContacts } from '@freguesia/functions/customers/customers.service';
import { registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { lookupProvider } from '@freguesia/functions/whatsapp/campaign-flow.model';
import { bulkClock } from '@freguesia/functions/whatsapp/campaigns.service';
import { handler as eventsConsumer } from '@freguesia/functions/whatsapp/events.consumer';
import { handler as whatsapp } from '@freguesia/functions/whatsapp/handler';
import { MEDIA_CHECK_MESSAGES } from '@freguesia/functions/whatsapp/media-check.service';
import { pacerObserver } from '@freguesia/functions/whatsapp/pacer.service';
import { partners } from '@freguesia/functions/whatsapp/partner-registry.service';
import { handler as sendConsumer } from '@freguesia/functions/whatsapp/send.consumer';
import type { WhatsappStandIns } from '@freguesia/infra/local/whatsapp-stand-ins';
import { call } from '../support/api';
import { exportFile, startExportsConsumer } from '../support/exports';
import { createTestTenant, staffContext } from '../support/tenant';
import { ASYNC_TEST_TIMEOUT_MS, drained, eventually, trackInvocations } from '../support/wait';
import { createWahaChannel, startWhatsappPartners } from '../support/whatsapp';
import { randomCpf, staffCustomer } from './customers-fixtures';

/**
 * The WhatsApp sending pipeline as an operator lives it (README "WhatsApp"), on DynamoDB Local and
 * the partner stand-ins: the pacer's rhythm (intervals never under the minimum, a rest after each
 * burst, RESTING in the list), pause and resume, a deadline that passes mid-send, an opt-out that
 * arrives mid-send, every queue message delivered twice (0 duplicates, 0 skips), every message of a
 * flow linked to the ledger, the two CSV exports, the media check on save and the bulk types.
 * Each scenario has its own tenant (a campaign without a lead goes to the whole base).
 */

type Pacing = { min_interval_s: number; max_interval_s: number; burst: number; rest_s: number };

describe('whatsapp sending pipeline', () => {
  let standIns: WhatsappStandIns;
  /** Every queue message delivered twice (planner and sender), as SQS may. */
  let twice = false;
  type Consumer = Parameters<typeof registerConsumer>[1];
  const maybeTwice =
    (consumer: Consumer): Consumer =>
    async (event) => {
      const first = await consumer(event);
      if (!twice) return first;
      const second = await consumer(event);
      return {
        batchItemFailures: [...(first?.batchItemFailures ?? []), ...(second?.batchItemFailures ?? [])],
      };
    };
  const slots: { tenant: string; at: number }[] = [];
  /** The WhatsApp sender's invocations (after a pause: the batch in flight has ended). */
  const whatsappSenders = trackInvocations('WhatsApp senders', maybeTwice(sendConsumer));

  beforeAll(async () => {
    standIns = await startWhatsappPartners('203.0.113.9');
    sendingOptions.parkSeconds = 0.2;
    sendingOptions.leaseMs = 3_000;
    pacerObserver.slot = (tenant, _channel, at) => void slots.push({ tenant, at });
    registerConsumer('communications', maybeTwice(plannerConsumer), 5);
    registerConsumer('whatsapp', whatsappSenders.consumer, 5);
    registerConsumer('whatsapp-events', eventsConsumer, 5);
    startExportsConsumer();
  }, ASYNC_TEST_TIMEOUT_MS);

  afterEach(() => {
    twice = false;
    vi.useRealTimers();
  });

  afterAll(async () => {
    await standIns.close();
    pacerObserver.slot = undefined;
  });

  /** A tenant with `n` customers (cellphones 11 9.6xxx-yyyy) and a WAHA channel paced as given. */
  async function scenario(
    n: number,
    pacing: Pacing,
    phoneOf = (i: number) => `(11) 9.6${String(i).padStart(3, '0')}-1234`,
  ) {
    const t = await createTestTenant('wpq');
    const ctx = staffContext(t);
    const customers: { id: number; digits: string }[] = [];
    for (let i = 0; i < n; i++) {
      const cellphone = phoneOf(i);
      const form = CustomerForm.parse(
        staffCustomer({
          document: randomCpf(),
          fullname: `CLIENTE ZAP ${i}`,
          cellphone,
          email: `z${i}@exemplo.com.br`,
        }),
      );
      customers.push({
        id: (await createCustomer(ctx, form)).id,
        digits: `55${cellphone.replace(/\D/g, '')}`,
      });
    }
    const staff = (request: Parameters<typeof call>[1], handler = whatsapp) =>
      call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
    const session = `s${t.tenant.slice(-8)}`;
    const { channel, standIn } = await createWahaChannel(t, standIns, {
      description: 'Loja Zap',
      session,
      token: 'waha-api-key-123456',
      password: 'waha-hmac-secret-2',
      extra_config: JSON.stringify({ pacing: { daily_cap: 100_000, ...pacing } }),
    });
    const campaign = async (flow: unknown[], extra: Record<string, unknown> = {}) => {
      const res = await staff({
        method: 'POST',
        path: '/api/web/whatsapp/campaigns',
        body: {
          description: 'Ofertas',
          type: 'WPPM',
          channel_id: channel,
          run_type: 'O',
          run_on: localDateTime(new Date(Date.now() + 3_600_000)).slice(0, 16),
          ban_safety: false,
          flow,
          ...extra,
        },
      });
      expect(res.status, res.text).toBe(200);
      return res.body.id as number;
    };
    const progress = async (id: number) =>
      (await staff({ method: 'GET', path: `/api/web/communications/${id}/progress` }, communications))
        .body as {
        status: string;
        sent: number;
        skipped: number;
        failed: number;
      };
    const send = async (id: number) => {
      const res = await staff({ method: 'POST', path: `/api/web/communications/${id}/send` }, communications);
      expect(res.status, res.text).toBe(200);
    };
    const until = <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> =>
      eventually(`tenant ${t.tenant}`, read, done, { intervalMs: 50 });
    const accepted = () => standIns.accepted.filter((m) => m.identity === session);
    const to = (digits: string) => accepted().filter((m) => m.to.includes(digits));
    const listed = async (id: number) =>
      (await staff({ method: 'GET', path: `/api/web/whatsapp/campaigns/${id}` })).body as { status: string };
    return {
      t,
      ctx,
      customers,
      staff,
      channel,
      standIn,
      campaign,
      progress,
      send,
      until,
      accepted,
      to,
      listed,
    };
  }

  it(
    'paces like a careful operator: intervals never under the minimum, a rest after each burst (RESTING in the list)',
    async () => {
      const s = await scenario(9, { min_interval_s: 0.15, max_interval_s: 0.25, burst: 4, rest_s: 1.2 });
      const id = await s.campaign([{ key: '1', type: 'T', value: 'Oi {{primeiro_nome}}' }]);
      // The production lease: with the suite's 3 s a loaded host's stall between a slot and the
      // call gives the recipient back (its slot unused, a tenth slot taken), which is no pacing fault.
      const lease = sendingOptions.leaseMs;
      sendingOptions.leaseMs = 30_000;
      const seen = new Set<string>();
      try {
        await s.send(id);
        await s.until(
          async () => {
            seen.add((await s.listed(id)).status);
            return (await s.progress(id)).status;
          },
          (status) => status === 'COMPLETED',
        );
      } finally {
        sendingOptions.leaseMs = lease;
      }
      const mine = slots.filter((x) => x.tenant === s.t.tenant).map((x) => x.at);
      expect(mine).toHaveLength(9);
      const gaps = mine.slice(1).map((at, i) => at - mine[i]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(150);
      // After slots 4 and 8 the channel rested 1.2 s.
      expect(gaps[3]).toBeGreaterThanOrEqual(1_200);
      expect(gaps[7]).toBeGreaterThanOrEqual(1_200);
      expect(seen).toContain('RESTING');
      expect((await s.listed(id)).status).toBe('COMPLETED');
      for (const c of s.customers) expect(s.to(c.digits)).toHaveLength(1);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'stops on pause (at most the message in flight) and finishes on resume, each customer once',
    async () => {
      const s = await scenario(8, { min_interval_s: 0.3, max_interval_s: 0.35, burst: 1_000, rest_s: 0 });
      const id = await s.campaign([{ key: '1', type: 'T', value: 'Promoção' }]);
      await s.send(id);
      await s.until(
        async () => s.accepted().length,
        (n) => n >= 2,
      );
      const paused = await s.staff(
        { method: 'POST', path: `/api/web/communications/${id}/pause` },
        communications,
      );
      expect(paused.status, paused.text).toBe(200);
      const atPause = s.accepted().length;
      // The batch in flight at the pause ends (any begun later reads the run paused and parks).
      await whatsappSenders.caughtUp();
      expect(s.accepted().length).toBeLessThanOrEqual(atPause + 1);
      expect(s.accepted().length).toBeLessThan(8);
      expect((await s.listed(id)).status).toBe('PAUSED');
      const resumed = await s.staff(
        { method: 'POST', path: `/api/web/communications/${id}/resume` },
        communications,
      );
      expect(resumed.status, resumed.text).toBe(200);
      const done = await s.until(
        () => s.progress(id),
        (p) => p.status === 'COMPLETED',
      );
      expect(done.sent).toBe(8);
      for (const c of s.customers) expect(s.to(c.digits)).toHaveLength(1);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'settles the rest as not sent when the deadline passes mid-send, without waiting the pacing',
    async () => {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      const s = await scenario(8, { min_interval_s: 0.3, max_interval_s: 0.35, burst: 1_000, rest_s: 0 });
      const now = localDateTime(new Date()).slice(0, 16);
      const deadline = localDateTime(new Date(Date.now() + 120_000)).slice(0, 16);
      const id = await s.campaign([{ key: '1', type: 'T', value: 'Só hoje' }], { run_on: now, deadline });
      await s.send(id);
      await s.until(
        async () => s.accepted().length,
        (n) => n >= 2,
      );
      // The clock passes the deadline (as a long send would).
      vi.setSystemTime(Date.now() + 5 * 60_000);
      const done = await s.until(
        () => s.progress(id),
        (p) => p.status === 'COMPLETED',
      );
      const sent = s.accepted().length;
      expect(sent).toBeLessThan(8);
      expect(done.sent).toBe(sent);
      expect(done.skipped).toBe(8 - sent);
      const ledger = await sendingRepository(s.t.tenant).deliveries(id, 'once');
      expect(ledger.filter((d) => d.status === 'CANCELED').map((d) => d.error)).toEqual(
        Array(8 - sent).fill('prazo final da campanha encerrado'),
      );
      // A recipient left out before its turn costs the channel no slot: at most the one already waiting
      // for its slot when the clock jumped (checked again after the wait, then cancelled) took one.
      const taken = slots.filter((x) => x.tenant === s.t.tenant).length;
      expect(taken).toBeGreaterThanOrEqual(sent);
      expect(taken).toBeLessThanOrEqual(sent + 1);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'honours an opt-out keyword that arrives mid-send: that customer gets nothing, the others once',
    async () => {
      // Slots 0.6 s apart: the opt-out, posted after the second message, is applied before the
      // seventh customer's turn (some 2.4 s later) even on a loaded host.
      const s = await scenario(8, { min_interval_s: 0.6, max_interval_s: 0.65, burst: 1_000, rest_s: 0 });
      const id = await s.campaign([{ key: '1', type: 'T', value: 'Ofertas de hoje' }]);
      await s.send(id);
      await s.until(
        async () => s.accepted().length,
        (n) => n >= 2,
      );
      const leaving = s.customers[6]!;
      expect(await standIns.inbound(s.standIn, leaving.digits, 'Sair')).toBe(200);
      // (How fast it applies is the send bench's figure: whatsapp-send.ts, 5 s at most.)
      await s.until(
        async () => (await customerContacts(s.ctx, [leaving.id]))[0]?.whatsapp_optout,
        (v) => v === 'Y',
      );
      expect(s.to(leaving.digits)).toHaveLength(0);
      const done = await s.until(
        () => s.progress(id),
        (p) => p.status === 'COMPLETED',
      );
      expect(s.to(leaving.digits)).toHaveLength(0);
      for (const c of s.customers.filter((c) => c !== leaving)) expect(s.to(c.digits)).toHaveLength(1);
      expect(done).toMatchObject({ sent: 7, skipped: 1 });
      expect((await sendingRepository(s.t.tenant).delivery(id, 'once', `c${leaving.id}`))?.error).toBe(
        'cliente recusou WhatsApp',
      );
      // The opt-in/out export lists the number, opted out.
      const { job, file } = await exportFile(
        { tenant: s.t.tenant, token: s.t.adminToken },
        '/api/whatsapp/export-opt-in-out',
        { id_channel: s.channel, days: 1 },
      );
      expect(job.body, job.text).toMatchObject({ kind: 'whatsapp-opt-in-out', status: 'done', rows: 1 });
      const lines = file
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('id_channel;channel;phone;id_customer;fullname;status;opt_at;interacted_at');
      expect(lines[1]!.split(';').slice(0, 6)).toEqual([
        String(s.channel),
        'Loja Zap',
        leaving.digits,
        String(leaving.id),
        'CLIENTE ZAP 6',
        'optout',
      ]);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'sends each customer exactly once when every queue message is delivered twice and a sender dies after the partner accepted',
    async () => {
      const s = await scenario(20, { min_interval_s: 0.01, max_interval_s: 0.02, burst: 1_000, rest_s: 0 });
      const id = await s.campaign([{ key: '1', type: 'T', value: 'Oi {{primeiro_nome}}' }]);
      const callsByKey = new Map<string, number>();
      const real = partners.RetailThink_v3;
      let crashed = false;
      partners.RetailThink_v3 = {
        ...real,
        async send(c, m) {
          callsByKey.set(m.idempotencyKey, (callsByKey.get(m.idempotencyKey) ?? 0) + 1);
          const answer = await real.send(c, m);
          if (!crashed && callsByKey.size === 7) {
            crashed = true;
            throw new Error('sender killed after the partner accepted');
          }
          return answer;
        },
      };
      twice = true;
      try {
        await s.send(id);
        const done = await s.until(
          () => s.progress(id),
          (p) => p.status === 'COMPLETED',
        );
        await drained();
        expect(done).toMatchObject({ sent: 20, failed: 0, skipped: 0 });
      } finally {
        partners.RetailThink_v3 = real;
      }
      // 0 duplicates: one accepted message per customer; the one key called twice is the retry after
      // the crash, deduplicated by the partner.
      for (const c of s.customers) expect(s.to(c.digits)).toHaveLength(1);
      expect([...callsByKey.values()].filter((n) => n > 1)).toEqual([2]);
      // 0 skips: every recipient of the ledger sent.
      const ledger = await sendingRepository(s.t.tenant).deliveries(id, 'once');
      expect(ledger.map((d) => d.status)).toEqual(Array(20).fill('SENT'));
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'links every message of the flow to the ledger: statuses of any of them count once per recipient; the details export',
    async () => {
      // The stand-in fails numbers ending in 0000.
      const s = await scenario(
        3,
        { min_interval_s: 0.01, max_interval_s: 0.02, burst: 1_000, rest_s: 0 },
        (i) => (i === 2 ? '(11) 9.6002-0000' : `(11) 9.6${String(i).padStart(3, '0')}-1234`),
      );
      const id = await s.campaign([
        { key: '1', type: 'T', value: 'Olá {{primeiro_nome}}' },
        {
          key: '2',
          type: 'M',
          subtype: 'I',
          value: `${standIns.bases.media}/oferta.jpg?bytes=5000`,
          extra: 'Veja',
        },
      ]);
      await s.send(id);
      await s.until(
        () => s.progress(id),
        (p) => p.status === 'COMPLETED',
      );
      expect(s.accepted()).toHaveLength(6);
      for (const m of s.accepted()) {
        const found = await findProviderMessage(lookupProvider(s.t.tenant, s.channel), m.id);
        expect(found, `message ${m.id} linked`).toMatchObject({ tenant: s.t.tenant, campaign: id });
      }
      await standIns.settled();
      const counts = await s.until(
        async () => {
          await drained();
          return sendingRepository(s.t.tenant).actionCounts(id);
        },
        (c) => c.get('read') === 2 && c.get('failed') === 1,
      );
      // Two messages each, every one delivered and read: counted once per recipient.
      expect(Object.fromEntries(counts)).toMatchObject({ sent: 3, delivered: 2, read: 2, failed: 1 });
      const { job, file } = await exportFile(
        { tenant: s.t.tenant, token: s.t.adminToken },
        '/api/whatsapp/export-campaign-details',
        { id_campaign: id, id_channel: s.channel },
      );
      expect(job.body, job.text).toMatchObject({
        kind: 'whatsapp-campaign-details',
        status: 'done',
        rows: 3,
      });
      const rows = file
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map((l) => l.split(';'));
      expect(rows[0]).toEqual([
        'id_campaign',
        'description',
        'channel',
        'run',
        'id_customer',
        'fullname',
        'phone',
        'status',
        'sent_at',
        'delivered_at',
        'read_at',
        'failed_at',
        'error',
      ]);
      const failing = rows.find((r) => r[6] === s.customers[2]!.digits)!;
      expect(failing.slice(0, 8)).toEqual([
        String(id),
        'Ofertas',
        'Loja Zap',
        'once',
        String(s.customers[2]!.id),
        'CLIENTE ZAP 2',
        s.customers[2]!.digits,
        'Enviada',
      ]);
      expect(failing[11]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const reached = rows.filter((r) => r[6] === s.customers[0]!.digits || r[6] === s.customers[1]!.digits);
      expect(reached).toHaveLength(2);
      for (const r of reached) {
        expect(r[9]).toMatch(/^\d{4}-/);
        expect(r[10]).toMatch(/^\d{4}-/);
      }
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'checks media URLs on save through the safe agent: over 7,340,032 bytes, private addresses, unreachable',
    async () => {
      const s = await scenario(0, { min_interval_s: 1, max_interval_s: 2, burst: 10, rest_s: 0 });
      const save = (value: string) =>
        s.staff({
          method: 'POST',
          path: '/api/web/whatsapp/campaigns',
          body: {
            description: 'Mídia',
            type: 'WPPM',
            channel_id: s.channel,
            run_type: 'O',
            run_on: localDateTime(new Date(Date.now() + 3_600_000)).slice(0, 16),
            ban_safety: false,
            flow: [
              { key: '1', type: 'T', value: 'Veja' },
              { key: '2', type: 'M', subtype: 'V', value },
            ],
          },
        });
      const tooBig = await save(`${standIns.bases.media}/video.mp4?bytes=7340033`);
      expect(tooBig.status).toBe(400);
      expect(tooBig.body.message).toBe('Arquivo muito grande!');
      expect((await save(`${standIns.bases.media}/video.mp4?bytes=7340032`)).status).toBe(200);
      const metadata = await save('http://169.254.169.254/latest/meta-data/video.mp4');
      expect(metadata.status).toBe(400);
      expect(metadata.body.message).toBe(MEDIA_CHECK_MESSAGES.refused);
      const loopback = await save('http://127.0.0.1:9/video.mp4');
      expect(loopback.body.message).toBe(MEDIA_CHECK_MESSAGES.refused);
      const missing = await save(`${standIns.url}/nada/video.mp4`);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(MEDIA_CHECK_MESSAGES.unreachable);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    "creates one campaign per channel (WPPMM) or group (WPPGM) named ' - [name]', 600 ms apart",
    async () => {
      const s = await scenario(0, { min_interval_s: 1, max_interval_s: 2, burst: 10, rest_s: 0 });
      const second = await s.staff({
        method: 'POST',
        path: '/api/web/customer-service/channel',
        body: {
          description: 'Loja Norte',
          type: 'WHATSAPP',
          partner: 'RetailThink_v3',
          icon: '',
          account: '',
          user: standIns.bases.waha,
          key: 'norte',
          token: 'waha-api-key-123456',
          password: 'x-secret-123',
          extra_config: '',
        },
      });
      const sleeps: number[] = [];
      const real = bulkClock.sleep;
      bulkClock.sleep = async (ms) => {
        sleeps.push(ms);
        await real(ms);
      };
      try {
        const started = performance.now();
        const bulk = await s.staff({
          method: 'POST',
          path: '/api/web/whatsapp/campaigns',
          body: {
            description: 'Natal',
            type: 'WPPMM',
            channels: [s.channel, second.body.id],
            run_type: 'O',
            run_on: localDateTime(new Date(Date.now() + 3_600_000)).slice(0, 16),
            ban_safety: false,
            flow: [{ key: '1', type: 'T', value: 'Feliz Natal' }],
          },
        });
        expect(bulk.status, bulk.text).toBe(200);
        expect(performance.now() - started).toBeGreaterThanOrEqual(600);
        const groups = await s.staff({
          method: 'POST',
          path: '/api/web/whatsapp/campaigns',
          body: {
            description: 'Grupos',
            type: 'WPPGM',
            channel_id: s.channel,
            groups: [
              { id: '1203@g.us', name: 'Clientes VIP' },
              { id: '1204@g.us', name: 'Ofertas' },
              { id: '1205@g.us', name: 'Bairro' },
            ],
            run_type: 'O',
            run_on: localDateTime(new Date(Date.now() + 3_600_000)).slice(0, 16),
            ban_safety: false,
            flow: [{ key: '1', type: 'T', value: 'Oi grupo' }],
          },
        });
        expect(groups.status, groups.text).toBe(200);
        expect(groups.body.ids).toHaveLength(3);
      } finally {
        bulkClock.sleep = real;
      }
      // One pause after each creation but the last: 1 for two channels, 2 for three groups.
      expect(sleeps).toEqual([600, 600, 600]);
      const list = await s.staff({
        method: 'GET',
        path: '/api/web/whatsapp/campaigns',
        query: { per_page: 50 },
      });
      expect(
        list.body.data.map((c: { description: string; type: string }) => `${c.type} ${c.description}`).sort(),
      ).toEqual([
        'WPPG Grupos - Bairro',
        'WPPG Grupos - Clientes VIP',
        'WPPG Grupos - Ofertas',
        'WPPM Natal - Loja Norte',
        'WPPM Natal - Loja Zap',
      ]);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );
});
