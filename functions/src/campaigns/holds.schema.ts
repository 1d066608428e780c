import * as z from 'zod';
import { MigrateMessage } from '../lib/migrations/messages';

/**
 * Messages of the `campaigns` queue (functions/src/queues.ts), read by holds.consumer.ts: the hold
 * sweep, the payload of the tenant's sweep schedule (`ensureHoldsSweep`, checkout.service.ts), and
 * a run of a data migration this queue runs (functions/src/migrations.ts).
 */
export const HoldsMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sweep'), tenant: z.string().min(1) }),
  MigrateMessage,
]);
export type HoldsMessage = z.infer<typeof HoldsMessage>;
