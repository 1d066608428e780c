/**
 * A 10,000-recipient WhatsApp campaign through the local pipeline (issue 23's targets): customers
 * written to DynamoDB Local, a WAHA channel (RetailThink_v3) whose partner adapter is replaced by an
 * in-process partner that keeps one message per idempotency key and counts every call, 'Enviar
 * agora' through the real handlers, planner and WhatsApp sender on the in-process queue with every
 * queue message delivered twice and `CRASHES` (default 10) injected sender deaths (half before the
 * partner accepts, half after it accepted). The channel's pacing is SCALED DOWN by its extra_config
 * (min 2 ms, max 4 ms, rest 50 ms after 500, so 10,000 messages fit in minutes); the intervals
 * between the pacer's slots are measured against that minimum. The tenant-wide WhatsApp ceiling
 * (50/s, `SEND_RATE_WHATSAPP`) is lifted so that the pacer alone sets the rhythm.
 *
 * Also measured: `OPT_OUTS` (default 20) opt-out keywords received mid-send (signed webhooks through
 * the real handler) from customers not yet reached — the time until the opt-out is applied and the
 * last message any of them got after their webhook was acknowledged (target: none later than 5 s).
 * The webhook's acknowledgement latency has its own bench: whatsapp-webhook.ts.
 *
 * Run: npx tsx test/bench/whatsapp-send.ts   (RECIPIENTS=10000, CRASHES=10, OPT_OUTS=20;
 * BENCH_DYNAMODB_ENDPOINT reuses a running DynamoDB Local)
 */
import { createHmac } from 'node:crypto';
import { loadavg } from 'node:os';
import { countDynamoRequests, startLocalTable } from '../support/local-table';

const RECIPIENTS = Number(process.env.RECIPIENTS ?? 10_000);
const CRASHES = Number(process.env.CRASHES ?? 10);
const OPT_OUTS = Number(process.env.OPT_OUTS ?? 20);
const PACING = {
  min_interval_s: 0.002,
  max_interval_s: 0.004,
  burst: 500,
  rest_s: 0.05,
  daily_cap: 1_000_000,
};
const dynamo = await startLocalTable('freguesia-bench-whatsapp', process.env.BENCH_DYNAMODB_ENDPOINT, {
  stream: false,
});

const { createTestTenant } = await import('../support/tenant');
const { call } = await import('../support/api');
const { CustomerEntity, CustomerPhoneEntity } = await import('@freguesia/functions/customers/entities');
const { phoneEntries } = await import('@freguesia/functions/customers/customers.model');
const { handler: communications } = await import('@freguesia/functions/communications/handler');
const { handler: planner } = await import('@freguesia/functions/communications/planner.consumer');
const { handler: whatsapp } = await import('@freguesia/functions/whatsapp/handler');
const { handler: sender } = await import('@freguesia/functions/whatsapp/send.consumer');
const { handler: events } = await import('@freguesia/functions/whatsapp/events.consumer');
const { sendingOptions } = await import('@freguesia/functions/communications/sending.model');
const { partners } = await import('@freguesia/functions/whatsapp/partner-registry.service');
const { pacerObserver } = await import('@freguesia/functions/whatsapp/pacer.service');
const { customerContacts } = await import('@freguesia/functions/customers/customers.service');
const { deadLetters, idle, registerConsumer } =
  await import('@freguesia/functions/lib/ports/local/queue-runtime');
const { logger } = await import('@freguesia/functions/lib/logger');
const { staffContext } = await import('../support/tenant');
type Consumer = Parameters<typeof registerConsumer>[1];

const t = await createTestTenant('benchwpp');
const phoneOf = (id: number) => `1197${String(id).padStart(7, '0')}`;

// ---------------------------------------------------------------- the base
for (let start = 1; start <= RECIPIENTS; start += 1_000) {
  const items = [];
  for (let id = start; id < Math.min(RECIPIENTS + 1, start + 1_000); id++)
    items.push({
      tenant: t.tenant,
      id,
      type: 'F' as const,
      document: String(20_000_000_000 + id),
      fullname: `CLIENTE ${id}`,
      cellphone: phoneOf(id),
      channel: 'PDV',
      nameKey: `cliente ${id}`,
    });
  await CustomerEntity.put(items).go({ concurrency: 8 });
  await CustomerPhoneEntity.put(
    items.flatMap((c) =>
      phoneEntries(t.tenant, c.id, {
        ...c,
        email: undefined,
        telephone: undefined,
        city: undefined,
        state: undefined,
        active: 'Y',
        createdAt: new Date().toISOString(),
      } as never),
    ),
  ).go({ concurrency: 8 });
}

