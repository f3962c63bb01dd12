/**
 * The onboarding choice (spec sections 3 and 5): course, profile, the tests the profile offers,
 * the sitting the student prepares for and the target points. Pure: the browser checks a draft
 * with it before sending, and `POST /api/onboarding` checks the same rules against the catalogue
 * stored in DynamoDB.
 */
import type { AvailableDate, CourseConfig } from '../content/schema';
import { offeredDates } from './catalogue';
import { chileDate } from './chileTime';
import { COURSES, type Course } from './constants';

/** Tests every PAES student takes (spec: Competencia Lectora and M1 are compulsory). */
export const COMPULSORY_TESTS: Record<Course, readonly string[]> = {
  paes: ['paes_competencia_lectora', 'paes_competencia_matematica_m1'],
  pdt: [],
};

/** What onboarding needs to know about a test of the catalogue. */
export interface CatalogueTest {
  slug: string;
  course: Course;
  title: string;
  display: boolean;
  order: number;
}

/** One course of the catalogue with its tests: everything the onboarding rules read. */
export interface OnboardingCatalogue {
  course: Pick<CourseConfig, 'id' | 'title' | 'targetPoints' | 'availableDates' | 'profiles'>;
  tests: readonly CatalogueTest[];
}

/** A saved onboarding: the payload of `POST /api/onboarding` (`date` is a sitting id, e.g. `verano-2026` or `otra`). */
export interface OnboardingChoice {
  course: Course;
  profile: string;
  selectedTests: string[];
  date: string;
  targetPoints: number;
}

/** An onboarding being filled in: any field may still be missing. */
export interface OnboardingDraft {
  course?: string | undefined;
  profile?: string | undefined;
  selectedTests?: readonly string[] | undefined;
  date?: string | undefined;
  /** NaN when the student typed something that is not a number. */
  targetPoints?: number | undefined;
}

export type OnboardingField = keyof OnboardingChoice;

export type OnboardingIssue =
  | { field: 'course'; code: 'missing' | 'unknown' }
  | { field: 'profile'; code: 'missing' | 'unknown' }
  | { field: 'selectedTests'; code: 'empty' | 'duplicate' }
  | { field: 'selectedTests'; code: 'notOffered' | 'compulsoryMissing'; slugs: string[] }
  | { field: 'date'; code: 'missing' | 'notOffered' }
  | { field: 'targetPoints'; code: 'missing' | 'notInteger' | 'outOfRange'; min: number; max: number };

export const isCourse = (value: unknown): value is Course => (COURSES as readonly unknown[]).includes(value);

/** Today's date (ISO) in Chile, where the sittings are held. */
export const chileToday = (now: Date = new Date()): string => chileDate(now);

/** The tests a profile offers: its displayed tests of the same course, in the profile's order. */
export function offeredTests(catalogue: OnboardingCatalogue, profileId: string | undefined): CatalogueTest[] {
  const profile = catalogue.course.profiles.find((p) => p.id === profileId);
  if (!profile) return [];
  const bySlug = new Map(catalogue.tests.map((test) => [test.slug, test]));
  return profile.tests
    .map((slug) => bySlug.get(slug))
    .filter((test): test is CatalogueTest => test?.display === true && test.course === catalogue.course.id);
}

/** The sittings a student may choose today (upcoming ones, then "Otra"). */
export const onboardingDates = (catalogue: OnboardingCatalogue, today: string): AvailableDate[] =>
  offeredDates(catalogue.course.availableDates, today);

/** The compulsory tests of a course that a profile offers (all of them, for the real catalogue). */
export function compulsoryTests(catalogue: OnboardingCatalogue, profileId: string | undefined): string[] {
  const offered = new Set(offeredTests(catalogue, profileId).map((t) => t.slug));
  return COMPULSORY_TESTS[catalogue.course.id].filter((slug) => offered.has(slug));
}

/**
 * Every rule the choice breaks, in field order. `catalogue` is the catalogue of the draft's
 * course (null when that course is not in the catalogue).
 */
export function validateOnboarding(
  draft: OnboardingDraft,
  catalogue: OnboardingCatalogue | null,
  today: string,
): OnboardingIssue[] {
  const issues: OnboardingIssue[] = [];
  if (!draft.course) return [{ field: 'course', code: 'missing' }];
  if (!isCourse(draft.course) || !catalogue || catalogue.course.id !== draft.course) {
    return [{ field: 'course', code: 'unknown' }];
  }

  const profile = catalogue.course.profiles.find((p) => p.id === draft.profile);
  if (!draft.profile) issues.push({ field: 'profile', code: 'missing' });
  else if (!profile) issues.push({ field: 'profile', code: 'unknown' });

  const selected = draft.selectedTests ?? [];
  if (profile) {
    const offered = new Set(offeredTests(catalogue, profile.id).map((t) => t.slug));
    const notOffered = selected.filter((slug) => !offered.has(slug));
    const missing = COMPULSORY_TESTS[catalogue.course.id].filter((slug) => !selected.includes(slug));
    if (selected.length === 0) issues.push({ field: 'selectedTests', code: 'empty' });
    else if (new Set(selected).size !== selected.length)
      issues.push({ field: 'selectedTests', code: 'duplicate' });
    else if (notOffered.length > 0)
      issues.push({ field: 'selectedTests', code: 'notOffered', slugs: notOffered });
    else if (missing.length > 0)
      issues.push({ field: 'selectedTests', code: 'compulsoryMissing', slugs: missing });
  }

  if (!draft.date) issues.push({ field: 'date', code: 'missing' });
  else if (!onboardingDates(catalogue, today).some((d) => d.id === draft.date))
    issues.push({ field: 'date', code: 'notOffered' });

  const { min, max } = catalogue.course.targetPoints;
  const points = draft.targetPoints;
  if (points === undefined) issues.push({ field: 'targetPoints', code: 'missing', min, max });
  else if (!Number.isInteger(points)) issues.push({ field: 'targetPoints', code: 'notInteger', min, max });
  else if (points < min || points > max) issues.push({ field: 'targetPoints', code: 'outOfRange', min, max });
  return issues;
}

/** The draft as a saved choice, once `validateOnboarding` found nothing. */
export function toOnboardingChoice(draft: OnboardingDraft): OnboardingChoice {
  return {
    course: draft.course as Course,
    profile: draft.profile as string,
    selectedTests: [...(draft.selectedTests ?? [])],
    date: draft.date as string,
    targetPoints: draft.targetPoints as number,
  };
}

/** The catalogue of one course from the catalogue files or items (`courses.json`, `tests.json`). */
export function buildOnboardingCatalogue(
  course: OnboardingCatalogue['course'],
  tests: readonly { slug: string; course: string; title: string; display: boolean; order: number }[],
): OnboardingCatalogue {
  return {
    course,
    tests: tests
      .filter((test) => test.course === course.id)
      .map(({ slug, title, display, order }) => ({ slug, course: course.id, title, display, order })),
  };
}
