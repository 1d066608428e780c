import type { ServiceContext } from '../lib/context';
import { logger } from '../lib/logger';
import { cityIdOf } from './city-ids.model';
import { fillProfileCityIds } from './profiles.service';

/**
 * The `city-backfill` job of the segmentation queue (issue 20, item 7): profiles written before
 * the stream filled the IBGE code get it from the city's name and state. One-off and idempotent;
 * see functions/README.md, "'Cidade' and the IBGE code", for how to run it locally and in AWS.
 */
export async function backfillCityIds(ctx: ServiceContext): Promise<number> {
  const filled = await fillProfileCityIds(ctx, cityIdOf);
  logger.info('segmentation: city ids filled', { tenant: ctx.tenant, filled });
  return filled;
}
