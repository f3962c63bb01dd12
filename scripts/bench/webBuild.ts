/**
 * The production build of the web app, made for measuring: the same Vite config as
 * `npm run build:web`, into a directory of its own (so it never disturbs web/dist), with Vite's
 * manifest. From the manifest: what the first load of the site downloads before any route code
 * runs (index.html's entry and its static imports, with their CSS). Also the secrets check.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { gzipBytes } from './report';

const CONFIG_FILE = path.resolve(import.meta.dirname, '../../web/vite.config.ts');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export async function buildWeb(outDir: string): Promise<ViteManifest> {
  // Vite keeps a NODE_ENV already set (vitest sets `test`), which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: CONFIG_FILE,
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
}

export interface FileWeight {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export const weighFile = (outDir: string, file: string): FileWeight => {
  const content = readFileSync(path.join(outDir, file));
  return { file, bytes: content.length, gzipBytes: gzipBytes(content) };
};

/** index.html's entry and everything it imports statically: what loads before any route code runs. */
export function initialLoad(manifest: ViteManifest, outDir: string): { js: FileWeight[]; css: FileWeight[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  if (js.size === 0) throw new Error('The manifest has no index.html entry');
  return {
    js: [...js].map((file) => weighFile(outDir, file)),
    css: [...css].map((file) => weighFile(outDir, file)),
  };
}

/** Every JavaScript file of the build, largest (gzipped) first. */
export function jsChunks(outDir: string): FileWeight[] {
  return readdirSync(path.join(outDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => weighFile(outDir, `assets/${name}`))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export const sumGzip = (files: readonly FileWeight[]) => files.reduce((sum, f) => sum + f.gzipBytes, 0);

/**
 * Strings that must never reach a browser: server-side keys of Stripe and HubSpot, AWS access
 * keys, private keys, and JWTs (a token baked into the build would be someone's session).
 */
export const SECRET_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Stripe secret or restricted key', pattern: /\b[sr]k_(live|test)_[0-9A-Za-z]{10,}/ },
  { name: 'Stripe webhook secret', pattern: /\bwhsec_[0-9A-Za-z]{10,}/ },
  { name: 'HubSpot private app token', pattern: /\bpat-(na|eu)\d-[0-9a-f]{8}-[0-9a-f]{4}-/ },
  { name: 'AWS access key id', pattern: /\b(AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: 'private key', pattern: /-----BEGIN ([A-Z]+ )?PRIVATE KEY-----/ },
  { name: 'JSON Web Token', pattern: /\beyJ[0-9A-Za-z_-]{10,}\.eyJ[0-9A-Za-z_-]{10,}\.[0-9A-Za-z_-]{10,}/ },
];

const TEXT_FILE = /\.(js|mjs|css|html|json|map|txt|xml|webmanifest)$/;

/** Every secret-like string in the build's text files (source maps included). */
export function findSecrets(outDir: string): { file: string; kind: string; excerpt: string }[] {
  const found: { file: string; kind: string; excerpt: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (TEXT_FILE.test(name)) {
        const text = readFileSync(full, 'utf8');
        for (const { name: kind, pattern } of SECRET_PATTERNS) {
          const match = pattern.exec(text);
          if (match)
            found.push({ file: path.relative(outDir, full), kind, excerpt: `${match[0].slice(0, 12)}…` });
        }
      }
    }
  };
  walk(outDir);
  return found;
}

/**
 * Parts that must not be in the first load of the public pages, each recognised by a string its
 * code always carries (chunk names do not tell what a shared chunk holds).
 */
export const HEAVY_PARTS: readonly { name: string; marker: string }[] = [
  { name: 'KaTeX', marker: 'KaTeX parse error' },
  { name: 'Markdown (marked)', marker: 'marked(): input parameter is undefined or null' },
  { name: 'Amplify', marker: 'AWSCognitoIdentityProviderService' },
  { name: 'exam screen', marker: 'exam-question__number' },
  { name: 'study centre', marker: 'study-center__header' },
];

export function heavyPartsIn(outDir: string, files: readonly FileWeight[]): string[] {
  const text = files.map((f) => readFileSync(path.join(outDir, f.file), 'utf8')).join('\n');
  return HEAVY_PARTS.filter((part) => text.includes(part.marker)).map((part) => part.name);
}
