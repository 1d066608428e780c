import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { logger } from '../logger';
import { readMessage, sqsConsumer } from './sqs-consumer';

const Job = z.object({ type: z.literal('job'), tenant: z.string().min(1), n: z.number().int() });

const record = (messageId: string, body: string): SQSRecord =>
  ({
    messageId,
    receiptHandle: messageId,
    body,
    attributes: {},
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:local:0:jobs',
    awsRegion: 'local',
  }) as unknown as SQSRecord;
const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const job = (n: number, tenant = 'acme') => JSON.stringify({ type: 'job', tenant, n });

afterEach(() => vi.restoreAllMocks());

describe('sqsConsumer', () => {
  it('hands each valid message, parsed by its schema, to the handler in queue order', async () => {
    // Prepare
    const seen: unknown[] = [];
    const handler = sqsConsumer({
      name: 'jobs',
      schema: Job,
      handle: async (message) => void seen.push(message),
    });
    // Act
    const answer = await handler(event(record('a', job(1)), record('b', job(2, 'verde'))));
    // Assess
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(seen).toEqual([
      { type: 'job', tenant: 'acme', n: 1 },
      { type: 'job', tenant: 'verde', n: 2 },
    ]);
  });

  it('drops a message that is not JSON with a warning naming it, without failing it', async () => {
    // Prepare
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const handle = vi.fn(async () => undefined);
    const handler = sqsConsumer({ name: 'jobs', schema: Job, handle });
    // Act
    const answer = await handler(event(record('bad', '{"cpf": "123.456.789-09"'), record('good', job(1))));
    // Assess
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(handle).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('jobs: malformed message dropped', {
      messageId: 'bad',
      reason: 'invalid JSON',
    });
    expect(JSON.stringify(warn.mock.calls)).not.toContain('123.456.789-09');
  });

  it('drops a message outside its schema with the zod issues but never the body', async () => {
    // Prepare
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const handle = vi.fn(async () => undefined);
    const handler = sqsConsumer({ name: 'jobs', schema: Job, handle });
    // Act
    const answer = await handler(
      event(record('odd', JSON.stringify({ type: 'job', tenant: 'Maria da Silva', n: 'dez' }))),
    );
    // Assess
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(handle).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    const [message, details] = warn.mock.calls[0]! as [
      string,
      { messageId: string; reason: string; issues: { path: string; code: string }[] },
    ];
    expect(message).toBe('jobs: malformed message dropped');
    expect(details).toMatchObject({
      messageId: 'odd',
      reason: 'schema',
      issues: [{ path: 'n', code: 'invalid_type' }],
    });
    expect(JSON.stringify(warn.mock.calls)).not.toContain('Maria');
  });

  it('reports a record whose handler throws, alone, and handles the others', async () => {
    // Prepare
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const done: number[] = [];
    const handler = sqsConsumer({
      name: 'jobs',
      schema: Job,
      handle: async ({ n }) => {
        if (n === 2) throw new Error('DynamoDB unavailable');
        done.push(n);
      },
    });
    // Act
    const answer = await handler(event(record('m1', job(1)), record('m2', job(2)), record('m3', job(3))));
    // Assess
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(done).toEqual([1, 3]);
    expect(error).toHaveBeenCalledWith('jobs: message failed', expect.objectContaining({ messageId: 'm2' }));
  });

  it('answers every record of a batch that failed whole (SQS redelivers them) instead of throwing', async () => {
    // Prepare
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = sqsConsumer({
      name: 'jobs',
      schema: Job,
      handle: async () => Promise.reject(new Error('down')),
    });
    // Act
    const answer = await handler(event(record('m1', job(1)), record('m2', job(2))));
    // Assess
    expect(answer.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['m1', 'm2']);
  });

  it('keeps the failures of batches handled at the same time apart', async () => {
    // Prepare: two batches of one queue in flight at once, as the local runtime runs them
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = sqsConsumer({
      name: 'jobs',
      schema: Job,
      handle: async ({ n }) => {
        await new Promise((r) => setTimeout(r, n));
        if (n % 2 === 0) throw new Error('even');
      },
    });
    // Act
    const [first, second] = await Promise.all([
      handler(event(record('a1', job(5)), record('a2', job(10)))),
      handler(event(record('b1', job(4)), record('b2', job(7)))),
    ]);
    // Assess
    expect(first).toEqual({ batchItemFailures: [{ itemIdentifier: 'a2' }] });
    expect(second).toEqual({ batchItemFailures: [{ itemIdentifier: 'b1' }] });
  });

  it('runs the records side by side when asked to', async () => {
    // Prepare
    let running = 0;
    let most = 0;
    const handler = sqsConsumer({
      name: 'jobs',
      schema: Job,
      parallel: true,
      handle: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
      },
    });
    // Act
    await handler(event(record('a', job(1)), record('b', job(2)), record('c', job(3))));
    // Assess
    expect(most).toBe(3);
  });
});

describe('readMessage', () => {
  it('reads a valid body and refuses the others with a reason', () => {
    expect(readMessage(Job, job(3))).toEqual({ ok: true, message: { type: 'job', tenant: 'acme', n: 3 } });
    expect(readMessage(Job, 'null')).toMatchObject({ ok: false, malformed: { reason: 'schema' } });
    expect(readMessage(Job, '')).toEqual({ ok: false, malformed: { reason: 'invalid JSON' } });
  });
});
