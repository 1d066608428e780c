import type { ServiceContext } from '../lib/context';
import { recordActivity } from '../segmentation/population.service';

/** Answers as the segmentation profile records them: 'nps_answered' with the score (idempotent there). */
export async function recordAnswers(
  ctx: ServiceContext,
  answers: readonly { customer: number; score: number; answered_at: string }[],
): Promise<void> {
  for (const a of answers)
    await recordActivity(ctx, {
      customerId: a.customer,
      kind: 'nps_answered',
      at: a.answered_at,
      score: a.score,
    });
}
