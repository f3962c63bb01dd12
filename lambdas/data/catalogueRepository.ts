/**
 * The catalogue of one course as onboarding reads it: `GetItem COURSE#<course>/CONFIG` (through
 * the content repository) and `Query COURSE#<course>, begins_with(sk, TEST#)` for the course's
 * test summaries, hidden ones included (docs/data-model.md).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Course } from '@core/domain/constants';
import { buildOnboardingCatalogue, type OnboardingCatalogue } from '@core/domain/onboarding';
import { readConfig } from '../lib/config';
import { dynamo } from './client';
import type { CourseTestItem } from './contentItems';
import { contentKeys } from './contentKeys';
import { getCourseConfig } from './contentRepository';

/** The course's test summaries (a course has a handful; the loop follows pages anyway). */
export async function listCourseTests(course: Course): Promise<CourseTestItem[]> {
  const items: CourseTestItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: readConfig().tables.content,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': contentKeys.course(course),
          ':prefix': contentKeys.courseTest(''),
        },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as CourseTestItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** The course config and its tests, or null when the catalogue of that course is not loaded. */
export async function loadOnboardingCatalogue(course: Course): Promise<OnboardingCatalogue | null> {
  const [config, tests] = await Promise.all([getCourseConfig(course), listCourseTests(course)]);
  if (!config) return null;
  return buildOnboardingCatalogue(
    {
      id: config.id,
      title: config.title,
      targetPoints: config.targetPoints,
      availableDates: config.availableDates,
      profiles: config.profiles,
    },
    tests,
  );
}
