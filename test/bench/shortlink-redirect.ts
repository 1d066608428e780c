/**
 * The short-link redirect (`/link/{slug}`, issue 25 targets): server time p50/p99 at a steady
 * 500 requests/s on loopback through the local runtime's server and the real redirect handler,
 * DynamoDB requests per visit on the request path (target: 1 read), the asynchronous count (the
 * visits consumer on the in-process queue: every person's visit counted once, HEAD requests and
 * bots not), and the redirect's bundle size (target ≤ 150 KB).
 *
 * DynamoDB Local stands in for a managed service that runs on other machines in AWS; here its JVM
 * shares the host's cores with the server being measured, and on a 2-core host its bursts (the
 * count's transactions, its own garbage collector) take a core at a time. The count is measured
 * as deployed twice: with DynamoDB Local at the server's priority, and with it at the idle
 * priority (`chrt --idle`, Linux): it then runs on whatever CPU the server and the visitors leave
 * free, as another machine's would. `npm start`'s layout is measured with it at the idle priority.
 *   npx tsx test/bench/shortlink-redirect.ts      (RATE=500 SECONDS=10 WARMUP=500; BENCH_DYNAMODB_ENDPOINT reuses one)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { startLocalTable } from '../support/local-table';

const RATE = Number(process.env.RATE ?? 500);
const SECONDS = Number(process.env.SECONDS ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'freguesia-bench-links-'));
process.env.FREGUESIA_DATA_DIR = dataDir;

const dynamo = await startLocalTable('freguesia-bench-links', process.env.BENCH_DYNAMODB_ENDPOINT);

/** Sets the scheduling policy of every DynamoDB Local thread; answers what it is now. */
function databasePriority(policy: 'idle' | 'other'): string {
  if (!dynamo.pid) return 'an endpoint not started by this bench: priority unchanged';
  try {
    execFileSync('chrt', [`--${policy}`, '--all-tasks', '--pid', '0', String(dynamo.pid)]);
    return policy === 'idle' ? 'idle priority (chrt --idle)' : "the server's priority";
  } catch (error) {
    return `priority unchanged (chrt: ${String(error).split('\n')[0]})`;
  }
}
// Modules read the environment at load time: import them only now.
const { documentClient } = await import('@freguesia/functions/lib/ddb/client');
const { registerConsumer, idle } = await import('@freguesia/functions/lib/ports/local/queue-runtime');
const { handler: visitsConsumer } = await import('@freguesia/functions/shortlinks/visits.consumer');
const { queues } = await import('@freguesia/functions/queues');
const { createShortLink, listShortLinks } =
  await import('@freguesia/functions/shortlinks/shortlinks.service');
const { handler: redirect } = await import('@freguesia/functions/shortlinks/redirect');
const { startLocalServer } = await import('../../infra/local/server');
const { bundleLambdas } = await import('../../functions/scripts/bundle');
const { createTestTenant, staffContext } = await import('../support/tenant');

const counts = new Map<string, number>();
documentClient.middlewareStack.add(
  (next, context) => async (args) => {
    const name = (context as { commandName?: string }).commandName ?? 'unknown';
    counts.set(name, (counts.get(name) ?? 0) + 1);
    return next(args);
  },
  { step: 'initialize', name: 'benchCommandCounter' },
);
const countOf = (...names: string[]) => names.reduce((sum, n) => sum + (counts.get(n) ?? 0), 0);

const t = await createTestTenant('bench');
const ctx = staffContext(t);
await createShortLink(
  ctx,
  {
    description: 'Bench',
    active: true,
    url: 'https://loja.com.br/oferta',
    slug: 'Bench1',
    expires_at: null,
    max_visits: null,
  },
  'https://bench.example',
);
// The queue's own batching (functions/src/queues.ts), as `npm start` wires it (infra/local/workers.ts).
const visitsQueue = queues.find((q) => q.name === 'shortlink-visits')!;
/** `npm start`: the count consumer runs on the server's own event loop. */
const inProcess = () =>
  registerConsumer('shortlink-visits', visitsConsumer, visitsQueue.maxReceiveCount, visitsQueue.batch);

/** As deployed: the count consumer is another function — here on its own thread, fed by the same queue. */
const consumerThread = new Worker(new URL('./lib/ts-worker.mjs', import.meta.url), {
  workerData: { entry: new URL('./lib/visits-consumer-worker.ts', import.meta.url).href },
});
await once(consumerThread, 'message');
interface ThreadAnswer {
  id?: number;
  result?: SQSBatchResponse;
  error?: string;
  counts?: Record<string, number>;
}
const waiting = new Map<number, (answer: ThreadAnswer) => void>();
let asked = 0;
consumerThread.on('message', (answer: ThreadAnswer) => {
  if (answer.id === undefined) return;
  waiting.get(answer.id)?.(answer);
  waiting.delete(answer.id);
});
const askThread = (message: { event?: SQSEvent; counts?: true }) =>
  new Promise<ThreadAnswer>((resolve) => {
    const id = ++asked;
    waiting.set(id, resolve);
    consumerThread.postMessage({ id, ...message });
  });
