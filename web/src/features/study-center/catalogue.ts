/**
 * What the study centre shows of the catalogue (content/catalogue): test titles and the sittings
 * a student may have chosen in onboarding. Both files are small and change once per admission
 * cycle, so they ship with the app instead of costing a request.
 */

import type { AvailableDate } from '@core/content/schema';
import coursesFile from '../../../../content/catalogue/courses.json';
import testsFile from '../../../../content/catalogue/tests.json';

const testTitles = new Map(testsFile.tests.map((test) => [test.slug, test.title]));

export const testTitle = (slug: string): string => testTitles.get(slug) ?? slug;

export const courseTitle = (course: string): string =>
  coursesFile.courses.find((c) => c.id === course)?.title ?? course.toUpperCase();

/** The sitting an onboarding `date` names (a sitting id such as `verano-2026`, or `otra`). */
export function sittingOf(course: string | undefined, dateId: string | undefined): AvailableDate | null {
  if (!dateId) return null;
  const dates = coursesFile.courses.find((c) => c.id === course)?.availableDates ?? [];
  return (dates as AvailableDate[]).find((d) => d.id === dateId) ?? null;
}
