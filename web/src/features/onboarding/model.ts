/**
 * The onboarding form as the student fills it in, and its translation to the domain draft that
 * `validateOnboarding` checks (the same rules the server applies).
 */

import type { Onboarding } from '@core/api/user';
import {
  compulsoryTests,
  type OnboardingDraft,
  type OnboardingField,
  type OnboardingIssue,
  offeredTests,
  onboardingDates,
} from '@core/domain/onboarding';
import { bundledCatalogue } from '../../app/catalogue';

export interface OnboardingForm {
  course: string;
  profile: string;
  selectedTests: string[];
  date: string;
  /** As typed. */
  targetPoints: string;
}

/** A new student starts on the PAES (the test in force); a returning one sees their choice. */
export function initialForm(saved: Onboarding): OnboardingForm {
  return {
    course: saved.course ?? 'paes',
    profile: saved.profile ?? '',
    selectedTests: [...(saved.selectedTests ?? [])],
    date: saved.date ?? '',
    targetPoints: saved.targetPoints === undefined ? '' : String(saved.targetPoints),
  };
}

/** The offered tests kept, the compulsory ones added, in the profile's order. */
function fitTests(course: string, profile: string, selected: readonly string[]): string[] {
  const catalogue = bundledCatalogue(course);
  if (!catalogue) return [];
  const keep = new Set([...selected, ...compulsoryTests(catalogue, profile)]);
  return offeredTests(catalogue, profile)
    .map((test) => test.slug)
    .filter((slug) => keep.has(slug));
}

export function withCourse(form: OnboardingForm, course: string, today: string): OnboardingForm {
  const catalogue = bundledCatalogue(course);
  const dates = catalogue ? onboardingDates(catalogue, today) : [];
  const profileExists = catalogue?.course.profiles.some((p) => p.id === form.profile) ?? false;
  const profile = profileExists ? form.profile : '';
  return {
    ...form,
    course,
    profile,
    // Test slugs differ between courses: start again from the compulsory ones.
    selectedTests: fitTests(course, profile, []),
    date: dates.some((d) => d.id === form.date) ? form.date : '',
  };
}

export function withProfile(form: OnboardingForm, profile: string): OnboardingForm {
  return { ...form, profile, selectedTests: fitTests(form.course, profile, form.selectedTests) };
}

/** Adds or removes a test; compulsory tests stay. */
export function toggleTest(form: OnboardingForm, slug: string): OnboardingForm {
  const catalogue = bundledCatalogue(form.course);
  if (catalogue && compulsoryTests(catalogue, form.profile).includes(slug)) return form;
  const selected = form.selectedTests.includes(slug)
    ? form.selectedTests.filter((s) => s !== slug)
    : [...form.selectedTests, slug];
  return { ...form, selectedTests: fitTests(form.course, form.profile, selected) };
}

/**
 * `750` → 750; `1.000` (Chilean thousands separator) → 1000; empty → undefined; anything else
 * (`650,5`, `mil`) → NaN, which the rules report as "not a whole number".
 */
export function parsePoints(text: string): number | undefined {
  const value = text.trim().replace(/\s/g, '');
  if (value === '') return undefined;
  if (/^\d{1,3}(\.\d{3})+$/.test(value)) return Number(value.replace(/\./g, ''));
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

export const toDraft = (form: OnboardingForm): OnboardingDraft => ({
  course: form.course || undefined,
  profile: form.profile || undefined,
  selectedTests: form.selectedTests,
  date: form.date || undefined,
  targetPoints: parsePoints(form.targetPoints),
});

/** The first issue of each field. */
export function issuesByField(
  issues: readonly OnboardingIssue[],
): Partial<Record<OnboardingField, OnboardingIssue>> {
  const byField: Partial<Record<OnboardingField, OnboardingIssue>> = {};
  for (const issue of issues) byField[issue.field] ??= issue;
  return byField;
}
