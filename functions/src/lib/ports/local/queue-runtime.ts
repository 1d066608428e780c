import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { config } from '../../config';
import type { QueuePort } from '../queue';

export type SqsConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

interface Pending {
  record: SQSRecord;
  attempts: number;
  /** When the message may be received (ms): its DelaySeconds, or the visibility timeout after a failure. */
  visibleAt: number;
}

/**
 * Where messages are kept until their consumer is done with them (`npm start`: `.data/queue`), so
 * a kill -9 of the runtime loses none: each message is a file written whole (temporary file, then
 * rename) when sent, deleted once handled or dead-lettered, and read back at the next start. A
 * message being handled when the process died is delivered again (at least once, as SQS; every
 * consumer is idempotent). Undefined: in memory only (tests, `--in-memory`).
 */
let durableDir: string | undefined;

const messageFile = (queue: string, record: SQSRecord) =>
  join(durableDir!, encodeURIComponent(queue), `${record.messageId}.json`);

function persist(queue: string, item: Pending): void {
  if (!durableDir) return;
  const file = messageFile(queue, item.record);
  mkdirSync(join(durableDir, encodeURIComponent(queue)), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  writeFileSync(temporary, JSON.stringify(item));
  renameSync(temporary, file);
}

function forget(queue: string, record: SQSRecord): void {
  if (!durableDir) return;
  try {
    unlinkSync(messageFile(queue, record));
  } catch {
    // Already gone.
  }
}

/**
 * Keeps every message on disk under `dir` from now on and loads what an earlier process left
 * there (messages not yet handled when it stopped or was killed). Answers how many came back.
 */
export function useDurableQueues(dir: string): number {
  durableDir = dir;
  if (!existsSync(dir)) return 0;
  let restored = 0;
  for (const folder of readdirSync(dir)) {
    const queue = decodeURIComponent(folder);
    const q = state(queue);
    const known = new Set(q.pending.map((p) => p.record.messageId));
    for (const name of readdirSync(join(dir, folder))) {
      const path = join(dir, folder, name);
      if (!name.endsWith('.json')) {
        // A temporary file of a write the kill interrupted: the message was never sent.
        if (name.endsWith('.tmp')) unlinkSync(path);
        continue;
      }
      try {
        const item = JSON.parse(readFileSync(path, 'utf8')) as Pending;
        if (known.has(item.record.messageId)) continue;
        q.pending.push({ ...item, visibleAt: Math.min(item.visibleAt, Date.now() + 60_000) });
        restored++;
      } catch {
        unlinkSync(path);
      }
    }
    pump(queue);
  }
  return restored;
}

/**
 * Forgets every queue's messages in memory, as a killed process would (tests of recovery: what
 * is on disk stays, consumers are unregistered). Batches being handled finish on their own.
 */
export function dropLocalQueues(): void {
  for (const q of queues.values()) {
    if (q.timer) clearTimeout(q.timer);
  }
  queues.clear();
  durableDir = undefined;
}

interface LocalQueueState {
  consumer?: SqsConsumer;
  maxReceiveCount: number;
  pending: Pending[];
  deadLetters: SQSRecord[];
  timer?: NodeJS.Timeout;
  /** When the timer fires. */
  timerAt?: number;
  /** Batches being handled by the consumer now. */
  inFlight: number;
  /** A delivery is due on the next turn (pumpSoon). */
  pumpScheduled?: boolean;
  /** Messages per batch (SQS's default 10). */
  batchSize: number;
  /** How long a batch may wait to fill up (0: handed over at once). */
  windowMs: number;
}

const queues = new Map<string, LocalQueueState>();
const BATCH_SIZE = 10;
/** Batches of one queue handled at once, as a Lambda event source mapping with a small maximum concurrency. */
const MAX_CONCURRENT_BATCHES = 4;

/** Delay before a failed message is delivered again (SQS would wait the visibility timeout). */
export const retryDelayMs = { value: 200 };

function state(name: string): LocalQueueState {
  let q = queues.get(name);
  if (!q) {
    q = { maxReceiveCount: 3, pending: [], deadLetters: [], inFlight: 0, batchSize: BATCH_SIZE, windowMs: 0 };
    queues.set(name, q);
  }
  return q;
}

/** An SQS record of `body` as the local queue delivers it (a fresh message id; tests build events with it). */
export function toRecord(queue: string, body: unknown): SQSRecord {
  return {
    messageId: randomUUID(),
    receiptHandle: randomUUID(),
    body: JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: '0',
      SentTimestamp: String(Date.now()),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${queue}`,
    awsRegion: 'local',
  };
}

/**
 * Starts as many batches as there are visible messages (up to the concurrency), and sets the
 * timer for the next message that becomes visible. As SQS, a delayed message is not received
 * before its delay, and it delays no other message.
 */
function pump(name: string): void {
  const q = state(name);
  if (!q.consumer) return;
  const now = Date.now();
  while (q.inFlight < MAX_CONCURRENT_BATCHES) {
    const batch: Pending[] = [];
    let oldest = Infinity;
    for (const p of q.pending) {
      if (p.visibleAt > now) continue;
      oldest = Math.min(oldest, p.visibleAt);
      if (batch.length < q.batchSize) batch.push(p);
    }
    if (batch.length === 0) break;
    // A batching window: a batch not full waits until its oldest message has waited the window.
    if (batch.length < q.batchSize && oldest + q.windowMs > now) break;
    const taken = new Set(batch);
    q.pending = q.pending.filter((p) => !taken.has(p));
    void deliver(name, batch);
  }
  let next = Infinity;
  for (const p of q.pending)
    next = Math.min(next, p.visibleAt <= now ? p.visibleAt + q.windowMs : p.visibleAt);
  if (next === Infinity || q.inFlight >= MAX_CONCURRENT_BATCHES) return;
  if (q.timer && q.timerAt !== undefined && q.timerAt <= next) return;
  if (q.timer) clearTimeout(q.timer);
  q.timerAt = next;
  q.timer = setTimeout(
    () => {
      q.timer = undefined;
      q.timerAt = undefined;
      pump(name);
    },
    Math.max(0, next - now),
  );
}

/**
 * Delivers on the next turn of the event loop, not inside the sender's call: SendMessage answers
 * once the message is stored, and the consumer runs apart (in AWS another Lambda). Messages sent
 * in the same turn go out together in batches, as the event source mapping collects them.
 */
function pumpSoon(name: string, q: LocalQueueState): void {
  if (q.pumpScheduled || !q.consumer) return;
  q.pumpScheduled = true;
  setImmediate(() => {
    q.pumpScheduled = false;
    pump(name);
  });
}

/** Delivers one SQS-shaped batch, honouring partial batch failures (then the dead-letter queue). */
async function deliver(name: string, batch: Pending[]): Promise<void> {
  const q = state(name);
  q.inFlight++;
  for (const item of batch) {
    item.attempts += 1;
    item.record.attributes.ApproximateReceiveCount = String(item.attempts);
  }
  let failedIds: Set<string>;
  try {
    const response = await q.consumer!({ Records: batch.map((b) => b.record) });
    failedIds = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
  } catch {
    failedIds = new Set(batch.map((b) => b.record.messageId));
  } finally {
    q.inFlight--;
  }
  // A queue dropped meanwhile (a simulated kill): this process is "dead", its outcome is not kept.
  if (queues.get(name) !== q) return;
  for (const item of batch) {
    if (!failedIds.has(item.record.messageId)) {
      forget(name, item.record);
      continue;
    }
    if (item.attempts >= q.maxReceiveCount) {
      q.deadLetters.push(item.record);
      persistDeadLetter(name, item.record);
      forget(name, item.record);
    } else {
      item.visibleAt = Date.now() + retryDelayMs.value;
      q.pending.push(item);
      persist(name, item);
    }
  }
  pump(name);
}

function persistDeadLetter(queue: string, record: SQSRecord): void {
  try {
    const dir = join(config.dataDir, 'dlq');
    mkdirSync(dir, { recursive: true });
    appendFileSync(
      join(dir, `${queue}.jsonl`),
      `${JSON.stringify({ at: new Date().toISOString(), record })}\n`,
    );
  } catch {
    // The in-memory dead-letter list still holds it; disk is a convenience for inspection.
  }
}

/**
 * Registers the consumer Lambda of a queue (the same handler SQS would invoke); `batch` as the
 * queue's definition (functions/src/queues.ts): larger batches gathered for up to a window.
 */
export function registerConsumer(
  queue: string,
  consumer: SqsConsumer,
  maxReceiveCount = 3,
  batch?: { size: number; windowSeconds: number },
): void {
  const q = state(queue);
  q.consumer = consumer;
  q.maxReceiveCount = maxReceiveCount;
  q.batchSize = batch?.size ?? BATCH_SIZE;
  q.windowMs = (batch?.windowSeconds ?? 0) * 1000;
  pump(queue);
}

export function deadLetters(queue: string): readonly SQSRecord[] {
  return state(queue).deadLetters;
}

/** Resolves when every queue with a consumer is empty and no batch is being handled (tests). */
export async function idle(timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ([...queues.values()].some((q) => q.consumer && (q.pending.length > 0 || q.inFlight > 0))) {
    if (Date.now() > deadline) throw new Error('local queues did not drain in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const localQueue: QueuePort = {
  async send(queue, body, options) {
    const q = state(queue);
    const item: Pending = {
      record: toRecord(queue, body),
      attempts: 0,
      visibleAt: Date.now() + (options?.delaySeconds ?? 0) * 1000,
    };
    // On disk before it is accepted, as SQS answers SendMessage once the message is stored.
    persist(queue, item);
    q.pending.push(item);
    pumpSoon(queue, q);
  },
};
