/**
 * Target: JavaScript loaded by /login ≤ 250 KB gzip. Prints, for the app entry and every
 * lazily loaded page, the gzip size of all JS the browser loads to show it (the entry's
 * static import closure plus the page's). Needs `npm run build -w web` first.
 * Run: npx tsx test/bench/web-route-sizes.ts
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = resolve(import.meta.dirname, '../../web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const gzipCache = new Map<string, number>();
const gz = (file: string) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipCache.get(file)!;
};

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const entry = closure(entryKey);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const jsSize = (keys: Set<string>) => [...keys].reduce((sum, k) => sum + gz(manifest[k]!.file), 0);

export function routeSizes(): Array<{ page: string; gzipBytes: number }> {
  return Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry && c.src?.includes('/pages/'))
    .map(([key, c]) => ({
      page: c.src!.replace(/^.*src\/pages\//, ''),
      gzipBytes: jsSize(new Set([...entry, ...closure(key)])),
    }))
    .sort((a, b) => a.page.localeCompare(b.page));
}

console.log(`app entry (${manifest[entryKey]!.file} + static imports): ${kb(jsSize(entry))} gzip`);
console.log('JS loaded per page (entry + page chunks), gzip:');
for (const { page, gzipBytes } of routeSizes()) {
  const flag = page.startsWith('login/')
    ? gzipBytes <= 250 * 1024
      ? '  ✓ ≤ 250 KB'
      : '  ✗ over 250 KB'
    : '';
  console.log(`  ${page.padEnd(48)} ${kb(gzipBytes).padStart(10)}${flag}`);
}
