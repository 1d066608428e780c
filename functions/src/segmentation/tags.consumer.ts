import { systemContext } from '../lib/context';
import { sqsConsumer } from '../lib/async/sqs-consumer';
import { logger } from '../lib/logger';
import { TagRenameJob } from './tag-rename.schema';
import { propagateTagRename } from './tags.service';

/**
 * SQS entry of the `jobs` queue (functions/src/queues.ts): `tag-rename` jobs, each renaming the
 * customers that still carry a tag's old description. The job is idempotent; any other message is
 * logged and dropped.
 */
export const handler = sqsConsumer({
  name: 'tag-rename',
  schema: TagRenameJob,
  handle: async (job) => {
    const renamed = await propagateTagRename(systemContext(job.tenant, 'tag-rename'), job);
    logger.info('tag renamed on customers', { tenant: job.tenant, tag: job.tag, renamed });
  },
});
