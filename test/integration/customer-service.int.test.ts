import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as csHandler } from '@freguesia/functions/customer-service/handler';
import { applyInbound, sweepOutboxes } from '@freguesia/functions/customer-service/bot.service';
import { watchedWork } from '@freguesia/functions/lib/async/in-flight';
import { handler as botConsumer } from '@freguesia/functions/customer-service/bot.consumer';
import { handler as inboundStream } from '@freguesia/functions/customer-service/inbound.stream';
import { handler as statusesStream } from '@freguesia/functions/customer-service/statuses.stream';
import { LocalStreamPoller } from '@freguesia/functions/lib/ports/local/stream-poller';
import { registerConsumer } from '@freguesia/functions/lib/ports/local/queue-runtime';
import { streamProcessors, wantsRecord } from '@freguesia/functions/streams';
import { handler as eventsConsumer } from '@freguesia/functions/whatsapp/events.consumer';
import type { StandInChannel, WhatsappStandIns } from '@freguesia/infra/local/whatsapp-stand-ins';
import { call } from '../support/api';
import { auditLog } from '@freguesia/functions/audit/audit.service';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { ASYNC_TEST_TIMEOUT_MS, eventually } from '../support/wait';
import { createWahaChannel, startWhatsappPartners } from '../support/whatsapp';

/**
 * Customer service end to end on the local twins (issue 24): a customer's message through a
 * stand-in WhatsApp gateway and its signed webhook opens a conversation that the channel's bot
 * answers and transfers; the inbox lists it for the department's staff only; staff reply (sent once,
 * its status back from the webhook), reassign and finish; the next message opens a new conversation.
 */

const ATTEND = { action: 'write', subject: 'Attendances' } as const;

