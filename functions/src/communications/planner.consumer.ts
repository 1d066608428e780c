import { systemContext } from '../lib/context';
import { sqsConsumer } from '../lib/async/sqs-consumer';
import { fireCampaign, planStep } from './planner.service';
import { sweepSends } from './recovery.service';
import { PlannerMessage } from './sending.schema';

/**
 * SQS entry of the `communications` queue: schedule firings ({kind:'fire'}, from EventBridge
 * Scheduler) start a run; planner steps ({kind:'plan'}) turn one audience page into channel
 * batches. Both are idempotent. The sweep ({kind:'sweep'}, every few minutes) resumes runs whose
 * state stopped moving (recovery.service.ts).
 */
export const handler = sqsConsumer({
  name: 'communications-planner',
  schema: PlannerMessage,
  handle: async (message) => {
    if (message.kind === 'sweep') {
      await sweepSends();
      return;
    }
    const ctx = systemContext(message.tenant, 'communications-planner');
    if (message.kind === 'fire') await fireCampaign(ctx, message.campaign);
    else await planStep(ctx, message);
  },
});
