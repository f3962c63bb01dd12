/**
 * The real catalogue against the specification: every test slug of section 3, and the constants of
 * section 9 (durations, question counts, weights, display flags, target points, PAES dates).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CoursesCatalogueSchema, type Test, TestsCatalogueSchema } from '@core/content/schema';
import { offeredDates } from '@core/domain/catalogue';
import { TARGET_POINTS } from '@core/domain/constants';
import { splitByWeight } from '@core/domain/examAssembly';
import { describe, expect, it } from 'vitest';

const read = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'catalogue', name), 'utf8'));
const { tests } = TestsCatalogueSchema.parse(read('tests.json'));
const { courses } = CoursesCatalogueSchema.parse(read('courses.json'));
const bySlug = new Map(tests.map((t) => [t.slug, t]));

/** Section 3, verbatim. */
const PDT_SLUGS = [
  'matematica',
  'comprension_lectora',
  'historia_ciencias_sociales',
  'ciencias_tecnico_profesional',
  'ciencias_electiva_fisica',
  'ciencias_electiva_quimica',
  'ciencias_electiva_biologia',
];
const PAES_SLUGS = [
  'paes_competencia_matematica_m1',
  'paes_competencia_matematica_m2',
  'paes_competencia_lectora',
  'paes_ciencias_tecnico_profesional',
  'paes_historia_ciencias_sociales',
  'paes_ciencias_electiva_biologia',
  'paes_ciencias_electiva_fisica',
  'paes_ciencias_electiva_quimica',
];

const specFile = path.resolve(import.meta.dirname, '../../shared/spec/product-spec.md');
const spec = existsSync(specFile) ? readFileSync(specFile, 'utf8') : null;

/** Section 9: durations by area, counts, weights, hidden tests. */
const DURATION = { matematica: 140, lectora: 150, historia: 120, ciencias: 160 } as const;
const HIDDEN = [
  'paes_competencia_matematica_m2',
  'ciencias_electiva_fisica',
  'ciencias_electiva_quimica',
  'ciencias_electiva_biologia',
  'ciencias_tecnico_profesional',
];

function expectedCount(test: Test): number {
  if (test.slug === 'paes_competencia_matematica_m2') return 55;
  return test.area === 'ciencias' ? 80 : 65;
}

function expectedWeights(test: Test): Record<string, number> {
  const electiva = /ciencias_electiva_(biologia|fisica|quimica)$/.exec(test.slug)?.[1];
  if (test.area === 'matematica')
    return { numeros_algebra_funciones: 50, geometria_probabilidad_estadistica: 50 };
  if (test.area === 'lectora') return { comprension_lectora: 100 };
  if (test.area === 'historia') return { historia: 50, ciencias_sociales: 50 };
  if (!electiva) return { biologia: 33, fisica: 33, quimica: 33 };
  const [common, own] = test.course === 'paes' ? [22.5, 32.5] : [25, 25];
  return { biologia: common, fisica: common, quimica: common, [`${electiva}_electivo`]: own };
}

