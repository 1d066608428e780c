import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { systemContext } from '../lib/context';
import { logger } from '../lib/logger';
import { propagateTagRename, type TagRenameJob } from './tags.service';

/**
 * SQS entry of the `jobs` queue (functions/src/queues.ts): `tag-rename` jobs, each renaming the
 * customers that still carry a tag's old description. A failed job is reported alone and
 * redelivered; the job is idempotent. Messages of another type are logged and dropped.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const job = JSON.parse(record.body) as Partial<TagRenameJob>;
      if (job.type !== 'tag-rename' || typeof job.tenant !== 'string' || typeof job.tag !== 'number' || typeof job.from !== 'string') {
        logger.warn('jobs: unknown message dropped', { messageId: record.messageId });
        continue;
      }
      const renamed = await propagateTagRename(systemContext(job.tenant, 'tag-rename'), { tag: job.tag, from: job.from });
      logger.info('tag renamed on customers', { tenant: job.tenant, tag: job.tag, renamed });
    } catch (error) {
      logger.error('jobs: message failed', { messageId: record.messageId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
