import { sqsConsumer } from '../lib/async/sqs-consumer';
import { systemContext } from '../lib/context';
import { NpsSendMessage } from './send.schema';
import { sendSurvey } from './send.service';

/** SQS entry of the `nps` queue: one survey to send per message (send.service.ts). */
export const handler = sqsConsumer({
  name: 'nps-sender',
  schema: NpsSendMessage,
  handle: (message) => sendSurvey(systemContext(message.tenant, 'nps-sender'), message),
});
