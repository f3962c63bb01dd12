/**
 * `npm run bench`: the performance budgets of issue 15, measured on this machine and printed as one
 * table with a verdict per budget; the figures are also written to bench/results/ (JSON).
 *
 *   npm run bench                          everything (about 5 minutes on 2 cores)
 *   npm run bench -- --only lambda,web     some parts: lambda, web, lighthouse, api
 *   options: --lambda-runs 7  --lighthouse-runs 5  --seconds 3  --rounds 3  --connections 4  --submissions 90
 *
 * Needs Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) for the browser parts; without it
 * those rows say so and the rest still runs. Exit code 1 when a budget is not met.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchApi } from './bench/api';
import { benchLambdas } from './bench/lambda';
import { benchLighthouse } from './bench/lighthouse';
import { BUDGETS, formatMarkdown, formatTable, KIB, kib, type Row, verdictOf } from './bench/report';
import { registeredStudent, startAttempt } from './bench/students';
import { launchChromium, type PageWeight, signedInStorage, weighPage } from './bench/webBrowser';
import { buildWeb, findSecrets, heavyPartsIn, initialLoad, jsChunks, sumGzip } from './bench/webBuild';
import { chromiumMissing } from './local/chromium';
import { type RunningStack, startStack, webRuntimeConfig } from './local/stack';
import { startLocalWeb } from './local/web';

const PARTS = ['lambda', 'web', 'lighthouse', 'api'] as const;
type Part = (typeof PARTS)[number];
const LIGHTHOUSE_PAGES = ['/', '/planes-y-precios', '/inicio-sesion'];
const EXAM_TEST = 'paes_competencia_matematica_m1';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    'lambda-runs': { type: 'string', default: '7' },
    'lighthouse-runs': { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '4' },
    submissions: { type: 'string', default: '90' },
  },
});
const selected = new Set<Part>(
  args.only ? (args.only.split(',').map((p) => p.trim()) as Part[]) : [...PARTS],
);
for (const part of selected)
  if (!PARTS.includes(part)) throw new Error(`Unknown part "${part}" (${PARTS.join(', ')})`);
const number = (name: keyof typeof args) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
};

const log = (message: string) => console.log(`[bench] ${message}`);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    /** 1-minute load average when the run started: other work on the machine skews every time. */
    loadAverage: Number(os.loadavg()[0]?.toFixed(2)),
  };
}

function webWeightRows(pages: PageWeight[], outDir: string): Row[] {
  return pages.map((page): Row => {
    const js = sumGzip(page.js);
    const css = sumGzip(page.css);
    const isHome = page.path === '/';
    const heavy = isHome ? heavyPartsIn(outDir, page.js) : [];
    const redirected = page.landedOn !== page.path.split('?')[0];
    const ok = !redirected && (!isHome || (js <= BUDGETS.homeJsGzipKiB * KIB && heavy.length === 0));
    const notes = [
      redirected && `the browser ended on ${page.landedOn}`,
      heavy.length > 0 && `loads ${heavy.join(', ')}`,
    ].filter(Boolean);
    return {
      section: 'web weight (browser)',
      item:
        page.path === '/' ? '/' : page.path.startsWith('/centro-estudio/ensayos') ? 'exam screen' : page.path,
      figures: `JS ${kib(js)} KiB gz (${page.js.length} files), CSS ${kib(css)} KiB gz`,
      budget: isHome
        ? `JS ≤ ${BUDGETS.homeJsGzipKiB} KiB, no KaTeX/Markdown/Amplify/exam/study code`
        : 'split: info',
      verdict: isHome || redirected ? verdictOf(ok) : 'info',
      ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
    };
  });
}

