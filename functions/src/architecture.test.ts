import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queues } from './queues';
import { streamProcessors } from './streams';

/**
 * The layering rules of functions/src (see functions/README.md) and web/src, checked on the import
 * graph:
 * - a domain reaches another domain only through that domain's service (`service.ts` or
 *   `<entity>.service.ts`), never its repositories, entities, routes or helpers;
 * - the domains import each other without a cycle (the graph of functions/src/<domain>/ folders,
 *   lib/ left out, is acyclic), so each domain can be understood, bundled and moved on its own;
 * - HTTP (`lib/http/*`) is imported only by routes (`*.routes.ts`, `routes.ts`), handlers
 *   (`handler.ts`) and lib/http itself: services, repositories, models, entities, consumers,
 *   streams, schedules and the rest of lib/ know no HTTP;
 * - no async entry point (the queue consumers of queues.ts, the stream processors of streams.ts)
 *   reaches the HTML sanitiser (`lib/html`): it belongs to the save paths of the API functions;
 * - `lib/` is the framework: it imports no domain;
 * - files in a domain folder are named `<entity>.<role>.ts` (or the bare role: `service.ts`);
 *   `redirect.ts` is the short-link redirect's entry (infra/lib/paths.ts), an HTTP entry like `handler.ts`;
 * - in web/src, `api/` imports no `pages/` or `components/`, and `components/` no `pages/`.
 */
const SRC = resolve(import.meta.dirname);
const WEB_SRC = resolve(SRC, '..', '..', 'web', 'src');
const ROLES = [
  'routes',
  'service',
  'repository',
  'entities',
  'consumer',
  'schedule',
  'stream',
  'schema',
  'model',
];
const NAME = new RegExp(
  `^(handler|redirect|${ROLES.join('|')})(\\.test|\\.int\\.test)?\\.ts$|^[a-z0-9]+(-[a-z0-9]+)*\\.(${ROLES.join('|')})(\\.test|\\.int\\.test)?\\.ts$`,
);

interface SourceFile {
  path: string;
  /** First folder under src: the domain, or 'lib'. Undefined for top-level files. */
  area: string | undefined;
  /** Relative imports, resolved to absolute paths as written (no extension). */
  imports: string[];
}

function listFiles(dir: string, pattern = /\.ts$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

/** `import … from 'x'`, `export … from 'x'`, a bare `import 'x'` and `import('x')`. */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function read(path: string, root = SRC): SourceFile {
  const text = readFileSync(path, 'utf8');
  const imports = [...text.matchAll(IMPORT)]
    .map((m) => m[1] ?? m[2] ?? m[3]!)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(path), spec));
  const parts = relative(root, path).split(sep);
  return { path, area: parts.length > 1 ? parts[0] : undefined, imports };
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const files = listFiles(SRC)
  .filter((path) => !isTest(path))
  .map((path) => read(path));
const areaOf = (target: string) => {
  const parts = relative(SRC, target).split(sep);
  return parts.length > 1 ? parts[0] : undefined;
};
const isDomain = (area: string | undefined): area is string => area !== undefined && area !== 'lib';
const isServiceFile = (target: string) => /(^|\.)service$/.test(basename(target).replace(/\.ts$/, ''));
const rel = (path: string) => relative(SRC, path);

const edge = (file: SourceFile, target: string) => `${rel(file.path)} → ${rel(target)}`;

/** Imports of another domain's files other than its services. */
function crossDomainImports(sources: readonly SourceFile[]): string[] {
  return sources.flatMap((file) =>
    isDomain(file.area)
      ? file.imports
          .filter((target) => {
            const area = areaOf(target);
            return isDomain(area) && area !== file.area && !isServiceFile(target);
          })
          .map((target) => edge(file, target))
      : [],
  );
}

