import type { ServiceContext } from '../lib/context';
import { countersFor } from '../lib/ddb/counters';

/**
 * How many customers the tenant has (the counter customers.repository keeps on write), for light
 * functions that must not bundle the customer records (the WhatsApp domain's estimate and count).
 */
export const customerCount = (ctx: ServiceContext): Promise<number> =>
  countersFor(ctx.tenant).total('customer');