const onItsOwnThread = () =>
  registerConsumer(
    'shortlink-visits',
    async (event) => {
      const answer = await askThread({ event });
      if (answer.error) throw new Error(answer.error);
      return answer.result;
    },
    visitsQueue.maxReceiveCount,
    visitsQueue.batch,
  );
onItsOwnThread();

const server = await startLocalServer({ port: 0, webDir: join(dataDir, 'no-web') });
const port = (server.address() as AddressInfo).port;
const serverTimes: number[] = [];
server.on('request', (req, res) => {
  if (!req.url?.startsWith('/link/')) return;
  const start = process.hrtime.bigint();
  res.on('finish', () => serverTimes.push(Number(process.hrtime.bigint() - start) / 1e6));
});

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
/** One visit in 10 is a preview bot, one in 20 a HEAD: neither counts. */
function visitOf(i: number) {
  const bot = i % 10 === 9;
  const head = !bot && i % 20 === 4;
  return {
    counted: !bot && !head,
    request: {
      method: head ? 'HEAD' : 'GET',
      path: '/link/Bench1',
      headers: { host: `${t.tenant}.localhost:${port}`, 'user-agent': bot ? 'WhatsApp/2.23.20.0 A' : CHROME },
    },
  };
}

/**
 * Sends `total` visits at `rate` per second from a worker thread (open loop: each on its time,
 * whatever the answers), so the visitors' side does not run on the server's event loop.
 */
async function load(total: number, rate: number, from = 0) {
  const visits = Array.from({ length: total }, (_, i) => visitOf(from + i));
  const worker = new Worker(new URL('./lib/open-loop-load.mjs', import.meta.url), {
    workerData: { port, rate, requests: visits.map((v) => v.request) },
  });
  const [answer] = (await once(worker, 'message')) as [
    { done: { status: number; ms: number }[]; seconds: number },
  ];
  await worker.terminate();
  return {
    done: answer.done.map((d, i) => ({ ...d, counted: visits[i]!.counted })),
    seconds: answer.seconds,
  };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

// Warm-up: modules loaded, connections open.
await load(Number(process.env.WARMUP ?? 500), RATE, 0);
await idle(30_000);

const total = RATE * SECONDS;
const accessCount = async () =>
  (await listShortLinks(ctx, { page: 1, per_page: 10 }, 'https://bench.example')).data[0]!.access_count;

/** One measured run of `total` visits through the server; the count checked once the queue drained. */
async function measure(from: number, consumerCounts: () => Promise<[string, number][]>) {
  await idle(120_000);
  await consumerCounts();
  serverTimes.length = 0;
  counts.clear();
  const before = await accessCount();
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const { done, seconds } = await load(total, RATE, from);
  loopDelay.disable();
  const readsOnPath = countOf('GetItemCommand');
  await idle(120_000);
  const counted = [...counts.entries()].filter(([n]) => n !== 'GetItemCommand');
  const consumer = [...counted, ...(await consumerCounts())];
  return {
    done,
    seconds,
    server: [...serverTimes],
    loopDelay,
    readsOnPath,
    consumer,
    people: done.filter((d) => d.counted).length,
    added: (await accessCount()) - before,
  };
}

// As deployed (the count in another function), DynamoDB Local first at the server's priority, then
// at the idle priority; then as `npm start` runs it (the same process).
const threadCounts = async () => {
  const { counts: c = {} } = await askThread({ counts: true });
  return Object.entries(c);
};
const samePriority = databasePriority('other');
const deployedShared = await measure(500, threadCounts);
const idlePriority = databasePriority('idle');
const deployed = await measure(500 + total, threadCounts);
inProcess();
const local = await measure(500 + 2 * total, async () => []);
await consumerThread.terminate();

/** The handler alone (no HTTP server): an API Gateway v2 event per call, at RATE per second. */
function event(slug: string) {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: `/link/${slug}`,
    rawQueryString: '',
    headers: { host: `${t.tenant}.localhost`, 'user-agent': CHROME },
    requestContext: { http: { method: 'GET', path: `/link/${slug}`, sourceIp: '127.0.0.1' } },
    isBase64Encoded: false,
  } as never;
}
async function direct(slugs: string[]) {
  const times: number[] = [];
  const started = performance.now();
  const calls: Promise<void>[] = [];
  for (let i = 0; i < slugs.length; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const start = performance.now();
    calls.push(redirect(event(slugs[i]!)).then(() => void times.push(performance.now() - start)));
  }
  await Promise.all(calls);
  return times;
}

