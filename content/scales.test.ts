import { readFileSync } from 'node:fs';
import { loadScoreScales, SCORE_SCALES, ScoreScaleSchema } from '@core/content/scales';
import { describe, expect, it } from 'vitest';
import { ANCHORS, buildScale, interpolate, scaleFileName, scaleText } from '../scripts/buildScales';
import { validateContent } from './validate';

const { bundle } = validateContent();

describe('estimated score tables (content/scales)', () => {
  it('has one valid table per test of the catalogue, sized to the test and on its course scale', () => {
    expect([...SCORE_SCALES.keys()].sort()).toEqual(bundle.tests.map((t) => t.slug).sort());
    for (const test of bundle.tests) {
      const scale = SCORE_SCALES.get(test.slug);
      expect(scale?.questionCount, test.slug).toBe(test.rules.questionCount);
      expect(scale?.scale, test.slug).toEqual(
        test.course === 'paes' ? { min: 100, max: 1000 } : { min: 150, max: 850 },
      );
      expect(scale?.estimated).toBe(true);
    }
  });

  it('never goes down, starts at the minimum and ends at the maximum', () => {
    for (const scale of SCORE_SCALES.values()) {
      expect(scale.table[0]).toBe(scale.scale.min);
      expect(scale.table.at(-1)).toBe(scale.scale.max);
      for (let c = 1; c < scale.table.length; c++) {
        expect(scale.table[c], `${scale.test} at ${c}`).toBeGreaterThanOrEqual(scale.table[c - 1] ?? 0);
      }
    }
  });

  it('are exactly what the documented method builds (scripts/buildScales.ts)', () => {
    for (const test of bundle.tests) {
      expect(readFileSync(scaleFileName(test.slug), 'utf8'), test.slug).toBe(scaleText(buildScale(test)));
    }
  });

  it('go through the published anchors where a form asks exactly the scored questions', () => {
    // 60 scored of 60 asked would read anchors directly: interpolation hits them.
    for (const anchors of Object.values(ANCHORS)) {
      for (const [x, y] of anchors.points) expect(interpolate(anchors.points, x)).toBe(y);
    }
    const m1 = SCORE_SCALES.get('paes_competencia_matematica_m1');
    // 30 of 65 is 27.7 of 60 scored: between the anchors 25 → 521 and 30 → 571.
    expect(m1?.table[30]).toBe(Math.round(521 + (50 * (30 * (60 / 65) - 25)) / 5));
  });

  it('refuses a table that goes down, misses an end or has the wrong length', () => {
    const good = SCORE_SCALES.get('paes_competencia_matematica_m1');
    const broken = (change: (t: number[]) => number[]) => ({
      ...good,
      table: change([...(good?.table ?? [])]),
    });
    const messages = (value: unknown) =>
      ScoreScaleSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(messages(good)).toEqual([]);
    expect(messages(broken((t) => t.map((v, i) => (i === 10 ? 0 : v))))).toEqual([
      'baja entre 9 y 10 correctas',
    ]);
    expect(messages(broken((t) => [...t.slice(0, -1), 999]))).toContain(
      'todas correctas debe dar el máximo 1000',
    );
    expect(messages(broken((t) => t.slice(1)))[0]).toMatch(/debe tener questionCount \+ 1 = 66 valores/);
    expect(() => loadScoreScales({ paes_competencia_lectora: good })).toThrow(
      /test es «paes_competencia_matematica_m1»/,
    );
    expect(() => loadScoreScales({ x: { ...good, estimated: false } })).toThrow(
      /content\/scales\/x\.json: estimated/,
    );
  });
});
