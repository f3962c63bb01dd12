/**
 * Debian's Chromium, as the browser journeys (test/e2e) and the bench (scripts/bench) start it:
 * headless, no sandbox (CI containers), and nothing in the background that would add requests.
 */
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Why Chromium cannot be started, or null when it can. */
export const chromiumMissing = (): string | null =>
  existsSync(CHROMIUM)
    ? null
    : `Chromium not found at ${CHROMIUM}: run \`apt-get update && apt-get install -y chromium\` (or set CHROMIUM_PATH)`;