describe('customer service', () => {
  let t: TestTenant;
  let standIns: WhatsappStandIns;
  let poller: LocalStreamPoller;
  let channel: number;
  let gateway: StandInChannel;
  let vendas: number;
  let suporte: number;
  let ana: { id: number; token: string };
  let bruno: { id: number; token: string };
  let clerk: { id: number; token: string };

  const cs = (request: Parameters<typeof call>[1], token = t.adminToken) => {
    const url = new URL(request.path, 'http://x');
    return call(csHandler, {
      tenant: t.tenant,
      token,
      ...request,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
    });
  };
  const sentTo = (phone: string) =>
    standIns.accepted
      .filter((m) => m.to.includes(phone))
      .map((m) => (m.body as { text?: string }).text ?? '');
  const until = <T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean) =>
    eventually(what, read, ok, { intervalMs: 50 });

  const flow = (departments: { yes: number; no: number }) => ({
    nodes: [
      { id: 'start', type: 'Start', data: { step: 'Início', restart: 'menu' } },
      {
        id: 'hello',
        type: 'SimpleMessage',
        data: {
          step: 'Boas-vindas',
          text: 'Olá! Digite 1 para Vendas ou 2 para Suporte.',
          savevariable: true,
          variablename: 'opcao',
          pattern: '^[12]$',
        },
      },
      { id: 'which', type: 'Condition', data: { step: 'Escolha', variablename: 'opcao', pattern: '^1$' } },
      {
        id: 'toSales',
        type: 'Transfer',
        data: { step: 'Vendas', department: departments.yes, text: 'Transferindo para Vendas' },
      },
      {
        id: 'toSupport',
        type: 'Transfer',
        data: { step: 'Suporte', department: departments.no, text: 'Transferindo para Suporte' },
      },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'hello' },
      { id: 'e2', source: 'hello', target: 'which' },
      { id: 'e3', source: 'which', target: 'toSales', sourceHandle: 'true' },
      { id: 'e4', source: 'which', target: 'toSupport', sourceHandle: 'false' },
    ],
  });

  beforeAll(async () => {
    t = await createTestTenant('cs');
    standIns = await startWhatsappPartners('203.0.113.5');
    registerConsumer('whatsapp-events', eventsConsumer, 5);
    registerConsumer('customer-service-bot', botConsumer, 5);
    const mine = streamProcessors.filter((p) => p.domain === 'customer-service');
    const handlers: Record<string, typeof inboundStream> = {
      'customer-service-inbound': inboundStream,
      'customer-service-statuses': statusesStream,
    };
    poller = new LocalStreamPoller({
      endpoint: process.env.DYNAMODB_ENDPOINT!,
      tableName: process.env.TABLE_NAME!,
      startAt: 'LATEST',
      intervalMs: 50,
      processors: mine.map((p) => ({
        name: p.name,
        handler: handlers[p.name]!,
        accepts: (record) => wantsRecord(p, record),
        batchSize: p.batchSize,
        maxAttempts: 3,
      })),
    });
    await poller.pollOnce();
    poller.start();

    ({ channel, standIn: gateway } = await createWahaChannel(t, standIns, {
      description: 'Atendimento Centro',
      icon: 'https://cdn.exemplo.com/zap.png',
      session: 'cs-session',
      token: 'waha-api-key-cs-1234',
      password: 'waha-hmac-cs-secret',
    }));
    ana = await t.userWith([ATTEND]);
    bruno = await t.userWith([ATTEND]);
    clerk = await t.userWith([{ action: 'read', subject: 'Customers' }]);
  }, 120_000);

  afterAll(async () => {
    await poller?.stop();
    await standIns?.close();
  });

  it("creates and edits departments with their users (the spec's messages), listed for the inbox", async () => {
    const a = await cs({
      method: 'POST',
      path: '/api/web/customer-service/department/new',
      body: { name: 'Vendas', id_channel: channel, active: true, users: [ana.id] },
    });
    expect(a.status, a.text).toBe(200);
    expect(a.body.message).toBe('Cadastrado com sucesso');
    vendas = a.body.id;
    const b = await cs({
      method: 'POST',
      path: '/api/web/customer-service/department/new',
      body: { name: 'Suporte', id_channel: channel, active: true, users: [] },
    });
    suporte = b.body.id;
    // The spec's edit: PUT on the message-send path with the id.
    const edit = await cs({
      method: 'PUT',
      path: '/api/web/customer-service/message/send',
      body: { id: suporte, name: 'Suporte', id_channel: channel, active: 'Y', users: [bruno.id] },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body.message).toBe('Alterado');
    const unknownUser = await cs({
      method: 'PUT',
      path: '/api/web/customer-service/department',
      body: { id: suporte, name: 'Suporte', id_channel: channel, active: true, users: [999_999] },
    });
    expect(unknownUser.status).toBe(400);
    const list = await cs({ method: 'GET', path: '/api/web/customer-service/departments' }, ana.token);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: suporte, name: 'Suporte', users: [bruno.id], active: true }),
      expect.objectContaining({ id: vendas, name: 'Vendas', users: [ana.id] }),
    ]);
    expect(
      (await cs({ method: 'GET', path: '/api/web/customer-service/departments' }, clerk.token)).status,
    ).toBe(403);
    // Only administrators configure them.
    expect(
      (
        await cs(
          {
            method: 'POST',
            path: '/api/web/customer-service/department/new',
            body: { name: 'X', id_channel: 0, users: [] },
          },
          ana.token,
        )
      ).status,
    ).toBe(403);
  });

  it('refuses an invalid flow with Portuguese messages naming each node, saves a valid one', async () => {
    const bad = flow({ yes: vendas, no: 0 });
    bad.nodes.push({ id: 'orphan', type: 'SimpleMessage', data: { step: 'Perdido', text: 'x' } } as never);
    const refused = await cs({
      method: 'PUT',
      path: '/api/web/customer-service/channel/flow',
      body: { id_channel: channel, flow: JSON.stringify(bad) },
    });
    expect(refused.status).toBe(400);
    const messages = (refused.body.flow_errors as { node?: string; message: string }[]).map((e) => e.message);
    expect(messages).toContain('O nó "Suporte" (Transferir para setor) precisa do campo setor.');
    expect(messages).toContain('O nó "Perdido" (Mensagem simples) não é alcançável a partir do Início.');
    expect(refused.body.message).toBe(messages[0]);
    const before = await cs({ method: 'GET', path: `/api/web/customer-service/channel/flow?id=${channel}` });
    expect(JSON.parse(before.body.flow).nodes).toHaveLength(1);

    const saved = await cs({
      method: 'PUT',
      path: '/api/web/customer-service/channel/flow',
      body: { id_channel: channel, flow: JSON.stringify(flow({ yes: vendas, no: suporte })) },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ id_channel: channel, message: 'Fluxo alterado com sucesso' });
    const log = await auditLog(staffContext(t), { limit: 50 });
    const entries = log.data.map((e) => `${e.entity}:${e.action}:${e.summary}`);
    expect(entries).toEqual(
      expect.arrayContaining([
        `botFlow:create:Canal ${channel}`,
        'department:create:Vendas',
        'department:create:Suporte',
        'department:update:Suporte',
      ]),
    );
    const read = await cs({ method: 'GET', path: `/api/web/customer-service/channel/flow?id=${channel}` });
    expect(JSON.parse(read.body.flow).nodes.map((n: { type: string }) => n.type)).toEqual([
      'Start',
      'SimpleMessage',
      'Condition',
      'Transfer',
      'Transfer',
    ]);
    expect(
      (
        await cs({
          method: 'PUT',
          path: '/api/web/customer-service/channel/flow',
          body: { id_channel: 999_999, flow: JSON.stringify(flow({ yes: vendas, no: suporte })) },
        })
      ).status,
    ).toBe(404);
  });

  let conversation: number;
  const phone = '5511977772000';

  it(
    'answers an inbound message with the bot, transfers it, and shows it to the department only',
    async () => {
      expect(await standIns.inbound(gateway, phone, 'Oi, bom dia')).toBe(200);
      await until(
        'bot greeting',
        () => sentTo(phone),
        (s) => s.includes('Olá! Digite 1 para Vendas ou 2 para Suporte.'),
      );
      // An answer outside the pattern: asked again.
      await standIns.inbound(gateway, phone, 'quero comprar');
      await until(
        'asked again',
        () => sentTo(phone),
        (s) => s.filter((x) => x.startsWith('Olá!')).length === 2,
      );
      await standIns.inbound(gateway, phone, '1');
      await until(
        'transfer',
        () => sentTo(phone),
        (s) => s.includes('Transferindo para Vendas'),
      );

      const anaList = await until(
        'inbox of Vendas',
        async () =>
          (await cs({ method: 'GET', path: '/api/web/customer-service/attendances' }, ana.token)).body,
        (b) => b.data?.length === 1 && b.data[0].id_department === vendas,
      );
      conversation = anaList.data[0].id;
      expect(anaList.data[0]).toMatchObject({
        from: phone,
        department: 'Vendas',
        active: true,
        bot: false,
        id_user: 0,
        icon: 'https://cdn.exemplo.com/zap.png',
        last_text: 'Transferindo para Vendas',
      });
      expect(anaList.cursor).toBeNull();
      const brunoList = await cs(
        { method: 'GET', path: '/api/web/customer-service/attendances' },
        bruno.token,
      );
      expect(brunoList.body.data).toEqual([]);
      expect(
        (
          await cs(
            { method: 'GET', path: `/api/web/customer-service/attendances?id_department=${vendas}` },
            bruno.token,
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await cs(
            { method: 'GET', path: `/api/web/customer-service/messages?id=${conversation}` },
            bruno.token,
          )
        ).status,
      ).toBe(403);
      expect(
        (await cs({ method: 'GET', path: '/api/web/customer-service/attendances' }, clerk.token)).status,
      ).toBe(403);
      const admin = await cs({ method: 'GET', path: '/api/web/customer-service/attendances?q=77772000' });
      expect(admin.body.data.map((c: { id: number }) => c.id)).toEqual([conversation]);
      expect(
        (await cs({ method: 'GET', path: '/api/web/customer-service/attendances?q=ninguem' })).body.data,
      ).toEqual([]);

      const detail = await cs(
        { method: 'GET', path: `/api/web/customer-service/messages?id=${conversation}` },
        ana.token,
      );
      expect(detail.status).toBe(200);
      expect(detail.body.messages.map((m: { type: string; text: string }) => [m.type, m.text])).toEqual([
        ['RECEIVED', 'Oi, bom dia'],
        ['BOT', 'Olá! Digite 1 para Vendas ou 2 para Suporte.'],
        ['RECEIVED', 'quero comprar'],
        ['BOT', 'Olá! Digite 1 para Vendas ou 2 para Suporte.'],
        ['RECEIVED', '1'],
        ['BOT', 'Transferindo para Vendas'],
      ]);
      expect(detail.body.attendance).toMatchObject({
        id: conversation,
        id_customer: 0,
        context: { variables: { opcao: '1', telefone: phone } },
      });
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'applies an inbound message once, however often it is delivered',
    async () => {
      const before = standIns.accepted.length;
      const inbound = {
        tenant: t.tenant,
        channel,
        messageId: 'dup-1',
        from: '5511966660000',
        text: 'oi',
        at: new Date().toISOString(),
        customer: 0,
      };
      const ctx = staffContext(t);
      const first = await applyInbound(ctx, inbound);
      const again = await applyInbound(ctx, inbound);
      expect(again).toBe(first);
      const detail = await cs({ method: 'GET', path: `/api/web/customer-service/messages?id=${first}` });
      expect(detail.body.messages.filter((m: { type: string }) => m.type === 'RECEIVED')).toHaveLength(1);
      await until(
        'one greeting',
        () => standIns.accepted.length,
        (n) => n >= before + 1,
      );
      expect(sentTo('5511966660000')).toEqual(['Olá! Digite 1 para Vendas ou 2 para Suporte.']);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'sends a staff reply once through the channel, with its status back from the webhook',
    async () => {
      const calls = standIns.calls();
      const reply = await cs(
        {
          method: 'POST',
          path: '/api/web/customer-service/message/send',
          body: { id: conversation, text: 'Oi, aqui é a Ana!' },
        },
        ana.token,
      );
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.message).toMatchObject({ type: 'SENT', text: 'Oi, aqui é a Ana!', status: 'SENT' });
      expect(sentTo(phone).filter((x) => x === 'Oi, aqui é a Ana!')).toHaveLength(1);
      expect(standIns.calls()).toBe(calls + 1);
      await until(
        'status read',
        async () =>
          (
            await cs(
              { method: 'GET', path: `/api/web/customer-service/messages?id=${conversation}` },
              ana.token,
            )
          ).body.messages.at(-1).status,
        (s) => s === 'READ',
      );
      const card = (await cs({ method: 'GET', path: '/api/web/customer-service/attendances' }, ana.token))
        .body.data[0];
      expect(card).toMatchObject({ id_user: ana.id, bot: false });
      expect(
        (
          await cs(
            {
              method: 'POST',
              path: '/api/web/customer-service/message/send',
              body: { id: conversation, text: '' },
            },
            ana.token,
          )
        ).body.message,
      ).toBe('Digite a mensagem.');
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'reassigns the department and the user, finishes, and the next message opens a new conversation',
    async () => {
      const moved = await cs(
        {
          method: 'PUT',
          path: '/api/web/customer-service/attendance',
          body: { id: conversation, id_department: suporte },
        },
        ana.token,
      );
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.message).toBe('Atendimento alterado');
      const anaIds = (
        await cs({ method: 'GET', path: '/api/web/customer-service/attendances' }, ana.token)
      ).body.data.map((c: { id: number }) => c.id);
      expect(anaIds).not.toContain(conversation);
      expect(
        (
          await cs(
            { method: 'GET', path: `/api/web/customer-service/messages?id=${conversation}` },
            ana.token,
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await cs({ method: 'GET', path: '/api/web/customer-service/attendances' }, bruno.token)
        ).body.data.map((c: { id: number }) => c.id),
      ).toEqual([conversation]);
      const toBruno = await cs(
        {
          method: 'PUT',
          path: '/api/web/customer-service/attendance',
          body: { id: conversation, id_user: bruno.id },
        },
        bruno.token,
      );
      expect(toBruno.body.attendance).toMatchObject({ id_user: bruno.id, department: 'Suporte' });
      const twoThings = await cs(
        {
          method: 'PUT',
          path: '/api/web/customer-service/attendance',
          body: { id: conversation, id_user: bruno.id, active: false },
        },
        bruno.token,
      );
      expect(twoThings.status).toBe(400);
      const done = await cs(
        {
          method: 'PUT',
          path: '/api/web/customer-service/attendance',
          body: { id: conversation, active: false },
        },
        bruno.token,
      );
      expect(done.body.message).toBe('Atendimento finalizado');
      expect(
        (await cs({ method: 'GET', path: '/api/web/customer-service/attendances' }, bruno.token)).body.data,
      ).toEqual([]);

      const greetings = sentTo(phone).filter((x) => x.startsWith('Olá!')).length;
      await standIns.inbound(gateway, phone, 'Oi de novo');
      await until(
        'bot again',
        () => sentTo(phone),
        (s) => s.filter((x) => x.startsWith('Olá!')).length === greetings + 1,
      );
      const all = await cs({ method: 'GET', path: `/api/web/customer-service/attendances?q=${phone}` });
      expect(all.body.data).toHaveLength(1);
      expect(all.body.data[0].id).not.toBe(conversation);
      expect(all.body.data[0].department).toBe('Vendas');
    },
    ASYNC_TEST_TIMEOUT_MS,
  );
  it(
    "a node's wait resumes the flow by itself when its timer is due",
    async () => {
      const waitFlow = {
        nodes: [
          { id: 'start', type: 'Start', data: {} },
          { id: 'a', type: 'SimpleMessage', data: { text: 'Um momento, vou verificar.' } },
          { id: 'b', type: 'SimpleMessage', data: { text: 'Pronto, verificado!', wait: 1 } },
        ],
        edges: [
          { id: 'e1', source: 'start', target: 'a' },
          { id: 'e2', source: 'a', target: 'b' },
        ],
      };
      const saved = await cs({
        method: 'PUT',
        path: '/api/web/customer-service/channel/flow',
        body: { id_channel: channel, flow: JSON.stringify(waitFlow) },
      });
      expect(saved.status, saved.text).toBe(200);
      const other = '5511955550000';
      await standIns.inbound(gateway, other, 'Oi');
      await until(
        'first',
        () => sentTo(other),
        (s) => s.includes('Um momento, vou verificar.'),
      );
      const firstAt = Date.now();
      expect(sentTo(other)).not.toContain('Pronto, verificado!');
      await until(
        'after the wait',
        () => sentTo(other),
        (s) => s.includes('Pronto, verificado!'),
      );
      expect(Date.now() - firstAt).toBeGreaterThanOrEqual(500);
      expect(sentTo(other)).toEqual(['Um momento, vou verificar.', 'Pronto, verificado!']);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );

  it(
    'hands over a reply kept while the gateway was down, once, by the sweep and nothing else',
    async () => {
      const phone = '5511944441234';
      const id = await applyInbound(staffContext(t), {
        tenant: t.tenant,
        channel,
        messageId: 'sweep-1',
        from: phone,
        text: 'oi',
        at: new Date().toISOString(),
        customer: 0,
      });
      await until(
        'greeting',
        () => sentTo(phone),
        (s) => s.length >= 1,
      );
      const text = 'Seu pedido sai hoje.';
      const watched = async () =>
        (await watchedWork('cs-outbox')).some((w) => w.owner === t.tenant && w.ref === String(id));
      standIns.options.unavailable = true;
      try {
        const reply = await cs({
          method: 'POST',
          path: '/api/web/customer-service/message/send',
          body: { id, text },
        });
        expect(reply.status, reply.text).toBe(200);
        expect(reply.body.message).toMatchObject({ text, status: 'PENDING' });
        expect(await watched()).toBe(true);
        // The sweep sees the outbox first, then finds it unmoved a lease later: still down, kept.
        const lease = 60_000;
        const start = Date.now();
        await sweepOutboxes(start, lease);
        await sweepOutboxes(start + lease, lease);
        expect(sentTo(phone)).not.toContain(text);
        standIns.options.unavailable = false;
        await sweepOutboxes(start + 2 * lease, lease);
      } finally {
        standIns.options.unavailable = false;
      }
      expect(sentTo(phone).filter((s) => s === text)).toHaveLength(1);
      const messages = (await cs({ method: 'GET', path: `/api/web/customer-service/messages?id=${id}` })).body
        .messages;
      expect(messages.at(-1)).toMatchObject({ text });
      expect(messages.at(-1).status).not.toBe('PENDING');
      // Handed over: the next sweep takes it out of the registry and sends nothing again.
      await sweepOutboxes(Date.now() + 10 * 60_000, 60_000);
      expect(await watched()).toBe(false);
      expect(sentTo(phone).filter((s) => s === text)).toHaveLength(1);
    },
    ASYNC_TEST_TIMEOUT_MS,
  );
});
