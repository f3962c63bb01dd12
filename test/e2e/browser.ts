/**
 * A journey's browser: Debian's Chromium through playwright-core, with the checks every page
 * visit gets — no serious or critical axe violations, no uncaught errors, no failed requests
 * other than those the test expects — and a screenshot per step under test-results/e2e/.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/local/chromium';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** QUIC off: the local servers speak plain HTTP/1.1, and Chromium's QUIC probes only add noise. */
const FLAGS = [...CHROMIUM_FLAGS, '--disable-quic'];

export interface Journey {
  page: Page;
  /** Visits and checks: screenshot, accessibility and the error log. */
  step(name: string): Promise<void>;
  /** Requests whose failure the test provokes on purpose (matched against "STATUS METHOD URL"). */
  allowFailure(pattern: RegExp): void;
  close(): Promise<void>;
}

let browser: Browser | undefined;

export async function openJourney(name: string, viewport = DESKTOP): Promise<Journey> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const context: BrowserContext = await browser.newContext({
    viewport,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const allowed: RegExp[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('response', (response) => {
    const line = `${response.status()} ${response.request().method()} ${response.url()}`;
    if (response.status() >= 400 && !allowed.some((pattern) => pattern.test(line)))
      problems.push(`request: ${line}`);
  });
  page.on('requestfailed', (request) => {
    const line = `failed ${request.method()} ${request.url()}`;
    // Leaving the page (e.g. for Stripe's) cancels what was still loading: nothing failed.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (!allowed.some((pattern) => pattern.test(line)))
      problems.push(`request: ${line} (${request.failure()?.errorText})`);
  });
  const dir = path.resolve('test-results/e2e', `${name}-${viewport.width}`);
  // Only this run's screenshots: a journey with fewer steps than before leaves none behind.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;

  return {
    page,
    allowFailure: (pattern) => allowed.push(pattern),
    async step(stepName) {
      await page.waitForLoadState('networkidle').catch(() => undefined);
      count++;
      await page.screenshot({
        path: path.join(dir, `${String(count).padStart(2, '0')}-${stepName}.png`),
        fullPage: true,
      });
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      if (serious.length > 0 || problems.length > 0) {
        throw new Error(`Step "${stepName}" of ${name}:\n${[...serious, ...problems.splice(0)].join('\n')}`);
      }
    },
    async close() {
      await context.close();
    },
  };
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}
