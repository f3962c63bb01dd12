/**
 * Lambda cold-start proxy: each function bundled exactly as CDK bundles it (infra/lambda-bundle.ts),
 * the bytes its start-up loads (the entry and the chunks it imports statically) and the median time
 * for a fresh Node process to import it and build its handler. Chunks reached only through
 * `import()` (Stripe, HubSpot, SSM, SQS, credential providers) are counted apart as `lazy`.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { lambdaBuildOptions } from '../../infra/lambda-bundle';
import { routes } from '../../lambdas/routes';
import { BUDGETS, KIB, kib, median, type Row, verdictOf } from './report';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** The functions CDK creates: one per handler module of the route table, and the CRM worker. */
export function lambdaEntries(): { name: string; entry: string }[] {
  const modules = [...new Set(routes.map((route) => route.module))];
  return [
    ...modules.map((module) => ({ name: module, entry: `lambdas/http/${module}.ts` })),
    { name: 'crm-worker', entry: 'lambdas/workers/crm.ts' },
  ];
}

export interface LambdaBundle {
  name: string;
  entry: string;
  dir: string;
  startupBytes: number;
  lazyBytes: number;
  files: number;
}

/** Bundles one function into `dir` and sums what its start-up loads and what it may load later. */
export async function bundleLambda(name: string, entry: string, dir: string): Promise<LambdaBundle> {
  const result = await build({
    ...lambdaBuildOptions(path.join(REPO_ROOT, entry), dir),
    metafile: true,
    logLevel: 'error',
  });
  const outputs = (result.metafile as Metafile).outputs;
  const code = Object.keys(outputs).filter((file) => file.endsWith('.mjs'));
  const main = code.find((file) => outputs[file]?.entryPoint && path.basename(file) === 'index.mjs');
  if (!main) throw new Error(`No index.mjs for ${entry}`);
  const startup = new Set<string>();
  const pending = [main];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (startup.has(file)) continue;
    startup.add(file);
    for (const imported of outputs[file]?.imports ?? [])
      if (imported.kind === 'import-statement' && outputs[imported.path]) pending.push(imported.path);
  }
  const bytes = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + (outputs[f]?.bytes ?? 0), 0);
  const startupBytes = bytes(startup);
  return {
    name,
    entry,
    dir,
    startupBytes,
    lazyBytes: bytes(code) - startupBytes,
    files: code.length,
  };
}

/** What a Lambda's environment gives the handlers at start-up (names only; nothing is called). */
const LAMBDA_ENV = {
  AWS_REGION: 'us-east-1',
  STAGE: 'bench',
  USERS_TABLE: 'bench-preu-users',
  CONTENT_TABLE: 'bench-preu-content',
  EVENTS_TABLE: 'bench-preu-events',
  WEB_ORIGIN: 'https://preu.example',
  CRM_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/bench-crm',
  LOG_LEVEL: 'INFO',
  NODE_OPTIONS: '--enable-source-maps',
};

const IMPORT_PROBE = `
const started = performance.now();
const module = await import(process.argv[1]);
if (typeof module.handler !== 'function') throw new Error('no handler export');
process.stdout.write(String(performance.now() - started));
`;

/** Milliseconds from `import()` to a built handler, each in a fresh `node` process. */
export async function measureStartup(bundle: LambdaBundle, runs: number): Promise<number[]> {
  const file = pathToFileURL(path.join(bundle.dir, 'index.mjs')).href;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', IMPORT_PROBE, file], {
      env: { PATH: process.env.PATH ?? '', ...LAMBDA_ENV },
    });
    times.push(Number(stdout));
  }
  return times;
}

export interface LambdaFigure extends Omit<LambdaBundle, 'dir'> {
  startupMs: number[];
  medianMs: number;
}

export async function benchLambdas(
  workDir: string,
  runs: number,
): Promise<{ figures: LambdaFigure[]; rows: Row[] }> {
  const figures: LambdaFigure[] = [];
  for (const { name, entry } of lambdaEntries()) {
    const bundle = await bundleLambda(name, entry, path.join(workDir, name));
    // One untimed import first: the file system cache is warm for every measured run alike.
    await measureStartup(bundle, 1);
    const startupMs = await measureStartup(bundle, runs);
    const { dir: _dir, ...rest } = bundle;
    figures.push({ ...rest, startupMs, medianMs: median(startupMs) });
  }
  const rows = figures.map((f): Row => {
    const sizeOk = f.startupBytes <= BUDGETS.lambdaStartupKiB * KIB;
    const timeOk = f.medianMs <= BUDGETS.lambdaStartupMs;
    const failing = [!sizeOk && 'size', !timeOk && 'time'].filter(Boolean).join(' and ');
    return {
      section: 'lambda cold start',
      item: f.name,
      figures: `${kib(f.startupBytes)} KiB start-up (+${kib(f.lazyBytes)} KiB lazy), ${f.medianMs.toFixed(0)} ms`,
      budget: `≤ ${BUDGETS.lambdaStartupKiB} KiB, ≤ ${BUDGETS.lambdaStartupMs} ms`,
      verdict: verdictOf(sizeOk && timeOk),
      ...(failing ? { note: `${failing} over budget` } : {}),
    };
  });
  return { figures, rows };
}
