/** Rules of the layout (ARCHITECTURE.md) that a linter does not check. */
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

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  );

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
      .filter((file) => !file.endsWith('.test.ts'))
      .flatMap((file) =>
        importsOf(file)
          .filter((spec) => /(^|\/)(web|scripts|test)\//.test(spec) || spec === 'react')
          .map((spec) => `${path.relative(root, file)} → ${spec}`),
      );
    expect(violations).toEqual([]);
  });

  it('registers routes only in lambdas/routes.ts', () => {
    const offenders = sourceFiles(path.join(root, 'lambdas'))
      .filter((file) => !file.endsWith('routes.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /\{\s*method:\s*'(GET|POST|PUT|DELETE)',\s*path:/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