async function main() {
  const started = new Date();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'preu-bench-'));
  const rows: Row[] = [];
  const results: Record<string, unknown> = {
    date: started.toISOString(),
    machine: machine(),
    budgets: BUDGETS,
  };
  let stack: RunningStack | undefined;
  let web: { url: string; close(): Promise<void> } | undefined;
  try {
    if (selected.has('lambda')) {
      log('lambda: bundling each function as CDK does and timing its start-up');
      const lambda = await benchLambdas(path.join(workDir, 'lambda'), number('lambda-runs'));
      rows.push(...lambda.rows);
      results.lambda = lambda.figures;
    }

    const needsWeb = selected.has('web') || selected.has('lighthouse');
    const outDir = path.join(workDir, 'web');
    if (needsWeb) {
      log('web: production build (Vite manifest)');
      const manifest = await buildWeb(outDir);
      const first = initialLoad(manifest, outDir);
      const chunks = jsChunks(outDir);
      const largest = chunks[0];
      const secrets = findSecrets(outDir);
      const heavy = heavyPartsIn(outDir, first.js);
      const firstJs = sumGzip(first.js);
      rows.push(
        {
          section: 'web weight (manifest)',
          item: 'first load (index.html)',
          figures: `JS ${kib(firstJs)} KiB gz (${first.js.length} files), CSS ${kib(sumGzip(first.css))} KiB gz`,
          budget: `JS ≤ ${BUDGETS.homeJsGzipKiB} KiB, no KaTeX/Markdown/Amplify/exam/study code`,
          verdict: verdictOf(firstJs <= BUDGETS.homeJsGzipKiB * KIB && heavy.length === 0),
          ...(heavy.length > 0 ? { note: `loads ${heavy.join(', ')}` } : {}),
        },
        {
          section: 'web weight (manifest)',
          item: 'largest chunk',
          figures: largest
            ? `${largest.file}: ${kib(largest.gzipBytes)} KiB gz (${kib(largest.bytes)} KiB)`
            : 'none',
          budget: 'info',
          verdict: 'info',
        },
        {
          section: 'web weight (manifest)',
          item: 'secrets in the build',
          figures:
            secrets.length === 0 ? 'none found' : secrets.map((s) => `${s.kind} in ${s.file}`).join('; '),
          budget: 'none',
          verdict: verdictOf(secrets.length === 0),
        },
      );
      results.webBuild = { firstLoad: first, chunks, secrets };
    }

    const needsStack = needsWeb || selected.has('api');
    if (needsStack) {
      log('stack: dynalite, cognito-local, the API and the production build on free ports');
      const webPort = await freePort();
      // The API allows this origin (CORS); it must be known before the handlers load.
      process.env.WEB_ORIGIN = `http://127.0.0.1:${webPort}`;
      process.env.LOG_LEVEL ??= 'WARN';
      stack = await startStack({ dataDir: path.join(workDir, 'stack'), persist: false, web: false });
      if (needsWeb) {
        const info = stack.info;
        web = await startLocalWeb({
          mode: 'preview',
          port: webPort,
          outDir,
          runtimeConfig: () => webRuntimeConfig(info),
        });
      }
    }

    const missingChromium = chromiumMissing();
    if (selected.has('web') && stack && web) {
      if (missingChromium) {
        rows.push({
          section: 'web weight (browser)',
          item: 'all pages',
          figures: '-',
          budget: '-',
          verdict: 'not run',
          note: missingChromium,
        });
      } else {
        log('web: first visits in Chromium (/, /centro-estudio, the exam screen)');
        const browser = await launchChromium();
        try {
          const stackWithWeb = { ...stack.info, webUrl: web.url };
          const pages: PageWeight[] = [await weighPage(browser, web.url, outDir, '/', { ready: 'h1' })];
          const student = await registeredStudent(stack.info);
          const storageState = await signedInStorage(browser, stackWithWeb, student);
          pages.push(
            await weighPage(browser, web.url, outDir, '/centro-estudio', {
              storageState,
              ready: '.study-center h1',
            }),
          );
          await startAttempt(stack.info, student, EXAM_TEST);
          pages.push(
            await weighPage(browser, web.url, outDir, `/centro-estudio/ensayos/${EXAM_TEST}/rendir`, {
              storageState,
              ready: '.exam-question',
            }),
          );
          rows.push(...webWeightRows(pages, outDir));
          results.webPages = pages;
        } finally {
          await browser.close();
        }
      }
    }

    if (selected.has('lighthouse') && web) {
      if (missingChromium) {
        rows.push({
          section: 'lighthouse (mobile)',
          item: 'all pages',
          figures: '-',
          budget: '-',
          verdict: 'not run',
          note: missingChromium,
        });
      } else {
        log(`lighthouse: ${LIGHTHOUSE_PAGES.join(', ')} × ${number('lighthouse-runs')} runs (mobile preset)`);
        const lighthouse = await benchLighthouse(web.url, LIGHTHOUSE_PAGES, number('lighthouse-runs'));
        rows.push(...lighthouse.rows);
        results.lighthouse = lighthouse.figures;
      }
    }

    if (selected.has('api') && stack) {
      const api = await benchApi(
        stack.info,
        {
          connections: number('connections'),
          seconds: number('seconds'),
          submissions: number('submissions'),
          rounds: number('rounds'),
          testSlug: EXAM_TEST,
        },
        log,
      );
      rows.push(...api.rows);
      results.api = api.figures;
      results.dynamoOperationTotals = api.operationTotals;
    }
  } finally {
    await web?.close().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
    rmSync(workDir, { recursive: true, force: true });
  }

  results.rows = rows;
  results.loadAverageAtEnd = Number(os.loadavg()[0]?.toFixed(2));
  results.seconds = Math.round((Date.now() - started.getTime()) / 1000);
  const resultsDir = path.resolve(import.meta.dirname, '../bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${started.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, 'latest.md'), `${formatMarkdown(rows)}\n`);

  const m = results.machine as ReturnType<typeof machine>;
  console.log(
    `\nPerformance budgets (issue 15) — ${started.toISOString()} — ${m.cores} cores, ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}, load average ${m.loadAverage} → ${results.loadAverageAtEnd}\n`,
  );
  console.log(formatTable(rows));
  const failed = rows.filter((r) => r.verdict === 'FAIL').length;
  const notRun = rows.filter((r) => r.verdict === 'not run').length;
  console.log(
    `\n${rows.filter((r) => r.verdict === 'pass').length} pass, ${failed} fail${notRun ? `, ${notRun} not run` : ''} — ${path.relative(process.cwd(), file)} (${results.seconds} s)`,
  );
  if (failed > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error('[bench] failed:', error);
  process.exit(1);
});
