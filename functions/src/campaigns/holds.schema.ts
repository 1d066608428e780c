import * as z from 'zod';

/**
 * The hold sweep on the `campaigns` queue (functions/src/queues.ts): the payload of the tenant's
 * sweep schedule (`ensureHoldsSweep`, checkout.service.ts), read by holds.consumer.ts.
 */
export const HoldsMessage = z.object({ type: z.literal('sweep'), tenant: z.string().min(1) });
export type HoldsMessage = z.infer<typeof HoldsMessage>;
