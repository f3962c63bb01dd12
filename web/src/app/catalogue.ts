/**
 * The course catalogue bundled into the web build (content/catalogue/*.json): the API serves
 * lesson subjects, not course configs, so onboarding choices and the public pages read the same
 * validated files the content loader puts in DynamoDB (docs/decisions.md). The server checks an
 * onboarding against the loaded copy.
 */

import type { CourseConfig } from '@core/content/schema';
import type { Course } from '@core/domain/constants';
import { buildOnboardingCatalogue, type OnboardingCatalogue } from '@core/domain/onboarding';
import courses from '../../../content/catalogue/courses.json';
import tests from '../../../content/catalogue/tests.json';

/** The catalogue of one course, or null for a course the catalogue does not have. */
export function bundledCatalogue(course: string | undefined): OnboardingCatalogue | null {
  const config = courses.courses.find((entry) => entry.id === course) as CourseConfig | undefined;
  return config ? buildOnboardingCatalogue(config, tests.tests) : null;
}

export interface DisplayedTest {
  slug: string;
  title: string;
  shortTitle: string;
  color: string;
  durationMinutes: number;
  questionCount: number;
}

/** The tests of a course that students are offered, in catalogue order. */
export function displayedTests(course: Course): DisplayedTest[] {
  return tests.tests
    .filter((test) => test.course === course && test.display)
    .sort((a, b) => a.order - b.order)
    .map((test) => ({
      slug: test.slug,
      title: test.title,
      shortTitle: test.shortTitle,
      color: test.color,
      durationMinutes: test.durationMinutes,
      questionCount: test.rules.questionCount,
    }));
}

/** Whole days from `today` to `date` (both ISO dates). */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
