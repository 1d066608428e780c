import * as z from 'zod';
import { MigrateMessage, MigrationsSweepMessage } from '../lib/migrations/messages';

const tenant = z.string().min(1);
const lead = z.number().int().positive();
const run = z.number().int().nonnegative();
/** The leads whose change started this run, in order (a lead is not recomputed twice for one change: no cycles). */
const chain = z.array(lead).max(1000).optional();

/**
 * Messages of the `segmentation` queue (functions/src/queues.ts), sent by recompute.service.ts,
 * population.service.ts and the schedules (auto-refresh, daily pass), read by recompute.consumer.ts.
 */
export const SegmentationMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('plan'),
    tenant,
    lead,
    run,
    leadVersion: z.number().int().nonnegative(),
    chain,
  }),
  z.object({
    type: z.literal('segment'),
    tenant,
    lead,
    run,
    leadVersion: z.number().int().nonnegative(),
    shard: z.number().int().nonnegative(),
    chain,
  }),
  /** From a lead's auto-refresh schedule. */
  z.object({ type: z.literal('refresh'), tenant, lead }),
  /** The tenant's daily pass over its time-relative leads. */
  z.object({ type: z.literal('daily'), tenant }),
  /** One-off: fill the IBGE city code of profiles written without it (city-backfill.service.ts). */
  z.object({ type: z.literal('city-backfill'), tenant }),
  /** The recovery sweep (every few minutes, all tenants): lease-sweep.service.ts. */
  z.object({ type: z.literal('sweep') }),
  /** The data migrations' sweep (all tenants) and a run of one (functions/src/migrations.ts). */
  MigrationsSweepMessage,
  MigrateMessage,
]);
export type SegmentationMessage = z.infer<typeof SegmentationMessage>;