/** The domain graph: for each domain, the domains it imports, with one import that proves each edge. */
function domainGraph(sources: readonly SourceFile[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sources) {
    if (!isDomain(file.area)) continue;
    const out = graph.get(file.area) ?? new Map<string, string>();
    graph.set(file.area, out);
    for (const target of file.imports) {
      const area = areaOf(target);
      if (isDomain(area) && area !== file.area && !out.has(area)) out.set(area, edge(file, target));
    }
  }
  return graph;
}

/**
 * The cycles of the domain graph: one entry per strongly connected group of two or more domains
 * (Tarjan), listing the imports between its members. Empty when the graph is acyclic.
 */
function domainCycles(sources: readonly SourceFile[]): string[] {
  const graph = domainGraph(sources);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => {
    const inside = group.flatMap((from) =>
      [...(graph.get(from) ?? [])]
        .filter(([to]) => group.includes(to))
        .map(([to, proof]) => `${from} → ${to} (${proof})`),
    );
    return `${group.join(' ⇄ ')}: ${inside.join('; ')}`;
  });
}

/** Files allowed to import lib/http: routes, handlers and lib/http itself. */
const mayUseHttp = (path: string) =>
  /(^|\.)routes\.ts$|^(handler|redirect)\.ts$/.test(basename(path)) ||
  rel(path).startsWith(`lib${sep}http${sep}`);

/** Imports of lib/http from any other role (services, repositories, models, entities, consumers, streams, schedules, lib/). */
function httpOutsideRoutes(sources: readonly SourceFile[]): string[] {
  return sources.flatMap((file) =>
    mayUseHttp(file.path)
      ? []
      : file.imports
          .filter(
            (target) => rel(target) === `lib${sep}http` || rel(target).startsWith(`lib${sep}http${sep}`),
          )
          .map((target) => edge(file, target)),
  );
}

/** Imports of a domain from the framework. */
function domainsInLib(sources: readonly SourceFile[]): string[] {
  return sources.flatMap((file) =>
    file.area === 'lib'
      ? file.imports.filter((target) => isDomain(areaOf(target))).map((target) => edge(file, target))
      : [],
  );
}

/** Domain files not named `<entity>.<role>.ts`. */
const misnamed = (paths: readonly string[]) =>
  paths.filter((path) => isDomain(areaOf(path)) && !NAME.test(basename(path))).map(rel);

/** The source file an import names (`x` → `x.ts`, `x.tsx` or `x/index.ts`), if it is one of `known`. */
function fileOf(target: string, known: ReadonlyMap<string, SourceFile>): SourceFile | undefined {
  return [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts'), join(target, 'index.tsx')]
    .map((candidate) => known.get(candidate))
    .find(Boolean);
}

/**
 * For each entry, the chain of imports through which it reaches `forbidden` (a file path without
 * extension), or nothing when it does not. Breadth first, so the chain shown is a shortest one.
 */
function reaches(sources: readonly SourceFile[], entries: readonly string[], forbidden: string): string[] {
  const known = new Map(sources.map((file) => [file.path, file]));
  const banned = fileOf(forbidden, known)?.path ?? forbidden;
  return entries.flatMap((entry) => {
    const start = known.get(entry);
    if (!start) return [`${rel(entry)}: no such file`];
    const from = new Map<string, string | undefined>([[start.path, undefined]]);
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift()!;
      for (const target of file.imports) {
        if ((fileOf(target, known)?.path ?? target) === banned) {
          const chain = [rel(forbidden)];
          for (let at: string | undefined = file.path; at; at = from.get(at)) chain.unshift(rel(at));
          return [chain.join(' → ')];
        }
        const next = fileOf(target, known);
        if (next && !from.has(next.path)) {
          from.set(next.path, file.path);
          queue.push(next);
        }
      }
    }
    return [];
  });
}

