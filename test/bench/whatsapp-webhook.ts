/**
 * Issue 23's target: a partner's inbound webhook is acknowledged with p95 ≤ 20 ms on the local
 * runtime (the work happens on the `whatsapp-events` queue). Signed WAHA (RetailThink_v3) inbound
 * messages are posted through the real whatsapp handler (API Gateway v2 events, the whole middleware
 * chain: tenant from the host, signature, replay guard, queue message) against DynamoDB Local, at a
 * steady `RATE` per second (default 50), `POSTS` times (default 1,000) after 100 warm-up posts.
 *
 * Two figures: the acknowledgement alone (the events consumer registered only afterwards, so the
 * queue's work does not share the process), and as `npm start` runs it (the consumer working in the
 * same process meanwhile: customer lookup, contact, counters, stored message). Then the time for the
 * queue to apply everything.
 *
 * Run: npx tsx test/bench/whatsapp-webhook.ts   (POSTS=1000, RATE=50; BENCH_DYNAMODB_ENDPOINT)
 */
import { createHmac } from 'node:crypto';
import { loadavg } from 'node:os';
import { startLocalTable } from '../support/local-table';

const POSTS = Number(process.env.POSTS ?? 1_000);
const RATE = Number(process.env.RATE ?? 50);
const dynamo = await startLocalTable('freguesia-bench-whatsapp-hooks', process.env.BENCH_DYNAMODB_ENDPOINT, {
  stream: false,
});

const { createTestTenant } = await import('../support/tenant');
const { call } = await import('../support/api');
const { handler: whatsapp } = await import('@freguesia/functions/whatsapp/handler');
const { handler: events } = await import('@freguesia/functions/whatsapp/events.consumer');
const { idle, registerConsumer } = await import('@freguesia/functions/lib/ports/local/queue-runtime');
const { logger } = await import('@freguesia/functions/lib/logger');
logger.info = (() => undefined) as typeof logger.info;

const t = await createTestTenant('benchhook');
const SECRET = 'bench-hmac-secret';
const channel = (
  await call(whatsapp, {
    tenant: t.tenant,
    token: t.adminToken,
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
      extra_config: '',
    },
  })
).body.id as number;

let n = 0;
/** One signed inbound message from one of 200 numbers; answers the time to the acknowledgement (ms). */
async function post(): Promise<number> {
  n++;
  const raw = JSON.stringify({
    event: 'message',
    timestamp: Date.now(),
    session: 'default',
    payload: {
      id: `in-${n}`,
      from: `5511970${String(n % 200).padStart(6, '0')}@c.us`,
      fromMe: false,
      body: `oi ${n}`,
    },
  });
  const started = performance.now();
  const res = await call(whatsapp, {
    method: 'POST',
    tenant: t.tenant,
    path: `/api/hooks/whatsapp/retailthink_v3/${channel}`,
    rawBody: raw,
    headers: { 'x-webhook-hmac': createHmac('sha512', SECRET).update(raw).digest('hex') },
  });
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`hook ${res.status}: ${res.text}`);
  return ms;
}

/** `count` posts at a steady rate (a post that takes longer than the interval delays the next). */
async function run(count: number): Promise<number[]> {
  const times: number[] = [];
  const every = 1000 / RATE;
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + i * every;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    times.push(await post());
  }
  return times.sort((a, b) => a - b);
}

const pct = (times: number[], p: number) =>
  times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
const line = (label: string, times: number[]) =>
  `  ${label}: p50 ${pct(times, 50)} ms · p95 ${pct(times, 95)} ms · p99 ${pct(times, 99)} ms · máx ${times.at(-1)!.toFixed(1)} ms`;

await run(100);
const alone = await run(POSTS);
registerConsumer('whatsapp-events', events, 3);
let drained = performance.now();
await idle(600_000);
drained = performance.now() - drained;
const together = await run(POSTS);
const tail = performance.now();
await idle(600_000);

console.log(
  `\nWebhook de entrada WhatsApp (WAHA assinado, handler real, ${POSTS} mensagens a ${RATE}/s, carga média ${loadavg()[0]!.toFixed(1)}; alvo p95 ≤ 20 ms):`,
);
console.log(line('só o aceite (fila sem consumidor)', alone));
console.log(line('com a fila trabalhando no mesmo processo (como npm start)', together));
console.log(
  `  fila whatsapp-events: ${POSTS + 100} mensagens aplicadas em ${(drained / 1000).toFixed(1)} s; a segunda leva terminou ${((performance.now() - tail) / 1000).toFixed(1)} s após o último aceite`,
);
await dynamo.stop();
process.exit(0);
