import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
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
    q = { maxReceiveCount: 3, pending: [], deadLetters: [], inFlight: 0 };
    queues.set(name, q);
  }
  return q;
}

function toRecord(queue: string, body: unknown): SQSRecord {
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
  while (q.inFlight < MAX_CONCURRENT_BATCHES && q.pending.some((p) => p.visibleAt <= now)) {
    const batch: Pending[] = [];
    const waiting: Pending[] = [];
    for (const p of q.pending) (batch.length < BATCH_SIZE && p.visibleAt <= now ? batch : waiting).push(p);
    q.pending = waiting;
    void deliver(name, batch);
  }
  const next = q.pending.reduce((min, p) => Math.min(min, p.visibleAt), Infinity);
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
  for (const item of batch) {
    if (!failedIds.has(item.record.messageId)) continue;
    if (item.attempts >= q.maxReceiveCount) {
      q.deadLetters.push(item.record);
      persistDeadLetter(name, item.record);
    } else {
      item.visibleAt = Date.now() + retryDelayMs.value;
      q.pending.push(item);
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

/** Registers the consumer Lambda of a queue (the same handler SQS would invoke). */
export function registerConsumer(queue: string, consumer: SqsConsumer, maxReceiveCount = 3): void {
  const q = state(queue);
  q.consumer = consumer;
  q.maxReceiveCount = maxReceiveCount;
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
    q.pending.push({
      record: toRecord(queue, body),
      attempts: 0,
      visibleAt: Date.now() + (options?.delaySeconds ?? 0) * 1000,
    });
    pump(queue);
  },
};
