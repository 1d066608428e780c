/**
 * A 100,000-recipient e-mail campaign through the local sending pipeline (issue 12's target):
 * customers written with batch writes to DynamoDB Local, then 'Enviar agora' through the real
 * handler, the planner and the sender running on the in-process queue (the twin of SQS), and a
 * stand-in provider that keeps one message per idempotency key (as a provider with idempotency
 * would) and counts every call. Faults injected: `CRASHES` (default 20) provider calls fail —
 * half before the provider accepts the message (a sender killed between ledger and call), half
 * after it accepted (killed before completing the ledger) — and every queue message is delivered
 * twice. Prints recipients per second, DynamoDB requests per recipient, duplicates and skipped,
 * and the modelled time for 1,000,000 recipients on AWS.
 *
 * Run: npx tsx test/bench/communications-send.ts   (RECIPIENTS=100000, CRASHES=20;
 * BENCH_DYNAMODB_ENDPOINT reuses a running DynamoDB Local). The send rate (issue 20): RATE=14
 * RECIPIENTS=500 CRASHES=0 prints the measured rate against the configured one (each message once).
 */
import { loadavg } from 'node:os';
import { countDynamoRequests, startLocalTable } from '../support/local-table';

const RECIPIENTS = Number(process.env.RECIPIENTS ?? 100_000);
const CRASHES = Number(process.env.CRASHES ?? 20);
const dynamo = await startLocalTable('freguesia-bench-communications', process.env.BENCH_DYNAMODB_ENDPOINT, {
  stream: false,
});

const { createTestTenant } = await import('../support/tenant');
const { call } = await import('../support/api');
const { CustomerEntity } = await import('@freguesia/functions/customers/entities');
const { handler: campaigns } = await import('@freguesia/functions/campaigns/handler');
const { handler: communications } = await import('@freguesia/functions/communications/handler');
const { handler: planner } = await import('@freguesia/functions/communications/planner.consumer');
const { handler: sender } = await import('@freguesia/functions/communications/send.consumer');
const { sendingOptions } = await import('@freguesia/functions/communications/sending.model');
const { setMailPort } = await import('@freguesia/functions/lib/ports/mail');
const { deadLetters, idle, localQueue, registerConsumer } =
  await import('@freguesia/functions/lib/ports/local/queue-runtime');
const { logger } = await import('@freguesia/functions/lib/logger');
type Consumer = Parameters<typeof registerConsumer>[1];

const t = await createTestTenant('benchcom');

