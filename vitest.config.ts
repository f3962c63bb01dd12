import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'lambdas/**/*.test.ts',
            'scripts/**/*.test.ts',
            'content/**/*.test.ts',
            'test/unit/**/*.test.ts',
            'test/infra/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/helpers/webSetup.ts'],
        },
      },
      {
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