// ---------------------------------------------------------------- partner with faults
const accepted = new Map<string, { n: number; to: string; at: number }>();
const resentAfterCrash = new Set<string>();
let calls = 0;
const crashAt = new Map(
  Array.from(
    { length: CRASHES },
    (_, i) => [Math.floor(((i + 0.5) * RECIPIENTS) / CRASHES), i % 2 === 0 ? 'before' : 'after'] as const,
  ),
);
const real = partners.RetailThink_v3;
partners.RetailThink_v3 = {
  ...real,
  async send(_c, m) {
    calls++;
    const crash = crashAt.get(calls);
    crashAt.delete(calls);
    if (crash === 'before') throw new Error('sender killed before the partner call');
    const seen = accepted.get(m.idempotencyKey);
    accepted.set(m.idempotencyKey, { n: (seen?.n ?? 0) + 1, to: m.to, at: seen?.at ?? Date.now() });
    if (crash) {
      resentAfterCrash.add(m.idempotencyKey);
      throw new Error('sender killed after the partner accepted');
    }
    return { ok: true, id: `wamid.${m.idempotencyKey}` };
  },
};
const slots: number[] = [];
pacerObserver.slot = (_tenant, _channel, at) => void slots.push(at);
const warnings = new Map<string, number>();
logger.warn = ((message: unknown) =>
  void warnings.set(String(message), (warnings.get(String(message)) ?? 0) + 1)) as typeof logger.warn;
logger.info = (() => undefined) as typeof logger.info;
sendingOptions.parkSeconds = 0.5;
// The tenant-wide WhatsApp ceiling (50/s) would be the limit at this scaled-down pacing: lifted so
// that the channel's pacer alone sets the rhythm (the e-mail bench lifts its rate the same way).
for (const type of ['WPPM', 'WPPG', 'WPPC'] as const) sendingOptions.ratePerSecond[type] = 1_000_000;
sendingOptions.leaseMs = 10_000;
const twice =
  (consumer: Consumer): Consumer =>
  async (event) => {
    const first = await consumer(event);
    const second = await consumer(event);
    return { batchItemFailures: [...(first?.batchItemFailures ?? []), ...(second?.batchItemFailures ?? [])] };
  };
registerConsumer('communications', twice(planner), 3);
registerConsumer('whatsapp', twice(sender), 3);
registerConsumer('whatsapp-events', events, 3);

// ---------------------------------------------------------------- channel and campaign
const staff = (handler: typeof whatsapp, request: Parameters<typeof call>[1]) =>
  call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
const SECRET = 'bench-hmac-secret';
const channel = (
  await staff(whatsapp, {
    method: 'POST',
    path: '/api/web/customer-service/channel',
    body: {
      description: 'Bench',
      type: 'WHATSAPP',
      partner: 'RetailThink_v3',
      icon: '',
      account: '',
      user: 'https://waha.example.com',
      key: 'default',
      token: 'bench-token-123',
      password: SECRET,
      extra_config: JSON.stringify({ pacing: PACING }),
    },
  })
).body.id as number;
const created = await staff(whatsapp, {
  method: 'POST',
  path: '/api/web/whatsapp/campaigns',
  body: {
    description: 'Bench',
    type: 'WPPM',
    channel_id: channel,
    run_type: 'O',
    run_on: '2099-01-01 10:00',
    ban_safety: false,
    flow: [{ key: '1', type: 'T', value: 'Oi {{primeiro_nome}}' }],
  },
});
const id = created.body.id as number;
const hook = (raw: string) =>
  call(whatsapp, {
    method: 'POST',
    tenant: t.tenant,
    path: `/api/hooks/whatsapp/retailthink_v3/${channel}`,
    rawBody: raw,
    headers: { 'x-webhook-hmac': createHmac('sha512', SECRET).update(raw).digest('hex') },
  });
const inbound = (from: string, text: string, n: number) =>
  JSON.stringify({
    event: 'message',
    timestamp: Date.now(),
    session: 'default',
    payload: { id: `in-${n}-${from}`, from: `55${from}@c.us`, fromMe: false, body: text },
  });

