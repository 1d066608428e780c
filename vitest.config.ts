import { defineConfig } from 'vitest/config';

/**
 * One workspace config, several projects:
 * - unit: pure logic (shared, functions) — fast, no I/O.
 * - integration: `*.int.test.ts`, against a DynamoDB Local started once by the global setup.
 * - infra: CDK template assertions and cdk-nag.
 * - e2e: headless Chromium (Debian's /usr/bin/chromium) against the local runtime.
 *
 * Timeouts are hang guards, not speed checks: CI runs everything on a 2-core host that may be
 * loaded (load 6–9 or more), where CPU-bound work runs 4–5× slower than on an idle machine. Each
 * is set at several times a test's loaded duration; waits inside tests poll their outcome with
 * their own generous deadlines (test/support/wait.ts).
 */
export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'test/unit/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // Property tests and generated stylesheets take 1–2.5 s of CPU on an idle host (the
          // default 5 s was hit under load).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['functions/src/**/*.int.test.ts', 'test/integration/**/*.int.test.ts'],
          globalSetup: ['test/support/dynamodb-global-setup.ts'],
          // A test of a few seconds against DynamoDB Local takes 20–30 s on a loaded host; tests
          // with pipeline waits set their own (ASYNC_TEST_TIMEOUT_MS).
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/support/runtime-global-setup.ts'],
          // A test walks a screen in several steps, each of which may take seconds on a loaded host.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // expect.poll's default (1 s) is shorter than a debounced search (400 ms) plus its
          // request on a loaded CI host: a screen that answers in 2 s is not broken, nor one in 10.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
