import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm test` (the README's test command, what CI runs) checks before it tests: `checks` runs the
 * lint, the format check, the web build and every workspace's typecheck, two at a time. Its list
 * is written out by hand, so a workspace added with a typecheck of its own must join it.
 */
const root = join(import.meta.dirname, '../..');
const read = (path: string) =>
  JSON.parse(readFileSync(join(root, path), 'utf8')) as {
    workspaces?: string[];
    scripts?: Record<string, string>;
  };

describe('npm test', () => {
  const pkg = read('package.json');
  const scripts = pkg.scripts ?? {};
  const checks = (scripts.checks ?? '').split(/\s+/);

  it('runs the checks, then every test project', () => {
    expect(scripts.test).toBe('npm run checks && vitest run');
    for (const task of ['lint', 'format:check', 'build:web']) expect(checks).toContain(task);
  });

  it('typechecks every workspace that has a typecheck, each through its own script', () => {
    const workspaces = (pkg.workspaces ?? []).filter(
      (w) => read(join(w, 'package.json')).scripts?.typecheck !== undefined,
    );
    expect(workspaces.length).toBeGreaterThanOrEqual(5);
    for (const w of workspaces) {
      expect(checks).toContain(`typecheck:${w}`);
      expect(scripts[`typecheck:${w}`]).toBe(`npm run typecheck -w ${w}`);
    }
  });
});
