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
}

interface LocalQueueState {
  consumer?: SqsConsumer;
  maxReceiveCount: number;
  pending: Pending[];
  deadLetters: SQSRecord[];
  timer?: NodeJS.Timeout;
}

const queues = new Map<string, LocalQueueState>();
const BATCH_SIZE = 10;
/** Delay before a failed message is delivered again (SQS would wait the visibility timeout). */
export const retryDelayMs = { value: 200 };

function state(name: string): LocalQueueState {
  let q = queues.get(name);
  if (!q) {
    q = { maxReceiveCount: 3, pending: [], deadLetters: [] };
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

function schedule(name: string, delayMs = 0): void {
  const q = state(name);
  if (q.timer || !q.consumer) return;
  q.timer = setTimeout(() => {
    q.timer = undefined;
    void drain(name);
  }, delayMs);
}

/** Delivers up to 10 messages as one SQS-shaped batch, honouring partial batch failures. */
async function drain(name: string): Promise<void> {
  const q = state(name);
  const batch = q.pending.splice(0, BATCH_SIZE);
  if (batch.length === 0 || !q.consumer) return;
  for (const item of batch) {
    item.attempts += 1;
    item.record.attributes.ApproximateReceiveCount = String(item.attempts);
  }
  let failedIds: Set<string>;
  try {
    const response = await q.consumer({ Records: batch.map((b) => b.record) });
    failedIds = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
  } catch {
    failedIds = new Set(batch.map((b) => b.record.messageId));
  }
  let retry = false;
  for (const item of batch) {
    if (!failedIds.has(item.record.messageId)) continue;
    if (item.attempts >= q.maxReceiveCount) {
      q.deadLetters.push(item.record);
      persistDeadLetter(name, item.record);
    } else {
      q.pending.push(item);
      retry = true;
    }
  }
  if (q.pending.length > 0) schedule(name, retry ? retryDelayMs.value : 0);
}

function persistDeadLetter(queue: string, record: SQSRecord): void {
  try {
    const dir = join(config.dataDir, 'dlq');
    mkdirSync(dir, { recursive: true });
    appendFileSync(join(dir, `${queue}.jsonl`), `${JSON.stringify({ at: new Date().toISOString(), record })}\n`);
  } catch {
    // The in-memory dead-letter list still holds it; disk is a convenience for inspection.
  }
}

/** Registers the consumer Lambda of a queue (the same handler SQS would invoke). */
export function registerConsumer(queue: string, consumer: SqsConsumer, maxReceiveCount = 3): void {
  const q = state(queue);
  q.consumer = consumer;
  q.maxReceiveCount = maxReceiveCount;
  schedule(queue);
}

export function deadLetters(queue: string): readonly SQSRecord[] {
  return state(queue).deadLetters;
}

/** Resolves when every queue is empty (tests). */
export async function idle(timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ([...queues.values()].some((q) => q.consumer && (q.pending.length > 0 || q.timer))) {
    if (Date.now() > deadline) throw new Error('local queues did not drain in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const localQueue: QueuePort = {
  async send(queue, body, options) {
    const q = state(queue);
    q.pending.push({ record: toRecord(queue, body), attempts: 0 });
    schedule(queue, (options?.delaySeconds ?? 0) * 1000);
  },
};
