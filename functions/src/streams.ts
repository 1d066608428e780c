import type { DynamoDBRecord } from 'aws-lambda';

/**
 * Processors of the table's DynamoDB stream (NEW_AND_OLD_IMAGES), like `queues.ts` for SQS:
 * each entry is one Lambda function (`functions/src/<domain>/<entry>` exporting `handler`, a
 * DynamoDB Streams batch handler answering partial batch failures) fed by an event-source
 * mapping in AWS (`infra/lib/constructs/stream-processors.ts`) and by the local poller in
 * `npm start` (`lib/ports/local/stream-poller.ts`). Both deliver only the records of the
 * ElectroDB entities a processor lists (`entities`), so a processor never sees its own writes.
 * A processor must be idempotent: a record can be delivered more than once.
 */
export interface StreamProcessorDefinition {
  /** Logical name (function name, checkpoint key). */
  name: string;
  /** The domain folder under functions/src that owns the processor. */
  domain: string;
  /** File in the domain folder exporting the stream `handler` (`<entity>.stream.ts`). */
  entry: string;
  /** ElectroDB entity names (`__edb_e__`) whose inserts, changes and removals it receives. */
  entities: string[];
  /** Records per batch (Lambda's default is 100). */
  batchSize: number;
  /** Seconds Lambda may wait to fill a batch. */
  maxBatchingWindowSeconds: number;
  /** Attempts of a failing batch before it is skipped to the on-failure destination. */
  retryAttempts: number;
  memoryMb?: number;
  timeoutSeconds?: number;
}

export const streamProcessors: StreamProcessorDefinition[] = [
  {
    name: 'dashboard-aggregates',
    domain: 'dashboard',
    entry: 'aggregates.stream.ts',
    entities: ['basket', 'customer'],
    batchSize: 100,
    maxBatchingWindowSeconds: 2,
    retryAttempts: 10,
    timeoutSeconds: 60,
  },
  {
    // Customer profiles and incremental lead membership (functions/README.md, "Population engine").
    name: 'segmentation-profiles',
    domain: 'segmentation',
    entry: 'profiles.stream.ts',
    entities: ['customer', 'basket'],
    batchSize: 100,
    maxBatchingWindowSeconds: 1,
    retryAttempts: 10,
    memoryMb: 1024,
    timeoutSeconds: 120,
  },
  {
    // Who carries each tag (tag export, rename job): src/segmentation/tags.stream.ts.
    name: 'segmentation-tags',
    domain: 'segmentation',
    entry: 'tags.stream.ts',
    entities: ['customer'],
    batchSize: 100,
    maxBatchingWindowSeconds: 2,
    retryAttempts: 10,
    timeoutSeconds: 60,
  },
  {
    // Purchases settle the checkout sessions that priced them: src/campaigns/settlement.stream.ts.
    name: 'campaigns-settlement',
    domain: 'campaigns',
    entry: 'settlement.stream.ts',
    entities: ['basket'],
    batchSize: 100,
    maxBatchingWindowSeconds: 1,
    retryAttempts: 10,
    timeoutSeconds: 60,
  },
  {
    // Purchases earn lucky numbers and points: src/loyalty/grants.stream.ts (idempotent per campaign and purchase).
    name: 'loyalty-grants',
    domain: 'loyalty',
    entry: 'grants.stream.ts',
    entities: ['basket'],
    batchSize: 100,
    maxBatchingWindowSeconds: 1,
    retryAttempts: 10,
    timeoutSeconds: 120,
  },
  {
    // Identified purchases earn tickets and instant prizes: src/tickets/grants.stream.ts.
    name: 'tickets-grants',
    domain: 'tickets',
    entry: 'grants.stream.ts',
    entities: ['basket'],
    batchSize: 100,
    maxBatchingWindowSeconds: 1,
    retryAttempts: 10,
    timeoutSeconds: 120,
  },
  {
    // E-mail, SMS and push campaigns keep their schedules in step: src/communications/schedules.stream.ts.
    name: 'communications-schedules',
    domain: 'communications',
    entry: 'schedules.stream.ts',
    entities: ['campaign'],
    batchSize: 50,
    maxBatchingWindowSeconds: 1,
    retryAttempts: 10,
    timeoutSeconds: 60,
  },
  {
    // Purchases open NPS surveys (once per customer and interval): src/nps/purchases.stream.ts.
    name: 'nps-purchases',
    domain: 'nps',
    entry: 'purchases.stream.ts',
    entities: ['basket'],
    batchSize: 100,
    maxBatchingWindowSeconds: 1,
    retryAttempts: 10,
    timeoutSeconds: 60,
  },
  {
    // NPS answers become the customers' 'nps_answered' activity (segmentation CM): src/nps/answers.stream.ts.
    name: 'nps-answers',
    domain: 'nps',
    entry: 'answers.stream.ts',
    entities: ['npsAnswer'],
    batchSize: 100,
    maxBatchingWindowSeconds: 1,
    retryAttempts: 10,
    timeoutSeconds: 60,
  },
  // CMS files whose record the table's TTL (or a delete) removed lose their object (src/cms).
  {
    name: 'cms-files',
    domain: 'cms',
    entry: 'files.stream.ts',
    entities: ['cms-file'],
    batchSize: 100,
    maxBatchingWindowSeconds: 5,
    retryAttempts: 10,
    timeoutSeconds: 60,
  },
  // Inbound messages of every channel open or continue conversations, answered by the channel's bot:
  // src/customer-service/inbound.stream.ts (idempotent per inbound message).
  {
    name: 'customer-service-inbound',
    domain: 'customer-service',
    entry: 'inbound.stream.ts',
    entities: ['inboundMessage'],
    batchSize: 50,
    maxBatchingWindowSeconds: 0,
    retryAttempts: 10,
    timeoutSeconds: 60,
  },
  // Partners' statuses of customer service's sent messages (the whatsapp domain's reply records).
  {
    name: 'customer-service-statuses',
    domain: 'customer-service',
    entry: 'statuses.stream.ts',
    entities: ['whatsappReply'],
    batchSize: 100,
    maxBatchingWindowSeconds: 1,
    retryAttempts: 10,
    timeoutSeconds: 60,
  },
];

/** The attribute in which ElectroDB stores an item's entity name. */
export const ENTITY_ATTRIBUTE = '__edb_e__';

/** The entity name of a raw stream record (new image first, the old one for removals). */
export function recordEntity(record: DynamoDBRecord): string | undefined {
  const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
  return image?.[ENTITY_ATTRIBUTE]?.S;
}

/** Whether a processor receives this record (the same rule as the AWS filter criteria). */
export const wantsRecord = (processor: StreamProcessorDefinition, record: DynamoDBRecord): boolean =>
  processor.entities.includes(recordEntity(record) ?? '');
