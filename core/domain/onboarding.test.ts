import { describe, expect, it } from 'vitest';
import courses from '../../content/catalogue/courses.json';
import tests from '../../content/catalogue/tests.json';
import type { CourseConfig } from '../content/schema';
import {
  buildOnboardingCatalogue,
  chileToday,
  compulsoryTests,
  type OnboardingCatalogue,
  type OnboardingDraft,
  offeredTests,
  onboardingDates,
  toOnboardingChoice,
  validateOnboarding,
} from './onboarding';

const catalogueOf = (id: 'paes' | 'pdt'): OnboardingCatalogue =>
  buildOnboardingCatalogue(courses.courses.find((c) => c.id === id) as CourseConfig, tests.tests);

const TODAY = '2026-11-22';
// Fixed sittings, so the tests do not change when the catalogue gains or retires dates.
const SITTINGS = [
  { id: 'verano-2024', label: 'Verano 2024', date: '2024-12-02', past: true },
  { id: 'invierno-2026', label: 'Invierno 2026', date: '2026-06-15', past: false },
  { id: 'verano-2026', label: 'Verano 2026', date: '2026-11-30', past: false },
  { id: 'invierno-2027', label: 'Invierno 2027', date: '2027-06-14', past: false },
  { id: 'otra', label: 'Otra', past: false },
];
const real = catalogueOf('paes');
const paes: OnboardingCatalogue = { ...real, course: { ...real.course, availableDates: SITTINGS } };
const pdt = catalogueOf('pdt');

const valid: OnboardingDraft = {
  course: 'paes',
  profile: 'emch-cientifico-humanista',
  selectedTests: [
    'paes_competencia_lectora',
    'paes_competencia_matematica_m1',
    'paes_ciencias_electiva_fisica',
  ],
  date: 'verano-2026',
  targetPoints: 750,
};

const codes = (draft: OnboardingDraft, catalogue: OnboardingCatalogue | null = paes, today = TODAY) =>
  validateOnboarding(draft, catalogue, today).map((issue) => `${issue.field}:${issue.code}`);

