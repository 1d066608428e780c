import type { AttributeValue } from 'aws-lambda';
import { plainImage } from '../lib/ddb/stream-images';
import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { recordAnswers } from './answers.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'nps-answers';

/**
 * DynamoDB Streams entry: each new NPS answer becomes the customer's 'nps_answered' activity, which
 * the segmentation CM options (answered, detractors, passives, promoters in the last X days) read.
 */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => {
    if (record.eventName !== 'INSERT') return undefined;
    const image = record.dynamodb?.NewImage;
    if (!image) return undefined;
    const a = plainImage(image as Record<string, AttributeValue>) as {
      tenant?: string;
      customer?: number;
      score?: number;
      answered_at?: string;
    };
    if (!a.tenant || !a.customer || a.score === undefined || !a.answered_at) return undefined;
    return { tenant: a.tenant, customer: a.customer, score: a.score, answered_at: a.answered_at };
  },
  apply: (ctx, answers) => recordAnswers(ctx, answers),
});
