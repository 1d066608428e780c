import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { logger } from '../logger';

/** What a consumer's handler gets beside the message. */
export interface SqsMessageMeta {
  record: SQSRecord;
  /** The Lambda context (absent when the local runtime or a test calls the handler). */
  context?: Context;
}

export interface SqsConsumerOptions<S extends z.ZodType> {
  /** The consumer's name in the logs (e.g. 'communications-planner'). */
  name: string;
  /** The message's schema, written beside its producer. */
  schema: S;
  /** Handles one valid message; an error fails this record alone (redelivered, then dead-lettered). */
  handle: (message: z.output<S>, meta: SqsMessageMeta) => Promise<unknown>;
  /** Handle the batch's records side by side (default: one after another, in queue order). */
  parallel?: boolean;
}

/** A message that can never succeed: why, and where (zod's issues, without the values). */
export interface Malformed {
  reason: 'invalid JSON' | 'schema';
  issues?: { path: string; code: string; message: string }[];
}

/**
 * Reads an SQS body with a schema. Never includes the body (nor the JSON error's message, which
 * quotes it) in what it answers: a message may hold personal data.
 */
export function readMessage<S extends z.ZodType>(
  schema: S,
  body: string,
): { ok: true; message: z.output<S> } | { ok: false; malformed: Malformed } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, malformed: { reason: 'invalid JSON' } };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: issue.code,
    message: issue.message,
  }));
  return { ok: false, malformed: { reason: 'schema', issues } };
}

/**
 * An SQS Lambda handler (partial batch responses, Powertools' `BatchProcessor`): each record's
 * body is read with `schema`; a malformed one (not JSON, or not the schema) is logged with a
 * warning — its id and zod's issues, never its body — and dropped: acknowledged, neither retried
 * nor dead-lettered, since no retry can mend it. A record whose handler throws is reported alone
 * in `batchItemFailures`, so SQS redelivers only it (then its dead-letter queue keeps it).
 *
 * ```ts
 * export const handler = sqsConsumer({ name: 'tag-rename', schema: TagRenameJob, handle: (job) => propagate(job) });
 * ```
 */
export function sqsConsumer<S extends z.ZodType>(
  options: SqsConsumerOptions<S>,
): (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse> {
  const { name, schema, handle } = options;
  const recordHandler = async (record: SQSRecord, context?: Context): Promise<void> => {
    const read = readMessage(schema, record.body);
    if (!read.ok) {
      logger.warn(`${name}: malformed message dropped`, { messageId: record.messageId, ...read.malformed });
      return;
    }
    try {
      await handle(read.message, { record, context });
    } catch (error) {
      logger.error(`${name}: message failed`, { messageId: record.messageId, error });
      throw error;
    }
  };
  // A processor per invocation: it keeps the batch's state, and the local runtime runs several
  // batches of one queue at once through the same handler.
  return (event, context) =>
    processPartialResponse(event, recordHandler, new BatchProcessor(EventType.SQS), {
      context,
      processInParallel: options.parallel ?? false,
      // A batch whose every record failed answers them all (the same outcome for SQS as a throw,
      // without an error of its own in the logs).
      throwOnFullBatchFailure: false,
    });
}
