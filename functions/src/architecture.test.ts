import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of functions/src (see functions/README.md), checked on the import graph:
 * - a domain reaches another domain only through that domain's service (`service.ts` or
 *   `<entity>.service.ts`), never its repositories, entities, routes or helpers;
 * - services, repositories and entities raise domain errors (`lib/errors.ts`) and never import
 *   the HTTP layer (`lib/http/*`);
 * - `lib/` is the framework: it imports no domain;
 * - files in a domain folder are named `<entity>.<role>.ts` (or the bare role: `service.ts`).
 */
const SRC = resolve(import.meta.dirname);
const ROLES = ['routes', 'service', 'repository', 'entities', 'consumer', 'schedule', 'stream', 'schema', 'model'];
const NAME = new RegExp(`^(handler|${ROLES.join('|')})(\\.test|\\.int\\.test)?\\.ts$|^[a-z0-9]+(-[a-z0-9]+)*\\.(${ROLES.join('|')})(\\.test|\\.int\\.test)?\\.ts$`);

interface SourceFile {
  path: string;
  /** First folder under src: the domain, or 'lib'. Undefined for top-level files. */
  area: string | undefined;
  imports: string[];
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function read(path: string): SourceFile {
  const text = readFileSync(path, 'utf8');
  const imports = [...text.matchAll(IMPORT)]
    .map((m) => m[1] ?? m[2]!)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(path), spec));
  const parts = relative(SRC, path).split(sep);
  return { path, area: parts.length > 1 ? parts[0] : undefined, imports };
}

const isTest = (path: string) => /\.test\.ts$/.test(path);
const files = listFiles(SRC).filter((path) => !isTest(path)).map(read);
const areaOf = (target: string) => {
  const parts = relative(SRC, target).split(sep);
  return parts.length > 1 ? parts[0] : undefined;
};
const isServiceFile = (target: string) => /(^|\.)service$/.test(basename(target).replace(/\.ts$/, ''));
const rel = (path: string) => relative(SRC, path);

const edge = (file: SourceFile, target: string) => `${rel(file.path)} → ${rel(target)}`;

/** Imports of another domain's files other than its services. */
function crossDomainImports(sources: readonly SourceFile[]): string[] {
  return sources.flatMap((file) =>
    file.area && file.area !== 'lib'
      ? file.imports
          .filter((target) => {
            const area = areaOf(target);
            return area !== undefined && area !== 'lib' && area !== file.area && !isServiceFile(target);
          })
          .map((target) => edge(file, target))
      : [],
  );
}

/** Imports of lib/http from services, repositories and entities. */
function httpInDomainLayers(sources: readonly SourceFile[]): string[] {
  return sources.flatMap((file) =>
    /(service|repository|entities)\.ts$/.test(file.path)
      ? file.imports.filter((target) => rel(target).startsWith(`lib${sep}http`)).map((target) => edge(file, target))
      : [],
  );
}

/** Imports of a domain from the framework. */
function domainsInLib(sources: readonly SourceFile[]): string[] {
  return sources.flatMap((file) =>
    file.area === 'lib'
      ? file.imports.filter((target) => areaOf(target) !== 'lib' && areaOf(target) !== undefined).map((target) => edge(file, target))
      : [],
  );
}

/** Domain files not named `<entity>.<role>.ts`. */
const misnamed = (paths: readonly string[]) =>
  paths.filter((path) => areaOf(path) !== undefined && areaOf(path) !== 'lib' && !NAME.test(basename(path))).map(rel);

describe('functions/src layering', () => {
  it('reaches another domain only through its service', () => {
    expect(crossDomainImports(files)).toEqual([]);
  });

  it('keeps HTTP out of services, repositories and entities', () => {
    expect(httpInDomainLayers(files)).toEqual([]);
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
        fake(at('portal', 'portal.service.ts'), [at('customers', 'customers.repository'), at('customers', 'customers.service'), at('lib', 'errors')]),
      ]),
    ).toEqual([`portal${sep}portal.service.ts → customers${sep}customers.repository`]);
    expect(httpInDomainLayers([fake(at('catalog', 'stores.repository.ts'), [at('lib', 'http', 'route')])])).toHaveLength(1);
    expect(httpInDomainLayers([fake(at('catalog', 'stores.routes.ts'), [at('lib', 'http', 'route')])])).toEqual([]);
    expect(domainsInLib([fake(at('lib', 'identity', 'provision.ts'), [at('settings', 'users.service')])])).toHaveLength(1);
    expect(misnamed([at('customers', 'baskets-repository.ts'), at('customers', 'baskets.repository.ts'), at('lib', 'ratelimit.ts')])).toEqual([
      `customers${sep}baskets-repository.ts`,
    ]);
  });
});
