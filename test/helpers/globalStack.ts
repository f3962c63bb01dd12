/**
 * Starts one ephemeral local stack (free ports, in-memory DynamoDB, a temporary Cognito pool) for
 * the integration tests and hands its coordinates to them through `inject('stack')`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type StackInfo, startStack } from '../../scripts/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'preu-stack-'));
  process.env.LOG_LEVEL ??= 'SILENT';
  // The CRM worker's waits between contact look-ups, shortened for tests (same code path).
  process.env.CRM_RETRY_DELAY_SCALE ??= '0.02';
  const stack = await startStack({ dataDir, persist: false, web: false });
  project.provide('stack', stack.info);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
