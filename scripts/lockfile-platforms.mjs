#!/usr/bin/env node
/**
 * The npm registry reachable here does not serve Biome's non-Linux binaries, so `npm install`
 * leaves their optional entries out of package-lock.json, and `npm ci` then refuses the lock as
 * out of sync. This adds the missing optional platform entries (os/cpu set, so npm skips them on
 * this platform without fetching). Idempotent; run by `postinstall`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
if (!existsSync(LOCK)) process.exit(0);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const platform = (name) => {
  const [, os = '', cpu = ''] = /cli-(\w+)-(\w+)/.exec(name) ?? [];
  const osName = { win32: 'win32', darwin: 'darwin', linux: 'linux', android: 'android' }[os];
  return osName ? { os: [osName], cpu: [cpu] } : null;
};
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  if (!key.startsWith('node_modules/@biomejs/biome')) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const path = `node_modules/${name}`;
    const target = platform(name);
    if (lock.packages[path] || !target) continue;
    lock.packages[path] = {
      version,
      dev: entry.dev ?? false,
      optional: true,
      license: 'MIT OR Apache-2.0',
      ...target,
      ...(name.includes('musl') ? { libc: ['musl'] } : {}),
      engines: { node: '>=14.21.3' },
    };
    added++;
  }
}
if (added > 0) {
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    `package-lock.json: added ${added} optional platform entr${added === 1 ? 'y' : 'ies'} for Biome`,
  );
}
