/**
 * The browser journeys' stack: a production build of the web app served by `vite preview`, the
 * whole local platform on free ports, and Debian's Chromium. Fails loudly when Chromium is missing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { chromiumMissing } from '../../scripts/local/chromium';
import { ForkedStack } from '../../scripts/local/forkStack';
import type { StackInfo } from '../../scripts/local/stack';
import { TEST_STACK_ENV } from './globalStack';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eStack: StackInfo & { webUrl: string };
  }
}

export default async function setup(project: TestProject) {
  const missing = chromiumMissing();
  if (missing) throw new Error(`The browser journeys need Debian's Chromium. ${missing}.`);
  await build({
    configFile: path.resolve(import.meta.dirname, '../../web/vite.config.ts'),
    logLevel: 'warn',
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'preu-e2e-'));
  // In its own process, as the integration tests' stack (see globalStack.ts).
  const stack = await ForkedStack.start({ dataDir, persist: false, web: 'preview', env: TEST_STACK_ENV });
  if (!stack.info.webUrl) throw new Error('The web app did not start');
  project.provide('e2eStack', { ...stack.info, webUrl: stack.info.webUrl });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
