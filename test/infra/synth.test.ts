/**
 * The one real synthesis: `npx cdk synth` as ops runs it, offline and without AWS credentials,
 * with esbuild bundling every Lambda, the CloudFormation validator and cdk-nag (an unacknowledged
 * error fails it). The other infra tests skip bundling and validation to stay fast.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/constructs/platform-function';
import { CRM_WORKER_ENTRY } from '../../infra/stacks/crm-stack';
import { routes } from '../../lambdas/routes';

const STACKS = ['auth', 'data', 'crm', 'api', 'edge', 'web', 'operations'].map((part) => `preu-dev-${part}`);
const outdir = mkdtempSync(path.join(tmpdir(), 'preu-synth-'));

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('cdk synth', () => {
  it('synthesizes every stack offline with bundled Lambdas and no AWS credentials', {
    // About 15 s on an idle 2-core machine; the margin is for a machine busy with other suites.
    timeout: 180_000,
  }, () => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_') && !name.startsWith('CDK_')),
    );
    const started = Date.now();
    const result = spawnSync('npx', ['cdk', 'synth', '--quiet', '--output', outdir], {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
      timeout: 170_000,
    });
    const seconds = (Date.now() - started) / 1000;
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    console.info(`cdk synth with bundling took ${seconds.toFixed(1)} s`);

    for (const stack of STACKS)
      expect(existsSync(path.join(outdir, `${stack}.template.json`)), stack).toBe(true);

    // Every bundle (API handlers and the CRM worker when present) loads and exports `handler`.
    const functions = ['preu-dev-api', 'preu-dev-crm'].flatMap((stack) => {
      const template = JSON.parse(readFileSync(path.join(outdir, `${stack}.template.json`), 'utf8')) as {
        Resources: Record<string, { Type: string; Properties: { Code?: { S3Key?: string } } }>;
      };
      return Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    });
    const modules = new Set(routes.map((route) => route.module)).size;
    const worker = existsSync(path.join(REPO_ROOT, CRM_WORKER_ENTRY)) ? 1 : 0;
    expect(functions).toHaveLength(modules + worker);
    const bundles = functions.map((fn) => {
      const asset = path.join(outdir, `asset.${fn.Properties.Code?.S3Key?.replace(/\.zip$/, '')}`);
      // The entry and its map; chunks loaded by import() sit in chunks/ (infra/lambda-bundle.ts).
      expect(
        readdirSync(asset)
          .filter((name) => name !== 'chunks')
          .sort(),
      ).toEqual(['index.mjs', 'index.mjs.map']);
      return path.join(asset, 'index.mjs');
    });
    // Loaded by plain Node, as Lambda does (vitest's own module pipeline would transform megabytes).
    const probe = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        'for (const file of process.argv.slice(1)) { const m = await import(file); if (typeof m.handler !== "function") throw new Error(file + " exports no handler"); }',
        ...bundles,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(probe.status, probe.stderr).toBe(0);
  });
});
