/**
 * The content table's items, built from a validated content directory (the loader writes them,
 * the repository reads them). docs/data-model.md lists each key and who reads it.
 */
import { createHash } from 'node:crypto';
import type {
  Alternative,
  CourseConfig,
  Lesson,
  Passage,
  Question,
  Subject,
  Test,
  TriviaQuestion,
} from '@core/content/schema';
import {
  type PublicQuestion,
  publicQuestion,
  type TestSummary,
  testSummary,
} from '@core/domain/contentViews';
import type { ContentBundle } from '../../content/validate';
import { contentKeys } from './contentKeys';

interface Keyed {
  pk: string;
  sk: string;
}

export type CourseConfigItem = Keyed & { kind: 'courseConfig' } & CourseConfig;
export type CourseTestItem = Keyed & { kind: 'courseTest' } & TestSummary;
export type CourseSubjectItem = Keyed & { kind: 'courseSubject'; lessonCount: number } & Omit<
    Subject,
    'lessons'
  >;
export type TestItem = Keyed & { kind: 'test' } & Test;
export type SubjectMetaItem = Keyed & { kind: 'subject'; lessonCount: number } & Omit<Subject, 'lessons'>;
export type LessonItem = Keyed & { kind: 'lesson'; subjectId: string; index: number } & Lesson;
/** A pool copy holds only what an exam shows: keys and explanations never enter a pool. */
export type PoolQuestionItem = Keyed & {
  kind: 'poolQuestion';
  testSlug: string;
  seq: number;
  passageVersion?: number;
} & PublicQuestion;
export type BankQuestionItem = Keyed & {
  kind: 'bank';
  passageVersion?: number;
  /** Hash of what a student answered and how it was graded (see `questionContentHash`). */
  contentHash: string;
} & Question;
export type TriviaQuestionItem = Keyed & {
  kind: 'trivia';
  subjectId: string;
  lessonId: string;
  submoduleId: string;
} & TriviaQuestion;
export type PassageItem = Keyed & { kind: 'passage'; contentHash: string } & Passage;

export type ContentItem =
  | CourseConfigItem
  | CourseTestItem
  | CourseSubjectItem
  | TestItem
  | SubjectMetaItem
  | LessonItem
  | PoolQuestionItem
  | BankQuestionItem
  | TriviaQuestionItem
  | PassageItem;

const sha256 = (value: unknown) => createHash('sha256').update(stableJson(value)).digest('hex');

/** JSON with object keys sorted, so equal content always hashes equally. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a student answered and how it was graded: stem, figure, passage and alternatives with the
 * key. Editing any of these without raising `version` would change past attempts, so the loader
 * refuses it. Wording of the explanation, tags or difficulty may change within a version.
 */
export function questionContentHash(question: Question): string {
  return sha256({
    stem: question.stem,
    image: question.image,
    passageId: question.passageId,
    alternatives: question.alternatives.map((a) => ({
      id: a.id,
      text: a.text,
      image: a.image,
      correct: a.correct,
    })),
  });
}

export function passageContentHash(passage: Passage): string {
  return sha256({ title: passage.title, text: passage.text });
}

/**
 * Machine checks (`check`, and each alternative's `value`) serve the validator only: they are not
 * stored, so no answer can ever leak through them (and DynamoDB need not hold 1e30-sized values).
 */
function withoutMachineChecks<T extends { alternatives: Alternative[]; check?: unknown }>(question: T): T {
  const { check: _, ...rest } = question;
  return {
    ...rest,
    alternatives: question.alternatives.map(({ value: __, ...alternative }) => alternative),
  } as T;
}

function lessonWithoutMachineChecks(lesson: Lesson): Lesson {
  return {
    ...lesson,
    submodules: lesson.submodules.map((submodule) => ({
      ...submodule,
      trivia: submodule.trivia.map(withoutMachineChecks),
    })),
  };
}

/** Every item of the content table for a validated bundle, in a stable order. */
export function contentItems(bundle: ContentBundle): ContentItem[] {
  const items: ContentItem[] = [];

  for (const course of bundle.courses) {
    items.push({
      pk: contentKeys.course(course.id),
      sk: contentKeys.courseConfig,
      kind: 'courseConfig',
      ...course,
    });
  }
  for (const test of bundle.tests) {
    items.push({
      pk: contentKeys.course(test.course),
      sk: contentKeys.courseTest(test.slug),
      kind: 'courseTest',
      ...testSummary(test),
    });
    items.push({ pk: contentKeys.test(test.slug), sk: contentKeys.meta, kind: 'test', ...test });
  }

  for (const { data: subject } of bundle.subjects) {
    const { lessons, ...header } = subject;
    for (const course of subject.courses) {
      items.push({
        pk: contentKeys.course(course),
        sk: contentKeys.courseSubject(subject.order, subject.id),
        kind: 'courseSubject',
        ...header,
        lessonCount: lessons.length,
      });
    }
    items.push({
      pk: contentKeys.subject(subject.id),
      sk: contentKeys.meta,
      kind: 'subject',
      ...header,
      lessonCount: lessons.length,
    });
    for (const [index, lesson] of lessons.entries()) {
      items.push({
        pk: contentKeys.subject(subject.id),
        sk: contentKeys.lesson(index, lesson.id),
        kind: 'lesson',
        subjectId: subject.id,
        index,
        ...lessonWithoutMachineChecks(lesson),
      });
      for (const submodule of lesson.submodules) {
        for (const trivia of submodule.trivia) {
          items.push({
            pk: contentKeys.question(trivia.id),
            sk: contentKeys.latest,
            kind: 'trivia',
            subjectId: subject.id,
            lessonId: lesson.id,
            submoduleId: submodule.id,
            ...withoutMachineChecks(trivia),
          });
        }
      }
    }
  }

  const passageVersions = new Map<string, number>();
  for (const { data } of bundle.questionFiles) {
    for (const passage of data.passages ?? []) {
      passageVersions.set(passage.id, passage.version);
      items.push({
        pk: contentKeys.passage(passage.id),
        sk: contentKeys.version(passage.version),
        kind: 'passage',
        contentHash: passageContentHash(passage),
        ...passage,
      });
    }
  }
  let seq = 0;
  for (const { data } of bundle.questionFiles) {
    for (const question of data.questions) {
      seq++;
      const passageVersion = question.passageId ? passageVersions.get(question.passageId) : undefined;
      const stored = {
        kind: 'bank' as const,
        ...(passageVersion === undefined ? {} : { passageVersion }),
        contentHash: questionContentHash(question),
        ...withoutMachineChecks(question),
      };
      items.push({
        pk: contentKeys.question(question.id),
        sk: contentKeys.version(question.version),
        ...stored,
      });
      items.push({ pk: contentKeys.question(question.id), sk: contentKeys.latest, ...stored });
      for (const testSlug of question.tests) {
        items.push({
          pk: contentKeys.pool(testSlug, question.subSubject),
          sk: contentKeys.poolQuestion(question.id),
          kind: 'poolQuestion',
          testSlug,
          seq,
          ...(passageVersion === undefined ? {} : { passageVersion }),
          ...publicQuestion(question),
        });
      }
    }
  }
  return items;
}

/** DynamoDB's item limit is 400 KB; stay well clear of it (lessons are the largest items). */
export const MAX_ITEM_BYTES = 350 * 1024;

export const itemBytes = (item: object): number => Buffer.byteLength(JSON.stringify(item), 'utf8');
