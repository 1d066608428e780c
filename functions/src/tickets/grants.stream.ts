import { identifiedPurchaseOf } from '../customers/changes.service';
import { tenantStreamProcessor } from '../lib/async/stream-processor';
import { recordParticipation } from '../segmentation/population.service';
import { grantTickets } from './issuance.service';

/** The processor's name in `functions/src/streams.ts`. */
export const PROCESSOR = 'tickets-grants';

/**
 * DynamoDB Streams entry of ticket issuance: every purchase that becomes identified (POS
 * ingestion, a sale finalised in the product, a purchase associated with a customer later) earns
 * the tickets (and instant prizes) of the ticket campaigns it qualifies for. Idempotent per
 * (campaign, purchase): a redelivered or replayed record earns nothing twice. Participations go to
 * segmentation (CAMP 'Participação em campanhas').
 */
export const handler = tenantStreamProcessor({
  name: PROCESSOR,
  select: (record) => identifiedPurchaseOf(record) ?? undefined,
  // Each qualifying purchase is also a participation in the campaign (the CAMP lead condition);
  // recording one is idempotent, so a replay records nothing new.
  apply: async (ctx, purchases) => {
    const result = await grantTickets(ctx, purchases);
    for (const p of result.participations)
      await recordParticipation(ctx, {
        customerId: p.customerId,
        campaignType: p.type,
        campaignId: p.campaign,
        at: p.at,
      });
  },
});
