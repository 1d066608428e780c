/** The recovery sweeps' schedule (pure: the CDK app reads it too). */

/**
 * The sweeps (functions/README.md, "Recovery"): each a message on its domain's queue, sent by an
 * EventBridge Scheduler schedule every {@link SWEEP_EVERY_MINUTES} in AWS and by a timer of the
 * local runtime. Work is resumed after its state has not moved for {@link sweepOptions}.leaseMs.
 */
export const SWEEPS = [
  { queue: 'communications', message: { kind: 'sweep' } },
  { queue: 'segmentation', message: { type: 'sweep' } },
  { queue: 'customer-service-bot', message: { kind: 'sweep' } },
  // The data migrations (functions/src/migrations.ts): each tenant's pending ones are queued.
  { queue: 'segmentation', message: { type: 'migrations' }, name: 'migrations' },
] as const;
export const SWEEP_EVERY_MINUTES = 5;
export const sweepOptions = {
  /** Longer than any healthy pause between two moves of a run (a parked batch waits 15 s). */
  leaseMs: Number(process.env.SWEEP_LEASE_MS) || 3 * 60_000,
};
