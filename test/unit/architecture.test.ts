/**
 * Rules of the layout (../shared/ARCHITECTURE.md, docs/decisions.md 25). Biome checks import cycles
 * and the same boundaries by import pattern (biome.json); these rules resolve every relative or
 * `@core/…` import to its folder, so no spelling of a path slips through.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry)) out.push(full);
  }
  return out;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  );

/** Where an import points inside the repository (relative to its root), or null for a package. */
function targetOf(file: string, spec: string): string | null {
  if (spec.startsWith('@core/')) return path.join('core', spec.slice('@core/'.length));
  if (!spec.startsWith('.')) return null;
  return path.relative(root, path.resolve(path.dirname(file), spec));
}

/** Every import of the files under `dir` that leads into one of `forbidden` (folders of the repo). */
function importsInto(dir: string, forbidden: string[], keep: (file: string) => boolean = () => true) {
  return sourceFiles(path.join(root, dir))
    .filter(keep)
    .flatMap((file) =>
      importsOf(file)
        .filter((spec) => {
          const target = targetOf(file, spec);
          return target !== null && forbidden.some((f) => target === f || target.startsWith(`${f}/`));
        })
        .map((spec) => `${path.relative(root, file)} → ${spec}`),
    );
}

describe('architecture', () => {
  it('keeps web features independent: a feature never imports another feature', () => {
    const featuresDir = path.join(root, 'web/src/features');
    const violations: string[] = [];
    for (const feature of readdirSync(featuresDir)) {
      for (const file of sourceFiles(path.join(featuresDir, feature))) {
        for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
          const target = path.relative(featuresDir, path.resolve(path.dirname(file), spec));
          const targetFeature = target.startsWith('..') ? null : target.split(path.sep)[0];
          if (targetFeature && targetFeature !== feature)
            violations.push(`${path.relative(root, file)} → ${spec}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('keeps lambdas free of browser and local-stack code', () => {
    const violations = sourceFiles(path.join(root, 'lambdas'))
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((spec) => /(^|\/)(web|scripts|test)\//.test(spec) || spec === 'react')
          .map((spec) => `${path.relative(root, file)} → ${spec}`),
      );
    expect(violations).toEqual([]);
  });

  it('keeps the web app out of lambdas/: it shares code only through core/', () => {
    expect(importsInto('web', ['lambdas', 'scripts'])).toEqual([]);
  });

  it('keeps the core free of lambdas, web, scripts and tests', () => {
    expect(importsInto('core', ['lambdas', 'web', 'scripts', 'test', 'infra'])).toEqual([]);
  });

  it('keeps the core free of I/O, Node built-ins, the AWS SDK and React', () => {
    const violations = sourceFiles(path.join(root, 'core')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => /^(node:|@aws-sdk\/|react($|-|\/)|@middy\/|stripe$|@hubspot\/)/.test(spec))
        .map((spec) => `${path.relative(root, file)} → ${spec}`),
    );
    expect(violations).toEqual([]);
  });

  it('keeps handlers thin: lambdas/http never imports lambdas/data', () => {
    expect(importsInto('lambdas/http', ['lambdas/data'], (file) => !isTest(file))).toEqual([]);
  });

  it('keeps every handler module within 250 lines', () => {
    const long = sourceFiles(path.join(root, 'lambdas/http'))
      .filter((file) => !isTest(file))
      .map((file) => ({
        file: path.relative(root, file),
        lines: readFileSync(file, 'utf8').split('\n').length,
      }))
      .filter(({ lines }) => lines > 250);
    expect(long).toEqual([]);
  });

  it('keeps the file system out of deployed Lambda code', () => {
    const offenders = sourceFiles(path.join(root, 'lambdas'))
      .filter((file) => !isTest(file))
      .filter((file) => importsOf(file).some((spec) => spec === 'node:fs' || spec === 'node:fs/promises'))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('registers routes only in lambdas/routes.ts', () => {
    const offenders = sourceFiles(path.join(root, 'lambdas'))
      .filter((file) => !file.endsWith('routes.ts') && !isTest(file))
      .filter((file) => /\{\s*method:\s*'(GET|POST|PUT|DELETE)',\s*path:/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
