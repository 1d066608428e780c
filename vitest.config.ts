import { defineConfig } from 'vitest/config';

/**
 * One workspace config, several projects:
 * - unit: pure logic (shared, functions) — fast, no I/O.
 * - integration: `*.int.test.ts`, against a DynamoDB Local started once by the global setup.
 * - infra: CDK template assertions and cdk-nag.
 * - e2e: headless Chromium (Debian's /usr/bin/chromium) against the local runtime.
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
        },
      },
      {
        test: {
          name: 'integration',
          include: ['functions/src/**/*.int.test.ts', 'test/integration/**/*.int.test.ts'],
          globalSetup: ['test/support/dynamodb-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // expect.poll's default (1 s) is shorter than a debounced search (400 ms) plus its
          // request on a loaded CI host: a screen that answers in 2 s is not broken.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
