import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { localDateTime } from '@freguesia/shared/domain/dates';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { handler as plannerConsumer } from '@freguesia/functions/communications/planner.consumer';
import { sendingOptions } from '@freguesia/functions/communications/sending.model';
import { sendingRepository } from '@freguesia/functions/communications/sending.repository';
import { createCustomer, customerContacts } from '@freguesia/functions/customers/customers.service';
import { registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { handler as whatsapp } from '@freguesia/functions/whatsapp/handler';
import { handler as sendConsumer } from '@freguesia/functions/whatsapp/send.consumer';
import { handler as eventsConsumer } from '@freguesia/functions/whatsapp/events.consumer';
import { partnerClock } from '@freguesia/functions/whatsapp/partners.service';
import { ChannelEntity } from '@freguesia/functions/whatsapp/whatsapp.entities';
import type { StandInChannel, WhatsappStandIns } from '@freguesia/infra/local/whatsapp-stand-ins';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { ASYNC_TEST_TIMEOUT_MS, drained, eventually } from '../support/wait';
import { startWhatsappPartners, whatsappHookPath } from '../support/whatsapp';
import { randomCpf, staffCustomer } from './customers-fixtures';

/**
 * WhatsApp end to end on the local twins (README "WhatsApp"): channels with sealed credentials,
 * the gateway session flow, a WPPM campaign sent through the pipeline to a stand-in partner, its
 * statuses back through the signed webhook, an opt-out keyword applied at once, the report.
 */

const FAST_PACING = JSON.stringify({
  pacing: { min_interval_s: 0.05, max_interval_s: 0.08, burst: 1000, rest_s: 0, daily_cap: 100000 },
});

describe('whatsapp', () => {
  let t: TestTenant;
  let standIns: WhatsappStandIns;
  const customers: number[] = [];
  const staff = (request: Parameters<typeof call>[1], handler = whatsapp) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
  const standInChannel = (
    partner: StandInChannel['partner'],
    identity: string,
    id: number,
    secrets: { token: string; password: string },
  ): StandInChannel => ({
    partner,
    identity,
    webhook: `http://${t.tenant}.freguesia.test${whatsappHookPath(partner, id)}`,
    host: `${t.tenant}.freguesia.test`,
    ...secrets,
  });

  const createChannel = async (body: Record<string, unknown>) => {
    const res = await staff({
      method: 'POST',
      path: '/api/web/customer-service/channel',
      body: { type: 'WHATSAPP', icon: '', account: '', extra_config: FAST_PACING, ...body },
    });
    expect(res.status, res.text).toBe(200);
    return res.body.id as number;
  };

  const sendAndWait = async (id: number) => {
    const started = await staff(
      { method: 'POST', path: `/api/web/communications/${id}/send` },
      communications,
    );
    expect(started.status, started.text).toBe(200);
    return eventually(
      `campaign ${id} completed`,
      async () =>
        (await staff({ method: 'GET', path: `/api/web/communications/${id}/progress` }, communications)).body,
      (progress) => progress.status === 'COMPLETED',
      { intervalMs: 50 },
    );
  };

  /**
   * The campaign's action counters once every status was posted and the queues drained, polled
   * until `until` holds; past the deadline the last counters (the caller's assertions name the gap).
   */
  const settledCounts = async (id: number, until: (counts: Map<string, number>) => boolean) => {
    await standIns.settled();
    const counts = async () => {
      await drained();
      return sendingRepository(t.tenant).actionCounts(id);
    };
    return eventually(`counters of campaign ${id}`, counts, until).catch(counts);
  };

  const campaign = async (channel: number, flow: unknown[], extra: Record<string, unknown> = {}) => {
    const res = await staff({
      method: 'POST',
      path: '/api/web/whatsapp/campaigns',
      body: {
        description: 'Ofertas da semana',
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

  beforeAll(async () => {
    t = await createTestTenant('wpp');
    standIns = await startWhatsappPartners('203.0.113.5');
    sendingOptions.batchSize = 3;
    sendingOptions.parkSeconds = 0.2;
    sendingOptions.leaseMs = 3_000;
    registerConsumer('communications', plannerConsumer, 5);
    registerConsumer('whatsapp', sendConsumer, 5);
    registerConsumer('whatsapp-events', eventsConsumer, 5);
    const ctx = staffContext(t);
    for (let i = 0; i < 3; i++) {
      const form = CustomerForm.parse(
        staffCustomer({
          document: randomCpf(),
          fullname: `MARIA ZAP ${i}`,
          email: `zap${i}@exemplo.com.br`,
          cellphone: `(11) 9.7777-10${String(i).padStart(2, '0')}`,
          contacts: [],
        }),
      );
      customers.push((await createCustomer(ctx, form)).id);
    }
  }, 120_000);

  afterAll(async () => {
    await standIns.close();
  });

  let waha: number;
  let meta: number;

  it('keeps channel credentials sealed: never answered, never stored in clear; an empty token on edit keeps it', async () => {
    waha = await createChannel({
      description: 'Loja Centro (WAHA)',
      partner: 'RetailThink_v3',
      user: standIns.bases.waha,
      key: 'default',
      token: 'waha-api-key-123456',
      password: 'waha-hmac-secret-1',
    });
    const list = await staff({ method: 'GET', path: '/api/web/customer-service/channel' });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('waha-api-key-123456');
    expect(list.text).not.toContain('waha-hmac-secret-1');
    const row = (
      list.body as {
        id: number;
        token: string;
        has_token: boolean;
        token_hint: string;
        webhook_path: string;
      }[]
    ).find((c) => c.id === waha)!;
    expect(row).toMatchObject({
      token: '',
      has_token: true,
      token_hint: '…3456',
      webhook_path: `/api/hooks/whatsapp/retailthink_v3/${waha}`,
    });
    const stored = (await ChannelEntity.get({ tenant: t.tenant, id: waha }).go()).data!;
    expect(JSON.stringify(stored)).not.toContain('waha-api-key-123456');
    const edited = await staff({
      method: 'PUT',
      path: '/api/web/customer-service/channel',
      body: { ...row, description: 'Loja Centro', token: '', password: '', extra_config: FAST_PACING },
    });
    expect(edited.status, edited.text).toBe(200);
    const status = await staff({ method: 'GET', path: `/api/web/customer-service/channel/${waha}/status` });
    expect(status.body).toEqual({ id: waha, status: 'WORKING', connected: true });
  });

  it('connects a gateway session as §4 says: working warns, stopped starts, waits 2 s, then shows the QR', async () => {
    const waits: number[] = [];
    const sleep = partnerClock.sleep;
    partnerClock.sleep = async (ms) => void waits.push(ms);
    try {
      expect(
        (await staff({ method: 'POST', path: `/api/web/customer-service/channel/${waha}/connect` })).body,
      ).toMatchObject({ status: 'WORKING', message: 'Já está conectado!' });
      standIns.sessions.set('waha:default', 'STOPPED');
      const connect = await staff({
        method: 'POST',
        path: `/api/web/customer-service/channel/${waha}/connect`,
      });
      expect(connect.body.status).toBe('STOPPED');
      expect(connect.body.qr).toMatch(/^data:image\/png;base64,/);
      expect(waits).toEqual([2_000]);
      expect(standIns.sessions.get('waha:default')).toBe('SCAN_QR_CODE');
      standIns.sessions.set('waha:default', 'WORKING');
    } finally {
      partnerClock.sleep = sleep;
    }
    const bare = await createChannel({
      description: 'Sem credenciais',
      partner: 'RetailThink_v3',
      user: standIns.bases.waha,
      key: '',
      token: '',
      password: '',
    });
    const refused = await staff({
      method: 'POST',
      path: `/api/web/customer-service/channel/${bare}/connect`,
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Erro ao verificar conectividade !');
    expect(
      (await staff({ method: 'GET', path: `/api/web/customer-service/channel/${bare}/status` })).body.status,
    ).toBe('close');
  });

  it('refuses a channel URL on a private address (the safe agent)', async () => {
    const inside = await createChannel({
      description: 'Interno',
      partner: 'RetailThink_v2',
      user: 'http://169.254.169.254/latest',
      key: 'x',
      token: 'tok-123456789',
      password: 'p',
    });
    const res = await staff({ method: 'GET', path: `/api/web/customer-service/channel/${inside}/status` });
    expect(res.status).toBe(400);
    expect(res.text).toContain('URL do canal recusada');
  });

  it(
    'sends a WPPM campaign to the customers through the gateway, exactly once each, and counts the statuses once',
    async () => {
      standIns.register(
        standInChannel('RetailThink_v3', 'default', waha, {
          token: 'waha-api-key-123456',
          password: 'waha-hmac-secret-1',
        }),
      );
      const id = await campaign(waha, [
        { key: '1', type: 'T', value: 'Olá {{primeiro_nome}}, temos ofertas!' },
        {
          key: '2',
          type: 'M',
          subtype: 'I',
          value: `${standIns.bases.media}/oferta.jpg?bytes=120000`,
          extra: 'Confira',
        },
      ]);
      const done = await sendAndWait(id);
      expect(done.sent).toBe(3);
      const mine = standIns.accepted.filter((m) => m.identity === 'default');
      expect(
        mine.filter((m) => (m.body as { text?: string }).text === 'Olá Maria, temos ofertas!'),
      ).toHaveLength(3);
      expect(new Set(mine.map((m) => m.to)).size).toBe(3);
      const counts = await settledCounts(id, (c) => c.get('read') === 3 && c.get('delivered') === 3);
      expect(counts.get('delivered')).toBe(3);
      expect(counts.get('read')).toBe(3);
      expect(counts.get('sent')).toBe(3);
      const list = await staff({ method: 'GET', path: '/api/web/whatsapp/campaigns' });
      expect(list.body.data.find((c: { id: number }) => c.id === id)).toMatchObject({
        status: 'COMPLETED',
        channel: 'Loja Centro',
      });
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'refuses forged and stale webhooks, ignores a replay, and applies an opt-out keyword at once',
    async () => {
      const channel = standInChannel('RetailThink_v3', 'default', waha, {
        token: 'waha-api-key-123456',
        password: 'waha-hmac-secret-1',
      });
      const body = JSON.stringify({
        event: 'message',
        timestamp: Date.now(),
        session: 'default',
        payload: { id: 'in-1', from: '5511977771000@c.us', fromMe: false, body: 'Sair' },
      });
      const post = (raw: string, signature: string) =>
        call(whatsapp, {
          method: 'POST',
          tenant: t.tenant,
          path: whatsappHookPath('RetailThink_v3', waha),
          rawBody: raw,
          headers: { 'x-webhook-hmac': signature },
        });
      const sign = (raw: string) => createHmac('sha512', 'waha-hmac-secret-1').update(raw).digest('hex');
      expect((await post(body, sign(body.replace('Sair', 'Oi')))).status).toBe(401);
      const stale = body.replace(/"timestamp":\d+/, `"timestamp":${Date.now() - 3_600_000}`);
      expect((await post(stale, sign(stale))).status).toBe(401);
      const first = await post(body, sign(body));
      expect(first.status, first.text).toBe(200);
      expect(first.body).toEqual({ received: true });
      expect((await post(body, sign(body))).body).toEqual({ received: true, duplicate: true });
      await drained();
      const [c] = await customerContacts(staffContext(t), [customers[0]!]);
      expect(c!.whatsapp_optout).toBe('Y');
      const audience = await staff({
        method: 'GET',
        path: `/api/web/customer-service/channel/count/${waha}`,
      });
      expect(audience.body).toEqual({ total: 1, total_optout: 1 });
      // The next campaign leaves her out.
      const before = standIns.accepted.length;
      const id = await campaign(waha, [{ key: '1', type: 'T', value: 'Nova oferta' }]);
      const done = await sendAndWait(id);
      expect(done.sent).toBe(2);
      expect(standIns.accepted.slice(before).map((m) => m.to)).not.toContain('5511977771000');
      void channel;
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'sends through the official Cloud API with X-Hub-Signature-256 statuses, and the report reads the counters',
    async () => {
      meta = await createChannel({
        description: 'Cloud API',
        partner: 'META',
        user: '1098765',
        key: 'waba-1',
        token: 'meta-access-token-1',
        password: 'meta-app-secret-1',
      });
      standIns.register(
        standInChannel('META', '1098765', meta, {
          token: 'meta-access-token-1',
          password: 'meta-app-secret-1',
        }),
      );
      const id = await campaign(meta, [{ key: '1', type: 'T', value: 'Oi {{primeiro_nome}}' }]);
      const done = await sendAndWait(id);
      expect(done.sent).toBe(2);
      expect((await settledCounts(id, (c) => c.get('delivered') === 2)).get('delivered')).toBe(2);
      const forged = await call(whatsapp, {
        method: 'POST',
        tenant: t.tenant,
        path: whatsappHookPath('META', meta),
        rawBody: '{"object":"whatsapp_business_account","entry":[]}',
        headers: { 'x-hub-signature-256': 'sha256=00' },
      });
      expect(forged.status).toBe(401);
      const report = await staff({ method: 'GET', path: '/api/whatsapp/report', query: { days: 7 } });
      expect(report.status, report.text).toBe(200);
      expect(report.body.channel_customers.find((c: { id: number }) => c.id === waha)).toMatchObject({
        optin: 0,
        optout: 1,
      });
      const today = report.body.opts_by_day.at(-1);
      expect(today).toMatchObject({ optout: 1, optin: 0 });
      expect(report.body.opts_by_day).toHaveLength(7);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );
});
