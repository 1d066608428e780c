/**
 * Zod compiles fast object parsers with `new Function` when it may. The Content-Security-Policy
 * (infra/lib/security-headers.ts) forbids eval, so Zod's probe would be refused and reported as a
 * violation on every page: turn the compiler off before any schema is built.
 *
 * Without importing Zod: the app entry does not need Zod itself (its schemas come with the
 * lazily loaded pages), and importing it here put ~4 KB gzip of Zod's core into every first
 * load. Zod 4 keeps its global configuration on `globalThis.__zod_globalConfig` and adopts an
 * object already there when it loads, so setting `jitless` on it first is the same as Zod's
 * `config({ jitless: true })` — csp.test.ts checks that against the installed Zod. This module
 * is the entry's first import (main.tsx, the public pages' start), so it runs before any other.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
