import { config } from '../config';
import { queueUrlVariable } from '../../queues';
import type { SQSClient } from '@aws-sdk/client-sqs'; // type only: the SDK itself loads lazily
import type * as LocalQueueModule from './local/queue-runtime';

/** Sends messages to a work queue: SQS in AWS, the in-process queue locally. */
export interface QueuePort {
  send(
    queue: string,
    body: unknown,
    options?: { delaySeconds?: number; deduplicationId?: string },
  ): Promise<void>;
}

let sqs: SQSClient | undefined;

const awsQueue: QueuePort = {
  async send(queue, body, options) {
    const { SQSClient, SendMessageCommand } = await import('@aws-sdk/client-sqs');
    sqs ??= new SQSClient({ region: config.region });
    const url = process.env[queueUrlVariable(queue)];
    if (!url) throw new Error(`queue ${queue} is not configured`);
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: JSON.stringify(body),
        DelaySeconds: options?.delaySeconds,
      }),
    );
  },
};

/**
 * The in-process queue runs from source (`npm start`, the tests) and never in AWS: a specifier
 * esbuild cannot read leaves it out of every Lambda bundle (as the local scheduler, ./scheduler.ts);
 * a literal `import()` would be inlined into each function that sends to a queue (≈ 3.4 KB).
 */
const LOCAL_QUEUE: string = './local/queue-runtime';

export async function queuePort(): Promise<QueuePort> {
  if (config.runtime === 'local') return ((await import(LOCAL_QUEUE)) as typeof LocalQueueModule).localQueue;
  return awsQueue;
}
