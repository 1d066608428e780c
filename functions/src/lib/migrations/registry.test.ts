import { describe, expect, it } from 'vitest';
import { CAMPAIGNS_MIGRATIONS } from '../../campaigns/data-migrations.service';
import { migrations } from '../../migrations';
import { queues } from '../../queues';
import { SEGMENTATION_MIGRATIONS } from '../../segmentation/data-migrations.service';
import { SWEEPS } from '../async/sweeps';
import { MigrateMessage } from './messages';

/** The steps each queue's consumer runs (its `*-migrations.service.ts`), by queue. */
const RUN_BY: Record<string, readonly string[]> = {
  segmentation: SEGMENTATION_MIGRATIONS,
  campaigns: CAMPAIGNS_MIGRATIONS,
};

describe('data migrations registry', () => {
  it('names each migration once, with kebab-case ids', () => {
    const ids = migrations.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('runs every migration on a registered queue whose consumer has its step, and no step without an entry', () => {
    for (const m of migrations) {
      expect(queues.find((q) => q.name === m.queue)?.consumer, m.id).toBeDefined();
      expect(RUN_BY[m.queue] ?? [], m.id).toContain(m.id);
    }
    for (const [queue, ids] of Object.entries(RUN_BY))
      for (const id of ids) expect(migrations.find((m) => m.id === id)?.queue, id).toBe(queue);
  });

  it('is triggered by a recovery sweep, and its messages parse', () => {
    expect(SWEEPS.some((s) => 'type' in s.message && s.message.type === 'migrations')).toBe(true);
    expect(MigrateMessage.safeParse({ type: 'migrate', tenant: 'acme', migration: 'x' }).success).toBe(true);
    expect(MigrateMessage.safeParse({ type: 'migrate', tenant: '', migration: 'x' }).success).toBe(false);
  });
});
