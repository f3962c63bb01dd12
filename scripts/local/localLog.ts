import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The local stand-ins of external providers record each call as one JSON line under
 * LOCAL_LOG_DIR (`.local/` for npm start), where a developer and the tests can read them.
 */
export function appendLocalLog(
  file: 'crm-log.jsonl' | 'payments-log.jsonl',
  entry: Record<string, unknown>,
): void {
  const dir = process.env.LOCAL_LOG_DIR ?? '.local';
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, file), `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`);
}