/** The async entry points: every queue consumer (queues.ts) and stream processor (streams.ts). */
const asyncEntries = [
  ...new Set([
    ...queues.filter((q) => q.consumer).map((q) => join(SRC, q.consumer!, q.entry ?? 'consumer.ts')),
    ...streamProcessors.map((p) => join(SRC, p.domain, p.entry)),
  ]),
];
const SANITISER = join(SRC, 'lib', 'html');

/** Web imports against the direction pages → components → api. */
function webDirection(sources: readonly SourceFile[], root: string): string[] {
  const layer = (path: string) => relative(root, path).split(sep)[0];
  const banned: Record<string, readonly string[]> = { api: ['pages', 'components'], components: ['pages'] };
  return sources.flatMap((file) => {
    const no = banned[layer(file.path) ?? ''] ?? [];
    return file.imports
      .filter((target) => no.includes(layer(target) ?? ''))
      .map((target) => `${relative(root, file.path)} → ${relative(root, target)}`);
  });
}

const webFiles = existsSync(WEB_SRC)
  ? listFiles(WEB_SRC, /\.tsx?$/)
      .filter((path) => !isTest(path))
      .map((path) => read(path, WEB_SRC))
  : [];

describe('functions/src layering', () => {
  it('reaches another domain only through its service', () => {
    expect(crossDomainImports(files)).toEqual([]);
  });

  it('has no cycle between domains', () => {
    expect(domainCycles(files)).toEqual([]);
  });

  it('keeps HTTP in routes and handlers', () => {
    expect(httpOutsideRoutes(files)).toEqual([]);
  });

  it('keeps the HTML sanitiser out of every queue consumer and stream processor', () => {
    expect(asyncEntries.length).toBeGreaterThan(0);
    expect(reaches(files, asyncEntries, SANITISER)).toEqual([]);
  });

  it('keeps the framework (lib/) free of domains', () => {
    expect(domainsInLib(files)).toEqual([]);
  });

  it('names domain files <entity>.<role>.ts', () => {
    expect(misnamed(listFiles(SRC))).toEqual([]);
  });

  it('reports each kind of violation (the rules are not vacuous)', () => {
    const at = (...parts: string[]) => join(SRC, ...parts);
    const fake = (path: string, imports: string[]): SourceFile => ({ path, area: areaOf(path), imports });
    expect(
      crossDomainImports([
        fake(at('portal', 'portal.service.ts'), [
          at('customers', 'customers.repository'),
          at('customers', 'customers.service'),
          at('lib', 'errors'),
        ]),
      ]),
    ).toEqual([`portal${sep}portal.service.ts → customers${sep}customers.repository`]);

    // A cycle through three domains is found whatever imports lead into it; a chain is not a cycle.
    const chain = [
      fake(at('alpha', 'alpha.service.ts'), [at('beta', 'beta.service'), at('lib', 'errors')]),
      fake(at('beta', 'beta.service.ts'), [at('gamma', 'gamma.service')]),
      fake(at('delta', 'delta.routes.ts'), [at('alpha', 'alpha.service')]),
      fake(at('gamma', 'gamma.service.ts'), []),
    ];
    expect(domainCycles(chain)).toEqual([]);
    const cycle = [
      ...chain.slice(0, 3),
      fake(at('gamma', 'gamma.consumer.ts'), [at('alpha', 'alpha.service')]),
    ];
    expect(domainCycles(cycle)).toEqual([
      `alpha ⇄ beta ⇄ gamma: alpha → beta (alpha${sep}alpha.service.ts → beta${sep}beta.service); ` +
        `beta → gamma (beta${sep}beta.service.ts → gamma${sep}gamma.service); gamma → alpha (gamma${sep}gamma.consumer.ts → alpha${sep}alpha.service)`,
    ]);
    // Two domains importing each other (the campaigns ⇄ communications shape this rule was written for).
    expect(
      domainCycles([
        fake(at('campaigns', 'campaigns.routes.ts'), [at('communications', 'analytics.service')]),
        fake(at('communications', 'sending.service.ts'), [at('campaigns', 'campaigns.service')]),
      ]),
    ).toHaveLength(1);

    for (const role of [
      'stores.repository.ts',
      'stores.service.ts',
      'stores.model.ts',
      'entities.ts',
      'holds.consumer.ts',
      'tags.stream.ts',
      'refresh.schedule.ts',
    ]) {
      expect(httpOutsideRoutes([fake(at('catalog', role), [at('lib', 'http', 'route')])]), role).toHaveLength(
        1,
      );
    }
    expect(
      httpOutsideRoutes([fake(at('lib', 'auth', 'principals.ts'), [at('lib', 'http', 'route')])]),
    ).toHaveLength(1);
    for (const allowed of [
      at('catalog', 'stores.routes.ts'),
      at('catalog', 'routes.ts'),
      at('catalog', 'handler.ts'),
      at('lib', 'http', 'middleware', 'auth.ts'),
    ]) {
      expect(httpOutsideRoutes([fake(allowed, [at('lib', 'http', 'route')])]), allowed).toEqual([]);
    }

    const sanitiserGraph = [
      fake(at('communications', 'send.consumer.ts'), [
        at('communications', 'sender.service'),
        at('lib', 'logger'),
      ]),
      fake(at('communications', 'sender.service.ts'), [at('campaigns', 'campaigns.service')]),
      fake(at('campaigns', 'campaigns.service.ts'), [at('lib', 'html')]),
      fake(at('communications', 'events.consumer.ts'), [at('lib', 'logger')]),
      fake(at('lib', 'html.ts'), []),
      fake(at('lib', 'logger.ts'), []),
    ];
    expect(
      reaches(
        sanitiserGraph,
        [at('communications', 'send.consumer.ts'), at('communications', 'events.consumer.ts')],
        SANITISER,
      ),
    ).toEqual([
      [
        `communications${sep}send.consumer.ts`,
        `communications${sep}sender.service.ts`,
        `campaigns${sep}campaigns.service.ts`,
        `lib${sep}html`,
      ].join(' → '),
    ]);

    expect(
      domainsInLib([fake(at('lib', 'identity', 'provision.ts'), [at('settings', 'users.service')])]),
    ).toHaveLength(1);
    expect(
      misnamed([
        at('customers', 'baskets-repository.ts'),
        at('customers', 'baskets.repository.ts'),
        at('lib', 'ratelimit.ts'),
      ]),
    ).toEqual([`customers${sep}baskets-repository.ts`]);
  });
});