describe('onboarding catalogue', () => {
  it('offers the displayed tests of the profile, never M2', () => {
    expect(offeredTests(paes, 'emch-cientifico-humanista').map((t) => t.slug)).toEqual([
      'paes_competencia_matematica_m1',
      'paes_competencia_lectora',
      'paes_historia_ciencias_sociales',
      'paes_ciencias_electiva_biologia',
      'paes_ciencias_electiva_fisica',
      'paes_ciencias_electiva_quimica',
    ]);
    expect(offeredTests(paes, 'emtp-tecnico-profesional').map((t) => t.slug)).toContain(
      'paes_ciencias_tecnico_profesional',
    );
    expect(offeredTests(paes, 'unknown')).toEqual([]);
  });

  it('drops a test the catalogue hides, even when a profile lists it', () => {
    const hidden: OnboardingCatalogue = {
      ...paes,
      tests: paes.tests.map((t) =>
        t.slug === 'paes_ciencias_electiva_fisica' ? { ...t, display: false } : t,
      ),
    };
    expect(offeredTests(hidden, 'emch-cientifico-humanista').map((t) => t.slug)).not.toContain(
      'paes_ciencias_electiva_fisica',
    );
    expect(codes(valid, hidden)).toEqual(['selectedTests:notOffered']);
  });

  it('makes Competencia Lectora and M1 compulsory for PAES only', () => {
    expect(compulsoryTests(paes, 'emtp-tecnico-profesional').sort()).toEqual([
      'paes_competencia_lectora',
      'paes_competencia_matematica_m1',
    ]);
    expect(compulsoryTests(pdt, 'emch-cientifico-humanista')).toEqual([]);
  });

  it('offers the upcoming sittings and «Otra»', () => {
    expect(onboardingDates(paes, TODAY).map((d) => d.id)).toEqual(['verano-2026', 'invierno-2027', 'otra']);
    expect(onboardingDates(pdt, TODAY).map((d) => d.id)).toEqual(['otra']);
  });

  it('knows the date in Chile, not in UTC', () => {
    // 02:00 UTC on 22 November is still 21 November in Santiago (UTC-3 in summer).
    expect(chileToday(new Date('2026-11-22T02:00:00Z'))).toBe('2026-11-21');
    expect(chileToday(new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-22');
  });
});

describe('validateOnboarding', () => {
  it('accepts a complete PAES choice and turns it into the payload', () => {
    expect(codes(valid)).toEqual([]);
    expect(toOnboardingChoice(valid)).toEqual(valid);
  });

  it('asks for the course first', () => {
    expect(codes({})).toEqual(['course:missing']);
    expect(codes({ ...valid, course: 'psu' }, null)).toEqual(['course:unknown']);
    expect(codes(valid, pdt)).toEqual(['course:unknown']);
  });

  it('needs a profile of the course', () => {
    expect(codes({ ...valid, profile: undefined, selectedTests: [] })).toEqual(['profile:missing']);
    expect(codes({ ...valid, profile: 'humanista' })).toEqual(['profile:unknown']);
  });

  it('needs tests of the profile, without repeats, with the compulsory ones', () => {
    expect(codes({ ...valid, selectedTests: [] })).toEqual(['selectedTests:empty']);
    expect(
      codes({ ...valid, selectedTests: ['paes_competencia_lectora', 'paes_competencia_lectora'] }),
    ).toEqual(['selectedTests:duplicate']);
    const m2 = validateOnboarding(
      { ...valid, selectedTests: [...(valid.selectedTests ?? []), 'paes_competencia_matematica_m2'] },
      paes,
      TODAY,
    );
    expect(m2).toEqual([
      { field: 'selectedTests', code: 'notOffered', slugs: ['paes_competencia_matematica_m2'] },
    ]);
    // The technical-track science test belongs to the other profile.
    expect(
      codes({
        ...valid,
        selectedTests: [...(valid.selectedTests ?? []), 'paes_ciencias_tecnico_profesional'],
      }),
    ).toEqual(['selectedTests:notOffered']);
    expect(
      validateOnboarding({ ...valid, selectedTests: ['paes_competencia_lectora'] }, paes, TODAY),
    ).toEqual([
      { field: 'selectedTests', code: 'compulsoryMissing', slugs: ['paes_competencia_matematica_m1'] },
    ]);
  });

  it('accepts any non-empty PDT selection of the profile', () => {
    const choice = {
      course: 'pdt',
      profile: 'emtp-tecnico-profesional',
      selectedTests: ['historia_ciencias_sociales'],
      date: 'otra',
      targetPoints: 0,
    };
    expect(codes(choice, pdt)).toEqual([]);
    expect(codes({ ...choice, selectedTests: ['ciencias_electiva_fisica'] }, pdt)).toEqual([
      'selectedTests:notOffered',
    ]);
  });

  it('takes the date from the upcoming sittings or «Otra»', () => {
    expect(codes({ ...valid, date: undefined })).toEqual(['date:missing']);
    expect(codes({ ...valid, date: 'verano-2024' })).toEqual(['date:notOffered']);
    expect(codes({ ...valid, date: 'otra' })).toEqual([]);
    // On the day of the sitting it is no longer offered.
    expect(codes(valid, paes, '2026-11-30')).toEqual(['date:notOffered']);
    expect(codes({ ...valid, date: 'Verano 2026' })).toEqual(['date:notOffered']);
  });

  it('keeps target points in range: PAES 100–1000, PDT 0–850, whole numbers', () => {
    for (const [points, expected] of [
      [100, []],
      [1000, []],
      [99, ['targetPoints:outOfRange']],
      [1001, ['targetPoints:outOfRange']],
      [650.5, ['targetPoints:notInteger']],
      [Number.NaN, ['targetPoints:notInteger']],
      [undefined, ['targetPoints:missing']],
    ] as const) {
      expect({ points, issues: codes({ ...valid, targetPoints: points }) }).toEqual({
        points,
        issues: expected,
      });
    }
    const pdtChoice = { course: 'pdt', profile: 'emch-cientifico-humanista', selectedTests: ['matematica'] };
    expect(codes({ ...pdtChoice, date: 'otra', targetPoints: 0 }, pdt)).toEqual([]);
    expect(codes({ ...pdtChoice, date: 'otra', targetPoints: 850 }, pdt)).toEqual([]);
    expect(validateOnboarding({ ...pdtChoice, date: 'otra', targetPoints: 900 }, pdt, TODAY)).toEqual([
      { field: 'targetPoints', code: 'outOfRange', min: 0, max: 850 },
    ]);
  });

  it('reports every broken field at once', () => {
    expect(
      codes({ course: 'paes', profile: 'emtp-tecnico-profesional', selectedTests: [], targetPoints: 20 }),
    ).toEqual(['selectedTests:empty', 'date:missing', 'targetPoints:outOfRange']);
  });
});
