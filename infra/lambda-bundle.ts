/**
 * How a Lambda's code is bundled: one definition for CDK (infra/constructs/platform-function.ts)
 * and the cold-start benchmark (scripts/bench/lambda.ts), so the benchmark measures what deploys.
 *
 * ESM for Node 24 on arm64, minified, the AWS SDK bundled (the versions in package-lock.json are
 * the ones tested), and split into chunks: what a module imports statically is its start-up
 * (`index.mjs` and the chunks it imports), while SDKs imported with `import()` — Stripe, HubSpot,
 * SSM, SQS, and the SDK's own credential providers other than the environment's — stay in chunks
 * that load only when first used (issue 15, docs/decisions.md).
 */
import path from 'node:path';
import type { BuildOptions } from 'esbuild';

/** `@core/…` imports (tsconfig.json's `paths`) resolve to the shared core package. */
const CORE_DIR = path.resolve(import.meta.dirname, '../core');

/** ESM builds of dependencies tree-shake better; the banner gives CommonJS dependencies `require`. */
const REQUIRE_BANNER =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

export function lambdaBuildOptions(entry: string, outdir: string): BuildOptions {
  return {
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    mainFields: ['module', 'main'],
    alias: { '@core': CORE_DIR },
    banner: { js: REQUIRE_BANNER },
    minify: true,
    sourcemap: 'external',
    sourcesContent: false,
    logLevel: 'warning',
  };
}
