/**
 * Targets (gzip): app entry ≤ 120 KB, /login ≤ 150 KB, /cadastro ≤ 160 KB, /nps?hash= ≤ 30 KB. Prints, for the app
 * entry and every lazily loaded page, the gzip size of all JS the browser loads to show it (the
 * entry's static import closure plus the page's); then the same for the prerendered pages with an
 * HTML file of their own (login.html, cadastro.html: what a page load of /login and /cadastro
 * gets), whose entry loads the page's code after the first paint. Needs a web build first (`npm run build -w web`).
 * Run: npx tsx test/bench/web-route-sizes.ts [dist folder]   (or FREGUESIA_WEB_DIR=<dist folder>;
 * default web/dist), so that a private build (`vite build --outDir /tmp/web-x`) can be measured.
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
  dynamicImports?: string[];
  css?: string[];
}

const dist = resolve(
  process.argv[2] ?? process.env.FREGUESIA_WEB_DIR ?? resolve(import.meta.dirname, '../../web/dist'),
);
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

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k === 'index.html')!;
const entry = closure(entryKey);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const jsSize = (keys: Set<string>) => [...keys].reduce((sum, k) => sum + gz(manifest[k]!.file), 0);

/**
 * Per page: what shows it (entry + the page's static closure), and the total once the chunks
 * the page imports lazily by itself (e.g. the login form's validation, the portal's steps) are in.
 */
export function routeSizes(): Array<{ page: string; gzipBytes: number; withDeferredBytes: number }> {
  return Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry && c.src?.includes('/pages/'))
    .map(([key, c]) => {
      const shown = new Set([...entry, ...closure(key)]);
      const all = new Set(shown);
      for (const k of [...closure(key)].filter((k) => !entry.has(k))) {
        for (const lazy of manifest[k]?.dynamicImports ?? []) closure(lazy, all);
      }
      return {
        page: c.src!.replace(/^.*src\/pages\//, ''),
        gzipBytes: jsSize(shown),
        withDeferredBytes: jsSize(all),
      };
    })
    .sort((a, b) => a.page.localeCompare(b.page));
}

/**
 * The prerendered pages (an HTML entry other than index.html): what a page load runs (the entry,
 * and the page's code it imports after the first paint), and with the chunks that code loads lazily.
 */
export function prerenderedPageSizes(): Array<{
  page: string;
  gzipBytes: number;
  withDeferredBytes: number;
}> {
  return Object.entries(manifest)
    .filter(([key, c]) => c.isEntry && key.endsWith('.html') && key !== 'index.html')
    .map(([key, c]) => {
      const shown = closure(key);
      for (const start of c.dynamicImports ?? []) closure(start, shown);
      const all = new Set(shown);
      for (const k of shown) for (const lazy of manifest[k]?.dynamicImports ?? []) closure(lazy, all);
      return { page: key, gzipBytes: jsSize(shown), withDeferredBytes: jsSize(all) };
    })
    .sort((a, b) => a.page.localeCompare(b.page));
}

/** Budgets in KB gzip: the entry, and the pages customers and staff open first. */
const ENTRY_BUDGET = 120;
const PAGE_BUDGETS: Record<string, number> = {
  'login/login-page.tsx': 150,
  'portal/register-page.tsx': 160,
  'login.html': 150,
  'cadastro.html': 160,
  // Issue 25: the public NPS survey (nps.html, no framework) ≤ 30 KB of JavaScript before the first interaction.
  'nps.html': 30,
};
const verdict = (bytes: number, budget: number | undefined) =>
  budget === undefined ? '' : bytes <= budget * 1024 ? `  ✓ ≤ ${budget} KB` : `  ✗ over ${budget} KB`;

console.log(`dist: ${dist}`);
const entryBytes = jsSize(entry);
console.log(
  `app entry (${manifest[entryKey]!.file} + static imports): ${kb(entryBytes)} gzip${verdict(entryBytes, ENTRY_BUDGET)}`,
);
console.log(
  'JS loaded per page (entry + page chunks), gzip; then with the chunks the page loads lazily after showing:',
);
for (const { page, gzipBytes, withDeferredBytes } of routeSizes()) {
  const deferred = withDeferredBytes > gzipBytes ? `  (+ deferred: ${kb(withDeferredBytes)})` : '';
  console.log(
    `  ${page.padEnd(48)} ${kb(gzipBytes).padStart(10)}${verdict(gzipBytes, PAGE_BUDGETS[page])}${deferred}`,
  );
}
// Issue 12's target: the visual e-mail editor (GrapesJS, whose code carries its `gjs-` class
// prefix) is fetched only by its own routes: 0 KB of it in the entry and in /login.
const isEditor = (key: string) => readFileSync(join(dist, manifest[key]!.file), 'utf8').includes('gjs-');
const editorBytes = (keys: Set<string>) =>
  [...keys].filter(isEditor).reduce((sum, k) => sum + gz(manifest[k]!.file), 0);
const loginKey = Object.keys(manifest).find((k) => manifest[k]!.src?.endsWith('pages/login/login-page.tsx'));
const editorKeys = Object.keys(manifest).filter((k) => manifest[k]!.file.endsWith('.js') && isEditor(k));
const editorInEntry = editorBytes(entry);
const editorOnLogin = loginKey ? editorBytes(new Set([...entry, ...closure(loginKey)])) : 0;
console.log(
  `e-mail editor (GrapesJS, ${kb(editorKeys.reduce((sum, k) => sum + gz(manifest[k]!.file), 0))} gzip in ${editorKeys.length} chunk(s)): ` +
    `${kb(editorInEntry)} in the app entry, ${kb(editorOnLogin)} on /login` +
    `${editorInEntry + editorOnLogin === 0 ? '  ✓ 0 KB' : '  ✗ not 0 KB'}`,
);
console.log('Pages with their own HTML entry (served for /login, /cadastro and /nps?hash=), JS gzip:');
for (const { page, gzipBytes, withDeferredBytes } of prerenderedPageSizes()) {
  const deferred = withDeferredBytes > gzipBytes ? `  (+ deferred: ${kb(withDeferredBytes)})` : '';
  console.log(
    `  ${page.padEnd(48)} ${kb(gzipBytes).padStart(10)}${verdict(gzipBytes, PAGE_BUDGETS[page])}${deferred}`,
  );
}