describe('web/src import direction (pages → components → api)', () => {
  it('keeps pages and components out of api/, and pages out of components/', () => {
    expect(webFiles.length).toBeGreaterThan(0);
    expect(webDirection(webFiles, WEB_SRC)).toEqual([]);
  });

  it('reports an import against the direction (the rule is not vacuous)', () => {
    const at = (...parts: string[]) => join(WEB_SRC, ...parts);
    const fake = (path: string, imports: string[]): SourceFile => ({ path, area: undefined, imports });
    expect(
      webDirection(
        [
          fake(at('api', 'geolocation.ts'), [
            at('pages', 'geolocation', 'geo-model'),
            at('components', 'address', 'lookups'),
            at('api', 'client'),
          ]),
          fake(at('components', 'table', 'server-table.tsx'), [
            at('pages', 'settings', 'list-state'),
            at('api', 'query'),
          ]),
          fake(at('pages', 'leads', 'list-page.tsx'), [at('components', 'table'), at('api', 'leads')]),
        ],
        WEB_SRC,
      ),
    ).toEqual([
      `api${sep}geolocation.ts → pages${sep}geolocation${sep}geo-model`,
      `api${sep}geolocation.ts → components${sep}address${sep}lookups`,
      `components${sep}table${sep}server-table.tsx → pages${sep}settings${sep}list-state`,
    ]);
  });
});