await idle(120_000);
// One call at a time: the handler's own time, without the queueing an overloaded machine adds.
const sequential: number[] = [];
for (let i = 0; i < 2000; i++) {
  const start = performance.now();
  await redirect(event('Bench1'));
  sequential.push(performance.now() - start);
}
await idle(120_000);
counts.clear();
const hotTimes = await direct(Array.from({ length: total }, () => 'Bench1'));
const hotReads = countOf('GetItemCommand');
await idle(120_000);

// Cold: links never read by this instance, each visited once (every visit a read).
const COLD = Number(process.env.COLD ?? 300);
const coldSlugs: string[] = [];
for (let i = 0; i < COLD; i++) {
  const slug = `Cold${i}`;
  await createShortLink(
    ctx,
    {
      description: slug,
      active: true,
      url: 'https://loja.com.br/b',
      slug,
      expires_at: null,
      max_visits: null,
    },
    'https://bench.example',
  );
  coldSlugs.push(slug);
}
await idle(120_000);
counts.clear();
const coldTimes = await direct(coldSlugs);
const coldReads = countOf('GetItemCommand');
await idle(120_000);

const [redirectBundle] = await bundleLambdas({ write: false, only: ['shortlinks-redirect'] });

const f = (n: number) => n.toFixed(2);
type Run = Awaited<ReturnType<typeof measure>>;
function report(title: string, run: Run) {
  const client = run.done.map((d) => d.ms);
  console.log(`  ${title}`);
  console.log(
    `    ${(total / run.seconds).toFixed(0)}/s achieved; answers: ${run.done.filter((d) => d.status === 302).length} × 302, others ${run.done.filter((d) => d.status !== 302).length}`,
  );
  console.log(
    `    server time (local server, request → answer): p50 ${f(pct(run.server, 50))} ms, p99 ${f(pct(run.server, 99))} ms, max ${f(Math.max(...run.server))} ms`,
  );
  console.log(`    client latency (loopback): p50 ${f(pct(client, 50))} ms, p99 ${f(pct(client, 99))} ms`);
  console.log(
    `    server's event-loop delay meanwhile: p50 ${f(run.loopDelay.percentile(50) / 1e6)} ms, p99 ${f(run.loopDelay.percentile(99) / 1e6)} ms, max ${f(run.loopDelay.max / 1e6)} ms`,
  );
  console.log(
    `    DynamoDB requests per visit on the request path: ${f(run.readsOnPath / total)} reads (GetItem)`,
  );
  console.log(
    `    DynamoDB requests of the asynchronous count (consumer): ${run.consumer.map(([n, c]) => `${n} ${c}`).join(', ') || 'none'} ` +
      `(${f(run.consumer.reduce((sum, [, c]) => sum + c, 0) / Math.max(1, run.people))} per counted visit)`,
  );
  console.log(
    `    access_count: +${run.added} for ${run.people} people's visits (${total - run.people} bot or HEAD requests not counted)`,
  );
}

console.log(`Short-link redirect, ${total} visits at ${RATE}/s on loopback, three times:`);
report(
  `the count consumer on its own thread (as deployed: another Lambda), DynamoDB Local at ${idlePriority}`,
  deployed,
);
report(`the same, DynamoDB Local at ${samePriority}`, deployedShared);
report(`the count consumer on the server's event loop (npm start), DynamoDB Local at ${idlePriority}`, local);
console.log(
  `  handler alone, the same link (refreshed in the background once a second): p50 ${f(pct(hotTimes, 50))} ms, p99 ${f(pct(hotTimes, 99))} ms, ` +
    `${f(hotReads / total)} reads per visit`,
);
console.log(
  `  handler alone, ${COLD} links never read before (a read each): p50 ${f(pct(coldTimes, 50))} ms, ` +
    `p99 ${f(pct(coldTimes, 99))} ms, ${f(coldReads / COLD)} reads per visit`,
);
console.log(
  `  handler alone, one call at a time (2,000, the same link): p50 ${f(pct(sequential, 50))} ms, p99 ${f(pct(sequential, 99))} ms`,
);
console.log(
  `  machine load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (${cpus().length} cores)`,
);
console.log(
  `  bundle: ${redirectBundle!.bytes.toLocaleString('en-US')} bytes (${(redirectBundle!.bytes / 1024).toFixed(1)} KB) minified, ${(redirectBundle!.gzipBytes / 1024).toFixed(1)} KB gzip; budget 150 KB`,
);

server.close();
await dynamo.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit([deployed, deployedShared, local].every((run) => run.added === run.people) ? 0 : 1);
