import type { Rng } from './random';

export interface SeedContext {
  tenant: string;
  /** `full` for the demo tenant, `small` for the isolation tenant. */
  size: 'full' | 'small';
  rng: Rng;
  /** Reference "today" for relative dates (purchases over the last 12 months). */
  now: Date;
  /** Results of earlier seeders (e.g. store ids for prices and purchases). */
  shared: Map<string, unknown>;
}

/** One domain's seed step; returns a short summary line for the start-up log. */
export interface Seeder {
  name: string;
  run(ctx: SeedContext): Promise<string>;
}
