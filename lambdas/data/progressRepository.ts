/**
 * The `PROGRESS` item of the users table: the student's lesson progress with a `version` for
 * optimistic concurrency (docs/data-model.md), and the `ANSWERED#` items of completed trivia.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type CourseProgress, emptyProgress } from '@core/domain/lessonProgress';
import { readConfig } from '../lib/config';
import { answeredKey } from './answeredRepository';
import { dynamo } from './client';
import { userKeys } from './userRepository';

export const PROGRESS_SK = 'PROGRESS';

const usersTable = () => readConfig().tables.users;
const progressKey = (sub: string) => ({ pk: userKeys.partition(sub), sk: PROGRESS_SK });

export interface StoredProgress {
  progress: CourseProgress;
  /** 0 when nothing was saved yet. */
  version: number;
}

/** `GetItem USER#<sub> / PROGRESS` (consistent): the progress and its version, or the empty progress. */
export async function getLessonProgress(sub: string): Promise<StoredProgress> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: usersTable(), Key: progressKey(sub), ConsistentRead: true }),
  );
  if (!Item) return { progress: emptyProgress(), version: 0 };
  return {
    progress: {
      subjects: Array.isArray(Item.subjects) ? (Item.subjects as CourseProgress['subjects']) : [],
      maxLessonsAvailable:
        typeof Item.maxLessonsAvailable === 'number' ? Math.max(0, Item.maxLessonsAvailable) : 0,
    },
    version: typeof Item.version === 'number' ? Item.version : 0,
  };
}

/**
 * Writes the progress if nobody wrote since `expectedVersion` was read (a conditional put on
 * `version`). False when another request got there first: the caller reads again and re-merges.
 */
export async function putLessonProgress(
  sub: string,
  progress: CourseProgress,
  expectedVersion: number,
): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: usersTable(),
        Item: {
          ...progressKey(sub),
          subjects: progress.subjects,
          maxLessonsAvailable: progress.maxLessonsAvailable,
          version: expectedVersion + 1,
          updatedAt: new Date().toISOString(),
        },
        ...(expectedVersion === 0
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: '#version = :expected',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':expected': expectedVersion },
            }),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * `ANSWERED#<id>` (source `trivia`) for the trivia of completed submodules, so that
 * `GET /api/question/{id}` reveals them as it does answered bank questions. Idempotent puts in
 * batches of 25, unprocessed items retried.
 */
export async function recordTriviaAnswered(sub: string, triviaIds: readonly string[]): Promise<void> {
  const answeredAt = new Date().toISOString();
  const table = usersTable();
  for (let start = 0; start < triviaIds.length; start += 25) {
    let requests = triviaIds.slice(start, start + 25).map((questionId) => ({
      PutRequest: {
        Item: {
          pk: userKeys.partition(sub),
          sk: answeredKey(questionId),
          questionId,
          source: 'trivia',
          answeredAt,
        },
      },
    }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 6) throw new Error('Could not record the answered trivia');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const { UnprocessedItems } = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [table]: requests } }),
      );
      requests = (UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  }
}
