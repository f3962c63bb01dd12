/**
 * What the local HubSpot of a test stack recorded, and a wait for the CRM worker, which applies a
 * queued update after the request has answered.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The calls the local HubSpot received (`<logDir>/crm-log.jsonl`), oldest first. */
// biome-ignore lint/suspicious/noExplicitAny: log entries are whatever the stand-in recorded; tests read their fields.
export function crmLog(logDir: string): Record<string, any>[] {
  const file = path.join(logDir, 'crm-log.jsonl');
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
    : [];
}

/** Reads every 50 ms until `read` gives a value; fails after `timeoutMs` naming `what` it waited for. */
export async function eventually<T>(
  read: () => T | undefined,
  { what = 'the CRM worker', timeoutMs = 8000 }: { what?: string; timeoutMs?: number } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