// ---------------------------------------------------------------- the base
const seedStart = performance.now();
for (let start = 1; start <= RECIPIENTS; start += 2_000) {
  const items = [];
  for (let id = start; id < Math.min(RECIPIENTS + 1, start + 2_000); id++) {
    items.push({
      tenant: t.tenant,
      id,
      type: 'F' as const,
      document: String(10_000_000_000 + id),
      fullname: `CLIENTE ${id}`,
      email: `cliente${id}@exemplo.com.br`,
      channel: 'PDV',
      nameKey: `cliente ${id}`,
      emailKey: `cliente${id}@exemplo.com.br`,
    });
  }
  await CustomerEntity.put(items).go({ concurrency: 8 });
}
console.log(
  `\n${RECIPIENTS.toLocaleString('pt-BR')} clientes gravados em ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

// ---------------------------------------------------------------- provider with faults
const accepted = new Map<string, number>();
/** Keys whose first acceptance was followed by a crash: the retry sends the same key again (the provider keeps one). */
const resentAfterCrash = new Set<string>();
let calls = 0;
/** Provider call number → where the sender dies: before the provider accepts (even crashes) or after (odd ones). */
const crashAt = new Map(
  Array.from(
    { length: CRASHES },
    (_, i) => [Math.floor(((i + 0.5) * RECIPIENTS) / CRASHES), i % 2 === 0 ? 'before' : 'after'] as const,
  ),
);
setMailPort({
  async send(message) {
    calls++;
    const key = message.idempotencyKey!;
    const crash = crashAt.get(calls);
    crashAt.delete(calls);
    // Half the crashes before the provider accepts, half after (the completion never happens).
    if (crash === 'before') throw new Error('sender killed before the provider call');
    accepted.set(key, (accepted.get(key) ?? 0) + 1);
    if (crash) {
      resentAfterCrash.add(key);
      throw new Error('sender killed after the provider accepted');
    }
    return `m-${key}`;
  },
});
// The sender's warnings counted by kind (a claim too old to call the provider, a failed call…):
// what a loaded host costs the pipeline, without thousands of log lines.
const warnings = new Map<string, number>();
logger.warn = ((message: unknown) =>
  void warnings.set(String(message), (warnings.get(String(message)) ?? 0) + 1)) as typeof logger.warn;
const warningSummary = () =>
  [...warnings]
    .map(([message, n]) => `${message.replace(/^communications: /, '')}: ${n.toLocaleString('pt-BR')}`)
    .join(' · ') || 'nenhum';
// Batches the planner queued (a batch queued twice is work the ledger has to turn away).
let batchesQueued = 0;
const queueSend = localQueue.send.bind(localQueue);
localQueue.send = (queue, body, options) => {
  if (queue === 'email' && !options?.delaySeconds) batchesQueued++;
  return queueSend(queue, body, options);
};
// RATE: the tenant's e-mail rate as configured (e.g. RATE=14 RECIPIENTS=500 CRASHES=0: a small send
// at SES's starting rate should take RECIPIENTS / RATE seconds); unset, the pipeline's own speed.
const RATE = Number(process.env.RATE ?? 0);
sendingOptions.ratePerSecond.EMAIL = RATE > 0 ? RATE : 1_000_000;
sendingOptions.parkSeconds = RATE > 0 ? 15 : 0.5;
// In the ratio of production's (30 s lease, 10 s provider budget): long enough that a host this
// loaded never stalls a live sender past its lease. The injected crashes release their claims.
sendingOptions.leaseMs = 10_000;
// Every message delivered twice, as SQS may.
const twice =
  (consumer: Consumer): Consumer =>
  async (event) => {
    const first = await consumer(event);
    const second = await consumer(event);
    return { batchItemFailures: [...(first?.batchItemFailures ?? []), ...(second?.batchItemFailures ?? [])] };
  };
// With RATE, each message once: a duplicate delivery would spend the rate's budget on recipients already done.
const deliver = (consumer: Consumer): Consumer => (RATE > 0 ? consumer : twice(consumer));
registerConsumer('communications', deliver(planner), 3);
registerConsumer('email', deliver(sender), 3);

// ---------------------------------------------------------------- the send
const staff = (handler: typeof campaigns, request: Parameters<typeof call>[1]) =>
  call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
const created = await staff(campaigns, {
  method: 'POST',
  path: '/api/web/campaign/new',
  body: {
    description: 'Bench',
    type: 'EMAIL',
    active: 'Y',
    info: {
      layout_title: 'Oi {{primeiro_nome}}',
      layout_body: '<p>Olá, {{nome}}!</p>',
      type: 'O',
      approvement: 'sim',
    },
  },
});
const id = created.body.id as number;
const requests = await countDynamoRequests();
requests.reset();
const started = performance.now();
await staff(communications, { method: 'POST', path: `/api/web/communications/${id}/send` });
let progress: { status: string; sent: number; planned: number; failed: number; skipped: number } = {
  status: '',
  sent: 0,
  planned: 0,
  failed: 0,
  skipped: 0,
};
let lastLog = 0;
while (progress.status !== 'COMPLETED') {
  await new Promise((r) => setTimeout(r, 500));
  progress = (await staff(communications, { method: 'GET', path: `/api/web/communications/${id}/progress` }))
    .body;
  if (performance.now() - lastLog > 15_000) {
    lastLog = performance.now();
    console.log(
      `  … ${progress.status} ${progress.sent.toLocaleString('pt-BR')} enviados de ${progress.planned.toLocaleString('pt-BR')} planejados · carga ${loadavg()[0]!.toFixed(1)} · avisos: ${warningSummary()}`,
    );
  }
}
const seconds = (performance.now() - started) / 1000;
const dynamoRequests = requests.count;

// A duplicate is a second send the pipeline made of a message it had already completed: any key
// asked for twice, except the one legitimate retry after a crash between acceptance and the ledger
// (same idempotency key: the provider keeps one message, so the customer gets one).
const duplicatesOf = () => [...accepted].filter(([key, n]) => n > (resentAfterCrash.has(key) ? 2 : 1)).length;
const duplicates = duplicatesOf();
const skipped = RECIPIENTS - accepted.size;
const perSecond = RECIPIENTS / seconds;
const perRecipient = dynamoRequests / RECIPIENTS;
console.log(
  `\nCampanha de e-mail para ${RECIPIENTS.toLocaleString('pt-BR')} clientes (pipeline local, ${RATE > 0 ? `ritmo ${RATE}/s, cada mensagem uma vez` : 'cada mensagem entregue duas vezes'}, ${CRASHES} falhas injetadas):`,
);
console.log(
  `  ${seconds.toFixed(1)} s · ${perSecond.toFixed(0)} destinatários/s · ${perRecipient.toFixed(2)} requisições DynamoDB por destinatário (${dynamoRequests.toLocaleString('pt-BR')})`,
);
console.log(`  progresso: ${JSON.stringify(progress)}`);
if (RATE > 0)
  console.log(
    `  ritmo configurado ${RATE}/s → ideal ${(RECIPIENTS / RATE).toFixed(1)} s; medido ${perSecond.toFixed(1)} envios/s (${((100 * perSecond) / RATE).toFixed(0)} % do configurado)`,
  );
console.log(
  `  chamadas ao provedor ${calls.toLocaleString('pt-BR')} · mensagens distintas ${accepted.size.toLocaleString('pt-BR')} · duplicadas ${duplicates} · puladas ${skipped} · reenvios com a mesma chave após queda ${resentAfterCrash.size}`,
);
// The model: on AWS the pipeline scales out (one sender per SQS batch, up to the consumer's
// maximum concurrency of 32), so SES's account rate is the bound: 14/s by default when a
// production account starts, raised on request.
for (const rate of [14, 100, 500]) {
  console.log(`  1.000.000 destinatários a ${rate}/s (SES): ${(1_000_000 / rate / 3600).toFixed(1)} h`);
}
console.log(`  avisos do remetente: ${warningSummary()}`);
console.log(
  `  lotes enfileirados pelo planejador: ${batchesQueued.toLocaleString('pt-BR')} (${Math.ceil(RECIPIENTS / sendingOptions.batchSize).toLocaleString('pt-BR')} distintos)`,
);
console.log(
  `  carga do host: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
// Copies of batches still queued when the run completed (a planner step delivered twice queues its
// batches twice; the ledger dedupes them) must find every recipient done: let them drain for a
// while, then count again, before DynamoDB Local stops under them.
const drainStart = performance.now();
const drained = await idle(Number(process.env.DRAIN_MS ?? 600_000)).then(
  () => true,
  () => false,
);
const dead = deadLetters('communications').length + deadLetters('email').length;
const duplicatesAfter = duplicatesOf();
console.log(
  `  depois da conclusão: filas ${drained ? 'vazias' : 'ainda com cópias'} em ${((performance.now() - drainStart) / 1000).toFixed(0)} s · chamadas ao provedor ${calls.toLocaleString('pt-BR')} · duplicadas ${duplicatesAfter} · mensagens na DLQ ${dead}`,
);
await dynamo.stop();
process.exit(duplicates === 0 && duplicatesAfter === 0 && skipped === 0 && dead === 0 ? 0 : 1);
