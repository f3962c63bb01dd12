/**
 * Builds the estimated raw-to-scale tables of content/scales/ (one per test of the catalogue):
 * `npx tsx scripts/buildScales.ts` rewrites them, `--check` only reports files that differ.
 *
 * How (content/scales/README.md says the same for authors):
 * 1. Anchors: the conversion tables of the first regular PAES (admission 2023) as the press
 *    reproduced them, every 5 correct answers of the questions DEMRE scores (60 of 65 in
 *    Lectora, M1 and Historia; 75 of 80 in Ciencias). They are one year's tables, quoted second
 *    hand: a shape to estimate with, not DEMRE's table for any other sitting.
 * 2. A practice form counts every question it asks, so `correct` of `N` asked is read as
 *    `correct × scored / N` scored answers, and the score is interpolated linearly between the
 *    two neighbouring anchors, then rounded. Linear pieces between increasing anchors keep the
 *    table monotonic; 0 correct is the scale minimum and all correct its maximum.
 * 3. M2 has no published anchors here: it takes the M1 shape. Ciencias anchors stop at 60 of 75;
 *    from there the line runs to 1000 at 75.
 * 4. PDT tests (reported on 150–850 in their day) take the same shape of their area mapped
 *    linearly from 100–1000 onto 150–850.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Test } from '@core/content/schema';
import { validateContent } from '../content/validate';

const SCALES_DIR = path.resolve(import.meta.dirname, '../content/scales');
export const SCALE_VERSION = 1;

interface Anchors {
  /** How many questions of the real test are scored. */
  scored: number;
  /** [scored correct answers, PAES score] in increasing order, from [0, 100] to [scored, 1000]. */
  points: [number, number][];
  source: string;
}

const everyFive = (scores: number[]): [number, number][] => scores.map((score, i) => [i * 5, score]);

const PRESS_2023 =
  'Tablas de conversión de la PAES regular (Admisión 2023) reproducidas por la prensa (redgol.cl, 3 de enero de 2023), cada 5 respuestas correctas.';

export const ANCHORS: Record<Test['area'], Anchors> = {
  lectora: {
    scored: 60,
    points: everyFive([100, 216, 299, 372, 433, 486, 548, 593, 660, 713, 788, 878, 1000]),
    source: PRESS_2023,
  },
  matematica: {
    scored: 60,
    points: everyFive([100, 240, 334, 401, 467, 521, 571, 628, 675, 740, 802, 885, 1000]),
    source: PRESS_2023,
  },
  historia: {
    scored: 60,
    points: everyFive([100, 232, 321, 398, 461, 510, 576, 616, 684, 734, 804, 888, 1000]),
    source: PRESS_2023,
  },
  ciencias: {
    scored: 75,
    points: [...everyFive([100, 222, 305, 367, 417, 471, 504, 553, 587, 632, 671, 718, 763]), [75, 1000]],
    source: `${PRESS_2023} Publicadas hasta 60 de 75; de 60 a 75 se interpola en línea recta hasta 1000.`,
  },
};

const AREA_NAMES: Record<Test['area'], string> = {
  lectora: 'Competencia Lectora',
  matematica: 'Matemática',
  historia: 'Historia y Ciencias Sociales',
  ciencias: 'Ciencias',
};

const COURSE_SCALE = { paes: { min: 100, max: 1000 }, pdt: { min: 150, max: 850 } } as const;

/** The PAES score for `x` scored correct answers (x may be fractional), by linear interpolation. */
export function interpolate(points: readonly [number, number][], x: number): number {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) throw new Error('no anchors');
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i] as [number, number];
    const [x0, y0] = points[i - 1] as [number, number];
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return last[1];
}

export interface ScaleFile {
  test: string;
  version: number;
  estimated: true;
  scale: { min: number; max: number };
  questionCount: number;
  method: string;
  source: string;
  table: number[];
}

export function buildScale(test: Test): ScaleFile {
  const anchors = ANCHORS[test.area];
  const { min, max } = COURSE_SCALE[test.course];
  const n = test.rules.questionCount;
  const table = Array.from({ length: n + 1 }, (_, correct) => {
    const paes = interpolate(anchors.points, (correct * anchors.scored) / n);
    return Math.round(min + ((paes - 100) * (max - min)) / 900);
  });
  const shape =
    test.slug === 'paes_competencia_matematica_m2'
      ? 'forma de M1, pues los anclajes no incluyen M2'
      : `forma de ${AREA_NAMES[test.area]}`;
  const mapping = test.course === 'pdt' ? '; llevada linealmente a 150–850, la escala de la PDT' : '';
  return {
    test: test.slug,
    version: SCALE_VERSION,
    estimated: true,
    scale: { min, max },
    questionCount: n,
    method: `Aproximación monótona, no oficial: correctas × ${anchors.scored} / ${n} respuestas puntuadas, interpolación lineal entre anclajes, redondeo al entero (${shape}${mapping}).`,
    source: anchors.source,
    table,
  };
}

/** Pretty JSON with the table on one line, so a diff of a table reads as one change. */
export function scaleText(scale: ScaleFile): string {
  const { table, ...rest } = scale;
  const json = JSON.stringify({ ...rest, table: '__TABLE__' }, null, 2);
  return `${json.replace('"__TABLE__"', `[${table.join(', ')}]`)}\n`;
}

export const scaleFileName = (slug: string) => path.join(SCALES_DIR, `${slug}.json`);

function main() {
  const check = process.argv.includes('--check');
  const { bundle, problems } = validateContent();
  if (problems.length > 0) throw new Error('content/ is not valid: run npx tsx content/validate.ts');
  const differing: string[] = [];
  for (const test of bundle.tests) {
    const text = scaleText(buildScale(test));
    const file = scaleFileName(test.slug);
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // a new test: no table yet
    }
    if (current === text) continue;
    differing.push(path.relative(process.cwd(), file));
    if (!check) writeFileSync(file, text);
  }
  console.log(
    differing.length === 0
      ? 'scales: every table is up to date'
      : `scales: ${check ? 'differ' : 'written'}: ${differing.join(', ')}`,
  );
  if (check && differing.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
