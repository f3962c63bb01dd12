/**
 * Reads of the content table (docs/data-model.md): each function is one GetItem, one Query
 * (followed to its last page) or one BatchGetItem of known keys. No Scan.
 */
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { CourseId } from '@core/content/schema';
import { readConfig } from '../lib/config';
import { dynamo } from './client';
import type {
  BankQuestionItem,
  CourseConfigItem,
  CourseSubjectItem,
  LessonItem,
  PassageItem,
  PoolQuestionItem,
  SubjectMetaItem,
  TestItem,
  TriviaQuestionItem,
} from './contentItems';
import { contentKeys } from './contentKeys';

const table = () => readConfig().tables.content;

async function getItem<T>(pk: string, sk: string): Promise<T | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: { pk, sk } }));
  return (Item as T | undefined) ?? null;
}

async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ TableName: table(), ...input, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** `GetItem COURSE#<course> / CONFIG`. */
export const getCourseConfig = (course: CourseId) =>
  getItem<CourseConfigItem>(contentKeys.course(course), contentKeys.courseConfig);

/** `Query COURSE#<course>, begins_with(sk, SUBJECT#)`: the course's subjects in order. */
export const listCourseSubjects = (course: CourseId) =>
  queryAll<CourseSubjectItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': contentKeys.course(course),
      ':prefix': contentKeys.courseSubjectPrefix,
    },
  });

/** `Query SUBJECT#<id>`: the subject header and its lessons (in order), or null when unknown. */
export async function getSubjectWithLessons(
  subjectId: string,
): Promise<{ subject: SubjectMetaItem; lessons: LessonItem[] } | null> {
  const items = await queryAll<SubjectMetaItem | LessonItem>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': contentKeys.subject(subjectId) },
  });
  const subject = items.find((item): item is SubjectMetaItem => item.sk === contentKeys.meta);
  if (!subject) return null;
  const lessons = items.filter((item): item is LessonItem => item.sk.startsWith(contentKeys.lessonPrefix));
  return { subject, lessons };
}

/** `GetItem TEST#<slug> / META`. */
export const getTest = (slug: string) => getItem<TestItem>(contentKeys.test(slug), contentKeys.meta);

/** `Query POOL#<test>#<subSubject>`: the current public copies of the bank questions a test may use. */
export const listPool = (testSlug: string, subSubject: string) =>
  queryAll<PoolQuestionItem>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': contentKeys.pool(testSlug, subSubject) },
  });

/** `GetItem QUESTION#<id> / V#<version>` (or `/ LATEST`): a bank question with its key, or a trivia question. */
export const getQuestion = (questionId: string, version?: number) =>
  getItem<BankQuestionItem | TriviaQuestionItem>(
    contentKeys.question(questionId),
    version === undefined ? contentKeys.latest : contentKeys.version(version),
  );

/** `GetItem PASSAGE#<id> / V#<version>`. */
export const getPassage = (passageId: string, version: number) =>
  getItem<PassageItem>(contentKeys.passage(passageId), contentKeys.version(version));

/** `BatchGetItem PASSAGE#<id> / V#<version>` for the passages of an exam (at most 100 keys per call). */
export const getPassages = (refs: readonly { id: string; version: number }[]) =>
  batchGet<PassageItem>(
    refs.map((ref) => ({ pk: contentKeys.passage(ref.id), sk: contentKeys.version(ref.version) })),
  );

/**
 * `BatchGetItem QUESTION#<id> / V#<version>`: the versions an exam attempt fixed, keys included
 * (grading and review use them; the exam paper strips them with `publicQuestion`).
 */
export const getQuestionVersions = (refs: readonly { id: string; version: number }[]) =>
  batchGet<BankQuestionItem>(
    refs.map((ref) => ({ pk: contentKeys.question(ref.id), sk: contentKeys.version(ref.version) })),
  );

/** Reads known keys, 100 per call, retrying unprocessed keys with backoff; missing items are absent. */
async function batchGet<T>(keys: readonly { pk: string; sk: string }[]): Promise<T[]> {
  const unique = [...new Map(keys.map((key) => [`${key.pk}|${key.sk}`, key])).values()];
  const found: T[] = [];
  for (let start = 0; start < unique.length; start += 100) {
    let pending: Record<string, unknown>[] | undefined = unique.slice(start, start + 100);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 5) throw new Error('BatchGetItem kept returning unprocessed keys');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const result: BatchGetCommandOutput = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [table()]: { Keys: pending } } }),
      );
      found.push(...((result.Responses?.[table()] ?? []) as T[]));
      pending = result.UnprocessedKeys?.[table()]?.Keys;
    }
  }
  return found;
}