describe('catalogue against the spec', () => {
  it('has exactly the 15 test slugs of section 3, each in its course', () => {
    expect(tests.map((t) => t.slug).sort()).toEqual([...PDT_SLUGS, ...PAES_SLUGS].sort());
    for (const slug of PDT_SLUGS) expect(bySlug.get(slug)?.course, slug).toBe('pdt');
    for (const slug of PAES_SLUGS) expect(bySlug.get(slug)?.course, slug).toBe('paes');
  });

  it.skipIf(!spec)('takes the slugs verbatim from section 3 of the spec', () => {
    const section = spec?.slice(spec.indexOf('## 3.'), spec.indexOf('## 4.')) ?? '';
    const line = (prefix: string) =>
      section
        .split('\n')
        .find((l) => l.startsWith(prefix))
        ?.slice(prefix.length)
        .replace(/\.$/, '')
        .split(',')
        .map((s) => s.trim());
    expect(line('PDT slugs: ')).toEqual(PDT_SLUGS);
    expect(line('PAES slugs: ')).toEqual(PAES_SLUGS);
  });

  it.skipIf(!spec)('reproduces the constants as section 9 states them', () => {
    const section = spec?.slice(spec.indexOf('## 9.')) ?? '';
    expect(section).toContain('Test durations in minutes: math 140, reading 150, history 120, sciences 160.');
    expect(section).toContain(
      'Question counts: 65 for math, reading and history; 80 for sciences; 55 for PAES M2.',
    );
    expect(section).toContain('Target points: PAES 100 to 1000, PDT 0 to 850.');
    expect(section).toContain(
      'PAES available dates: Verano 2022, Invierno 2023, Verano 2023, Invierno 2024, Verano 2024, Otra.',
    );
  });

  it('uses the durations of section 9: math 140, reading 150, history 120, sciences 160', () => {
    for (const test of tests)
      expect({ slug: test.slug, minutes: test.durationMinutes }).toEqual({
        slug: test.slug,
        minutes: DURATION[test.area],
      });
  });

  it('uses the question counts of section 9: 65 math/reading/history, 80 sciences, 55 PAES M2', () => {
    for (const test of tests) {
      expect({ slug: test.slug, count: test.rules.questionCount }).toEqual({
        slug: test.slug,
        count: expectedCount(test),
      });
    }
  });

  it('uses the weights of section 9 (50/50, 100, 33×3, 25×4 PDT electives, 22.5×3 + 32.5 PAES electives)', () => {
    for (const test of tests) {
      expect({ slug: test.slug, weights: test.rules.weights }).toEqual({
        slug: test.slug,
        weights: expectedWeights(test),
      });
      expect(Object.keys(test.rules.subjectLabels)).toEqual(Object.keys(test.rules.weights));
    }
  });

  it('splits each test count by its weights into whole questions that add up', () => {
    for (const test of tests) {
      const split = splitByWeight(test.rules.questionCount, test.rules.weights);
      expect(Object.values(split).reduce((a, b) => a + b, 0)).toBe(test.rules.questionCount);
    }
    expect(
      Object.values(splitByWeight(80, bySlug.get('paes_ciencias_electiva_fisica')?.rules.weights ?? {})),
    ).toEqual([18, 18, 18, 26]);
    expect(
      Object.values(splitByWeight(80, bySlug.get('paes_ciencias_tecnico_profesional')?.rules.weights ?? {})),
    ).toEqual([27, 27, 26]);
    expect(
      Object.values(splitByWeight(80, bySlug.get('ciencias_electiva_quimica')?.rules.weights ?? {})),
    ).toEqual([20, 20, 20, 20]);
  });

  it('hides PAES M2, the PDT electives and PDT técnico-profesional science; displays every other test', () => {
    for (const test of tests)
      expect({ slug: test.slug, display: test.display }).toEqual({
        slug: test.slug,
        display: !HIDDEN.includes(test.slug),
      });
  });

  it('has a title, a colour and three images per test', () => {
    for (const test of tests) {
      expect(test.title.length).toBeGreaterThan(3);
      expect(new Set([test.image, test.activeImage, test.ribbonImage]).size).toBe(3);
      for (const image of [test.image, test.activeImage, test.ribbonImage]) {
        const file = path.join(import.meta.dirname, image);
        expect(existsSync(file), image).toBe(true);
        expect(readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      }
    }
  });

  it('has the target points of section 9, equal to the domain constants', () => {
    const points = Object.fromEntries(courses.map((c) => [c.id, c.targetPoints]));
    expect(points).toEqual({ paes: { min: 100, max: 1000 }, pdt: { min: 0, max: 850 } });
    expect(points).toEqual(TARGET_POINTS);
  });

  it('has both profiles in each course, with their labels, offering displayed tests of the course', () => {
    for (const course of courses) {
      expect(course.profiles.map((p) => [p.id, p.label])).toEqual([
        ['emtp-tecnico-profesional', 'Técnico Profesional'],
        ['emch-cientifico-humanista', 'Científico Humanista'],
      ]);
      for (const profile of course.profiles) {
        for (const slug of profile.tests) {
          expect(bySlug.get(slug)).toMatchObject({ course: course.id, display: true });
        }
      }
    }
  });

  it('keeps the PAES dates of section 9 in order, marked past, and adds the sittings through 2027', () => {
    const paes = courses.find((c) => c.id === 'paes');
    const labels = paes?.availableDates.map((d) => d.label) ?? [];
    const specDates = ['Verano 2022', 'Invierno 2023', 'Verano 2023', 'Invierno 2024', 'Verano 2024'];
    expect(labels.slice(0, 5)).toEqual(specDates);
    for (const entry of paes?.availableDates.slice(0, 5) ?? []) expect(entry.past, entry.label).toBe(true);
    expect(labels).toEqual(expect.arrayContaining(['Verano 2026', 'Invierno 2027', 'Verano 2027']));
    expect(labels.at(-1)).toBe('Otra');
    const dated = paes?.availableDates.filter((d) => d.date) ?? [];
    expect(dated.map((d) => d.date)).toEqual(dated.map((d) => d.date).sort());
  });

  it('offers on 2026-11-22 only the future sittings plus «Otra»', () => {
    const paes = courses.find((c) => c.id === 'paes');
    expect(offeredDates(paes?.availableDates ?? [], '2026-11-22').map((d) => d.label)).toEqual([
      'Verano 2026',
      'Invierno 2027',
      'Verano 2027',
      'Otra',
    ]);
    const pdt = courses.find((c) => c.id === 'pdt');
    expect(offeredDates(pdt?.availableDates ?? [], '2026-11-22').map((d) => d.label)).toEqual(['Otra']);
  });
});
