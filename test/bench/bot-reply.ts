/**
 * Inbound message → bot reply sent, on the local runtime's pieces (issue 24's target: p95 ≤ 2 s for
 * a SimpleMessage flow): a WAHA stand-in gateway posts each customer message to the real signed
 * webhook (whatsapp handler), the `whatsapp-events` queue stores it, the table's stream is read by
 * the local poller at the runtime's own interval (500 ms), the `customer-service-inbound` processor
 * opens the conversation and runs the flow, and the reply is sent through the gateway. Measured from
 * the customer's post to the gateway's acceptance of the reply, per message.
 *
 * Run: npx tsx test/bench/bot-reply.ts   (MESSAGES=60)
 */
import { loadavg } from 'node:os';
import { startLocalTable } from '../support/local-table';

const MESSAGES = Number(process.env.MESSAGES ?? 60);
const dynamo = await startLocalTable('freguesia-bench-bot', process.env.BENCH_DYNAMODB_ENDPOINT);

const { handler: whatsapp } = await import('@freguesia/functions/whatsapp/handler');
const { handler: eventsConsumer } = await import('@freguesia/functions/whatsapp/events.consumer');
const { registerConsumer } = await import('@freguesia/functions/lib/ports/local/queue-runtime');
const { LocalStreamPoller } = await import('@freguesia/functions/lib/ports/local/stream-poller');
const { streamProcessors, wantsRecord } = await import('@freguesia/functions/streams');
const { handler: inbound } = await import('@freguesia/functions/customer-service/inbound.stream');
const { handler: statuses } = await import('@freguesia/functions/customer-service/statuses.stream');
const { saveChannelFlow } = await import('@freguesia/functions/customer-service/departments.service');
const { useWhatsappStandIns } = await import('@freguesia/infra/local/whatsapp-stand-ins');
const { createTestTenant, staffContext } = await import('../support/tenant');
const { call } = await import('../support/api');

const standIns = await useWhatsappStandIns();
const poller = new LocalStreamPoller({
  endpoint: dynamo.endpoint,
  tableName: process.env.TABLE_NAME!,
  startAt: 'LATEST',
  processors: streamProcessors
    .filter((p) => p.domain === 'customer-service')
    .map((p) => ({
      name: p.name,
      handler: p.name === 'customer-service-inbound' ? inbound : statuses,
      accepts: (record) => wantsRecord(p, record),
      batchSize: p.batchSize,
      maxAttempts: 3,
    })),
});
try {
  const t = await createTestTenant('bot');
  standIns.options.callbacks = false;
  standIns.options.deliver = async (request) => {
    const url = new URL(request.url);
    return (
      await call(whatsapp, {
        method: 'POST',
        path: url.pathname,
        rawQuery: url.search.slice(1),
        headers: request.headers,
        rawBody: request.body,
        sourceIp: '203.0.113.5',
      })
    ).status;
  };
  registerConsumer('whatsapp-events', eventsConsumer, 3);
  await poller.pollOnce();
  poller.start();
  const created = await call(whatsapp, {
    method: 'POST',
    tenant: t.tenant,
    token: t.adminToken,
    path: '/api/web/customer-service/channel',
    body: {
      description: 'Bench',
      type: 'WHATSAPP',
      partner: 'RetailThink_v3',
      icon: '',
      account: '',
      user: standIns.bases.waha,
      key: 'bench',
      token: 'waha-bench-token-1234',
      password: 'waha-bench-secret',
      extra_config: '',
    },
  });
  const channel = created.body.id as number;
  const gateway = {
    partner: 'RetailThink_v3' as const,
    identity: 'bench',
    webhook: `http://${t.tenant}.freguesia.test/api/hooks/whatsapp/retailthink_v3/${channel}`,
    host: `${t.tenant}.freguesia.test`,
    token: 'waha-bench-token-1234',
    password: 'waha-bench-secret',
  };
  standIns.register(gateway);
  await saveChannelFlow(staffContext(t), {
    id_channel: channel,
    flow: JSON.stringify({
      nodes: [
        { id: 's', type: 'Start', data: {} },
        { id: 'm', type: 'SimpleMessage', data: { text: 'Olá! Em que posso ajudar?' } },
      ],
      edges: [{ id: 'e', source: 's', target: 'm' }],
    }),
  });

  const latencies: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const phone = `55119${String(60000000 + i)}`;
    const t0 = performance.now();
    const status = await standIns.inbound(gateway, phone, 'Oi');
    if (status !== 200) throw new Error(`webhook ${status}`);
    for (;;) {
      if (standIns.accepted.some((m) => m.to.includes(phone))) break;
      if (performance.now() - t0 > 30_000) throw new Error(`sem resposta para ${phone}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    latencies.push(performance.now() - t0);
    // Customers write at their own pace: the next one a little later.
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
  }
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
  console.log(
    `Mensagem recebida → resposta do bot enviada (${MESSAGES} clientes, fluxo SimpleMessage, poller a 500 ms): p50 ${q(0.5).toFixed(0)} ms, p95 ${q(0.95).toFixed(0)} ms (meta ≤ 2000 ms), máx ${latencies.at(-1)!.toFixed(0)} ms`,
  );
  console.log(`carga da máquina (1 min): ${loadavg()[0]!.toFixed(1)}`);
} finally {
  await poller.stop();
  await standIns.close();
  await dynamo.stop();
  process.exit(0);
}
