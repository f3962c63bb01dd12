/**
 * The size budgets of issue 15 that do not depend on the machine: what the first load of the site
 * downloads (from Vite's manifest of a real production build), that heavy parts stay out of it,
 * that no secret reaches the build, and the code each Lambda loads at start-up (bundled as CDK
 * bundles it). Times are measured by `npm run bench`, never asserted here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleLambda, lambdaEntries } from '../../scripts/bench/lambda';
import { BUDGETS, KIB, kib } from '../../scripts/bench/report';
import { buildWeb, findSecrets, heavyPartsIn, initialLoad, sumGzip } from '../../scripts/bench/webBuild';

const workDir = mkdtempSync(path.join(tmpdir(), 'preu-budgets-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('web build', () => {
  const outDir = path.join(workDir, 'web');
  let manifest: Awaited<ReturnType<typeof buildWeb>>;
  beforeAll(async () => {
    manifest = await buildWeb(outDir);
  }, 120_000);

  it(`keeps the first load of / within ${BUDGETS.homeJsGzipKiB} KiB of gzipped JavaScript`, () => {
    const { js } = initialLoad(manifest, outDir);
    const total = sumGzip(js);
    expect(
      total,
      `${kib(total)} KiB: ${js.map((f) => `${f.file} ${kib(f.gzipBytes)}`).join(', ')}`,
    ).toBeLessThanOrEqual(BUDGETS.homeJsGzipKiB * KIB);
  });

  it('leaves KaTeX, Markdown, Amplify and the signed-in screens out of the first load', () => {
    expect(heavyPartsIn(outDir, initialLoad(manifest, outDir).js)).toEqual([]);
  });

  it('has no secret-like string in any file of the build, source maps included', () => {
    expect(findSecrets(outDir)).toEqual([]);
  });
});

describe('Lambda bundles', () => {
  it.each(lambdaEntries())(
    `$name loads at most ${BUDGETS.lambdaStartupKiB} KiB at start-up`,
    async ({ name, entry }) => {
      const bundle = await bundleLambda(name, entry, path.join(workDir, 'lambda', name));
      expect(bundle.startupBytes, `${kib(bundle.startupBytes)} KiB`).toBeLessThanOrEqual(
        BUDGETS.lambdaStartupKiB * KIB,
      );
    },
    60_000,
  );
});
