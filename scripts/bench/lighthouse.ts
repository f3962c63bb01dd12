/**
 * Page speed: Lighthouse (the npm package) with its default configuration — the mobile preset:
 * a mid-range phone's screen, simulated slow 4G and 4× CPU slowdown — driving Debian's Chromium
 * over the DevTools protocol, against the production build served locally.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../local/chromium';
import { BUDGETS, median, type Row, verdictOf } from './report';

export interface LighthouseRun {
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  warnings: string[];
}

export interface LighthouseFigure {
  path: string;
  runs: LighthouseRun[];
  /** Each figure's median over the runs (the verdict's). */
  median: Omit<LighthouseRun, 'warnings'>;
}

/** Chromium with the DevTools port Lighthouse connects to; stopped by `close()`. */
async function startChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'preu-lh-'));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools: ${output}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  return {
    port,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      // Chromium's helper processes may still be writing the profile for a moment after it exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

async function audit(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} for ${url}`);
    return value;
  };
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    warnings: lhr.runWarnings,
  };
}

/** Each page `runs` times, one Chromium per run (a fresh profile: no cache, no storage). */
export async function benchLighthouse(
  webUrl: string,
  paths: readonly string[],
  runs: number,
): Promise<{ figures: LighthouseFigure[]; rows: Row[] }> {
  const figures: LighthouseFigure[] = [];
  for (const pagePath of paths) {
    const results: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) {
      const chromium = await startChromium();
      try {
        results.push(await audit(`${webUrl}${pagePath}`, chromium.port));
      } finally {
        await chromium.close();
      }
    }
    const of = (pick: (run: LighthouseRun) => number) => median(results.map(pick));
    figures.push({
      path: pagePath,
      runs: results,
      median: {
        performance: of((r) => r.performance),
        lcpMs: of((r) => r.lcpMs),
        cls: of((r) => r.cls),
        tbtMs: of((r) => r.tbtMs),
        fcpMs: of((r) => r.fcpMs),
      },
    });
  }
  const { lighthouse: budget } = BUDGETS;
  const rows = figures.map(({ path: pagePath, median: m, runs: all }): Row => {
    const failing = [
      m.performance < budget.performance && 'score',
      m.lcpMs > budget.lcpMs && 'LCP',
      m.cls > budget.cls && 'CLS',
      m.tbtMs > budget.tbtMs && 'TBT',
    ].filter(Boolean);
    return {
      section: 'lighthouse (mobile)',
      item: pagePath,
      figures: `score ${m.performance}, LCP ${(m.lcpMs / 1000).toFixed(2)} s, CLS ${m.cls.toFixed(3)}, TBT ${m.tbtMs.toFixed(0)} ms (medians of ${all.length} runs; scores ${all.map((r) => r.performance).join('/')})`,
      budget: `≥ ${budget.performance}, ≤ ${(budget.lcpMs / 1000).toFixed(1)} s, ≤ ${budget.cls}, ≤ ${budget.tbtMs} ms`,
      verdict: verdictOf(failing.length === 0),
      ...(failing.length > 0 ? { note: `${failing.join(', ')} over budget` } : {}),
    };
  });
  return { figures, rows };
}
