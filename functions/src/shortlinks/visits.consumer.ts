import { sqsConsumer } from '../lib/async/sqs-consumer';
import { systemContext } from '../lib/context';
import { countShortLinkVisit } from './shortlinks.service';
import { ShortLinkVisit } from './visits.schema';

/** Counts the visits the redirect queues (access_count and visits per day), each once. */
export const handler = sqsConsumer({
  name: 'shortlink-visits',
  schema: ShortLinkVisit,
  parallel: true,
  handle: (visit) => countShortLinkVisit(systemContext(visit.tenant, 'shortlink-visits'), visit),
});
