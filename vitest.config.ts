import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** `@core/…` is the shared core package (tsconfig.json's `paths`, web/vite.config.ts, infra/lambda-bundle.ts). */
const resolve = { alias: { '@core': path.resolve(import.meta.dirname, 'core') } };

/**
 * One `npm test` runs every layer: unit and handler tests (node), web component tests (jsdom),
 * integration tests against an ephemeral local stack, and infra assertions.
 */
export default defineConfig({
  test: {
    // The JSON report lets .ci/run print a plain "N passed, N failed" closing line.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'core/**/*.test.ts',
            'lambdas/**/*.test.ts',
            'scripts/**/*.test.ts',
            'content/**/*.test.ts',
            'test/unit/**/*.test.ts',
            'test/infra/**/*.test.ts',
          ],
        },
      },
      {
        resolve,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/helpers/webSetup.ts'],
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/helpers/globalE2E.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // One browser at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/helpers/globalStack.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