const requests = await countDynamoRequests();
requests.reset();
const started = performance.now();
await staff(communications, { method: 'POST', path: `/api/web/communications/${id}/send` });
// Opt-outs arrive mid-send from customers the pipeline has not reached yet: two at each of
// OPT_OUTS / 2 points between 20 % and 70 % of the sends.
const optOuts = new Map<number, { ackAt: number; appliedAt?: number }>();
const thresholds = Array.from(
  { length: Math.ceil(OPT_OUTS / 2) },
  (_, i) => 0.2 + (0.5 * i) / Math.max(1, Math.ceil(OPT_OUTS / 2) - 1),
);
let progress = { status: '', sent: 0, planned: 0, failed: 0, skipped: 0 };
let n = 0;
while (progress.status !== 'COMPLETED') {
  await new Promise((r) => setTimeout(r, 100));
  progress = (await staff(communications, { method: 'GET', path: `/api/web/communications/${id}/progress` }))
    .body;
  if (process.env.DEBUG_BENCH) console.error(JSON.stringify(progress), calls, slots.length);
  while (thresholds.length > 0 && progress.sent >= thresholds[0]! * RECIPIENTS && optOuts.size < OPT_OUTS) {
    thresholds.shift();
    const reachedNow = new Set([...accepted.values()].map((v) => v.to));
    const pending = [];
    for (let c = 1; c <= RECIPIENTS && pending.length < 400; c++)
      if (!reachedNow.has(`55${phoneOf(c)}`) && !optOuts.has(c)) pending.push(c);
    for (const c of [pending[Math.floor(pending.length / 10)], pending[Math.floor(pending.length / 3)]]) {
      if (c === undefined || optOuts.size >= OPT_OUTS) continue;
      const res = await hook(inbound(phoneOf(c), 'SAIR', ++n));
      if (res.status !== 200) throw new Error(`opt-out refused: ${res.text}`);
      optOuts.set(c, { ackAt: Date.now() });
    }
  }
  const unapplied = [...optOuts].filter(([, o]) => !o.appliedAt).map(([c]) => c);
  if (unapplied.length > 0)
    for (const c of await customerContacts(staffContext(t), unapplied))
      if (c.whatsapp_optout === 'Y') optOuts.get(c.id)!.appliedAt = Date.now();
}
const seconds = (performance.now() - started) / 1000;
const dynamoRequests = requests.count;
await idle(600_000);

const duplicates = [...accepted].filter(([key, v]) => v.n > (resentAfterCrash.has(key) ? 2 : 1)).length;
// Skipped: customers the pipeline should have reached and did not (the opted-out ones are left out on purpose).
const reached = new Set([...accepted.values()].map((v) => v.to));
let skipped = 0;
for (let c = 1; c <= RECIPIENTS; c++) if (!optOuts.has(c) && !reached.has(`55${phoneOf(c)}`)) skipped++;
const optOutFigures = [...optOuts].map(([c, o]) => {
  const got = [...accepted.values()].filter((v) => v.to === `55${phoneOf(c)}` && v.at >= o.ackAt);
  return {
    appliedMs: o.appliedAt ? o.appliedAt - o.ackAt : Infinity,
    after: got.length,
    lastAfterMs: got.length ? Math.max(...got.map((v) => v.at - o.ackAt)) : 0,
  };
});
const applied = optOutFigures.map((f) => f.appliedMs).sort((a, b) => a - b);
const messagesAfter = optOutFigures.reduce((sum, f) => sum + f.after, 0);
const latestAfter = Math.max(0, ...optOutFigures.map((f) => f.lastAfterMs));
const ms = (v: number) => (Number.isFinite(v) ? `${(v / 1000).toFixed(2)} s` : 'não aplicado');
slots.sort((a, b) => a - b);
const intervals = slots.slice(1).map((s, i) => s - slots[i]!);
const minInterval = Math.min(...intervals);
const below = intervals.filter((i) => i < PACING.min_interval_s * 1000).length;

console.log(
  `\nCampanha WhatsApp (WPPM) para ${RECIPIENTS.toLocaleString('pt-BR')} clientes, cada mensagem de fila entregue duas vezes, ${CRASHES} quedas injetadas:`,
);
console.log(
  `  ${seconds.toFixed(1)} s (${(RECIPIENTS / seconds).toFixed(0)} destinatários/s) · ${(dynamoRequests / RECIPIENTS).toFixed(2)} requisições DynamoDB por destinatário · carga média ${loadavg()[0]!.toFixed(1)}`,
);
console.log(`  progresso: ${JSON.stringify(progress)}`);
console.log(
  `  chamadas ao parceiro ${calls} · mensagens distintas ${accepted.size} · duplicadas ${duplicates} · puladas ${skipped} · reenvios com a mesma chave após queda ${resentAfterCrash.size}`,
);
console.log(
  `  ritmo (reduzido para o bench: mín ${PACING.min_interval_s * 1000} ms, máx ${PACING.max_interval_s * 1000} ms, repouso ${PACING.rest_s * 1000} ms a cada ${PACING.burst}): ${slots.length} vagas, menor intervalo ${minInterval} ms, intervalos abaixo do mínimo ${below}`,
);
console.log(
  `  opt-out 'SAIR' no meio do envio (${optOuts.size} clientes ainda não alcançados): aplicado após o aceite do webhook em p50 ${ms(applied[Math.floor(applied.length / 2)] ?? 0)}, máx ${ms(applied.at(-1) ?? 0)}; mensagens a eles depois do aceite ${messagesAfter}${messagesAfter ? ` (a última ${ms(latestAfter)} após o aceite)` : ''} (alvo: nenhuma depois de 5 s)`,
);
console.log(
  `  avisos: ${[...warnings].map(([m, n]) => `${m}: ${n}`).join(' · ') || 'nenhum'} · DLQ ${deadLetters('whatsapp').length + deadLetters('communications').length}`,
);
await dynamo.stop();
process.exit(duplicates === 0 && skipped === 0 && below === 0 && latestAfter <= 5_000 ? 0 : 1);
