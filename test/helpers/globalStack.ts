/**
 * Starts one ephemeral local stack (free ports, in-memory DynamoDB, a temporary Cognito pool) for
 * the integration tests and hands its coordinates to them through `inject('stack')`. The stack runs
 * in its own process: the browser journeys' stack starts in this same Vitest process, and two
 * stacks sharing one process would share `process.env` and the handlers' clients.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ForkedStack } from '../../scripts/local/forkStack';
import type { StackInfo } from '../../scripts/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/** The settings every test stack runs with. */
export const TEST_STACK_ENV = {
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'SILENT',
  // The CRM worker's waits between contact look-ups, shortened for tests (same code path).
  CRM_RETRY_DELAY_SCALE: process.env.CRM_RETRY_DELAY_SCALE ?? '0.02',
};

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'preu-stack-'));
  const stack = await ForkedStack.start({ dataDir, persist: false, web: false, env: TEST_STACK_ENV });
  project.provide('stack', stack.info);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
