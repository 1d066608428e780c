import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repoRoot } from '@freguesia/infra/lib/paths';
import type { Registries } from '../fixtures/future-domains';

const stubHandler = readFileSync(
  join(import.meta.dirname, '..', 'fixtures', 'src', 'alpha', 'handler.ts'),
  'utf8',
);

export interface StubSources {
  /** A `sourceDir` for the stacks: every entry of the registries exists (and does nothing). */
  readonly dir: string;
  readonly cleanup: () => void;
}

/**
 * A temporary functions source folder with a stand-in file for every entry the registries name:
 * `<domain>/handler.ts`, each consumer and stream processor, and `shortlinks/redirect.ts`. For
 * wiring-only synths (esbuild off), where only the files' existence matters.
 */
export function stubSources(
  registries: Pick<Registries, 'domains' | 'queues' | 'streamProcessors'>,
): StubSources {
  // Under the project root, where NodejsFunction wants its entries (node_modules: never committed).
  const cache = join(repoRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'freguesia-stubs-'));
  const entries = [
    ...registries.domains.map((d) => join(d.name, 'handler.ts')),
    ...registries.queues.flatMap((q) => (q.consumer ? [join(q.consumer, q.entry ?? 'consumer.ts')] : [])),
    ...registries.streamProcessors.map((p) => join(p.domain, p.entry)),
    join('shortlinks', 'redirect.ts'),
  ];
  for (const entry of entries) {
    mkdirSync(dirname(join(dir, entry)), { recursive: true });
    writeFileSync(join(dir, entry), stubHandler);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
