/**
 * Handler tests of lesson progress with a mocked DynamoDB: the save merges into the stored item
 * with a conditional write, a crafted request cannot open more lessons than the free allowance
 * (nothing is written), and GET /api/subject/{id} sends content only for lessons the caller may open.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { SubjectDetail } from '@core/domain/contentViews';
import type { CourseProgress } from '@core/domain/lessonProgress';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '../../test/helpers/apiEvents';
import { registerLocal } from '../integrations/local';

const db = mockClient(DynamoDBDocumentClient);
const context = lambdaContext();
const crmMessages: unknown[] = [];

let modules: { user: typeof import('./user'); subject: typeof import('./subject') };

beforeAll(async () => {
  process.env.CONTENT_TABLE = 'test-content';
  process.env.USERS_TABLE = 'test-users';
  process.env.LOG_LEVEL = 'SILENT';
  delete process.env.CRM_QUEUE_URL;
  registerLocal('crmQueue', { send: async (body) => void crmMessages.push(body) });
  modules = { user: await import('./user'), subject: await import('./subject') };
});
afterAll(() => {
  db.restore();
  registerLocal('crmQueue', undefined);
});
beforeEach(() => {
  db.reset();
  crmMessages.length = 0;
});

const trivia = (id: string) => ({
  id,
  stem: `¿${id}?`,
  alternatives: [
    { id: 'A', text: 'sí', correct: true },
    { id: 'B', text: 'no' },
    { id: 'C', text: 'quizás' },
  ],
  explanation: `Porque ${id}.`,
});

/** The content items of a subject with five lessons of three submodules (two trivia each). */
const subjectItems = [
  {
    pk: 'SUBJECT#algebra',
    sk: 'META',
    kind: 'subject',
    id: 'algebra',
    title: 'Álgebra',
    description: 'Expresiones y ecuaciones.',
    icon: 'images/subjects/algebra.svg',
    courses: ['paes', 'pdt'],
    tests: ['paes_competencia_matematica_m1'],
    order: 1,
    lessonCount: 5,
  },
  ...[1, 2, 3, 4, 5].map((l) => ({
    pk: 'SUBJECT#algebra',
    sk: `LESSON#00${l}#l${l}`,
    kind: 'lesson',
    subjectId: 'algebra',
    index: l - 1,
    id: `l${l}`,
    title: `Lección ${l}`,
    summary: `Lo que cubre la lección ${l}.`,
    submodules: [1, 2, 3].map((s) => ({
      id: `l${l}-s${s}`,
      title: `Submódulo ${l}.${s}`,
      content: `Texto de estudio ${l}.${s}`,
      trivia: [trivia(`t-${l}-${s}-a`), trivia(`t-${l}-${s}-b`)],
    })),
  })),
];

const profile = (isPremium = false) => ({
  pk: 'USER#sub-1',
  sk: 'PROFILE',
  sub: 'sub-1',
  email: 'camila@ejemplo.cl',
  is_premium: isPremium,
  exams_available: 1,
  tutorials_available: 1,
  hubspot_id: '501',
  onboarding: { course: 'paes' },
  createdAt: 'x',
  updatedAt: 'x',
});

const progressOf = (completed: [number, number][], maxLessonsAvailable: number): CourseProgress => ({
  subjects: [
    {
      id: 'algebra',
      progress_percent: 0,
      complete: false,
      lessons: [...new Set(completed.map(([l]) => l))].map((l) => ({
        id: `l${l}`,
        complete: false,
        submodules: completed
          .filter(([cl]) => cl === l)
          .map(([, s]) => ({ id: `l${l}-s${s}`, complete: true })),
      })),
    },
  ],
  maxLessonsAvailable,
});

function store(options: { isPremium?: boolean; progress?: { item: CourseProgress; version: number }[] }) {
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: { pk: 'USER#sub-1', sk: 'PROFILE' } }).resolves({
    Item: profile(options.isPremium),
  });
  const item = (stored: { item: CourseProgress; version: number }) => ({
    Item: { pk: 'USER#sub-1', sk: 'PROGRESS', ...stored.item, version: stored.version },
  });
  // Each read answers the next stored state, then the last one again.
  const stored = options.progress ?? [];
  let reads = 0;
  db.on(GetCommand, { Key: { pk: 'USER#sub-1', sk: 'PROGRESS' } }).callsFake(async () => {
    const next = stored[Math.min(reads++, stored.length - 1)];
    return next ? item(next) : {};
  });
  db.on(QueryCommand).resolves({ Items: subjectItems });
  db.on(BatchWriteCommand).resolves({});
  db.on(PutCommand).resolves({});
}

const save = (progress: unknown, query?: Record<string, string>) =>
  modules.user.handler(
    apiEvent('POST /api/user', { body: { progress }, ...(query ? { query } : {}) }),
    context,
  );

const body = (result: { body?: string }) => JSON.parse(String(result.body));

describe('POST /api/user?course= with progress', () => {
  it('refuses a free student’s crafted save that opens more lessons than are left, writing nothing', async () => {
    store({ progress: [{ item: progressOf([[1, 1]], 1), version: 3 }] });
    const crafted = {
      ...progressOf(
        [
          [1, 1],
          [2, 1],
          [3, 1],
          [4, 1],
        ],
        99,
      ),
    };
    const result = await save(crafted, { course: 'PAES' });
    expect(result.statusCode).toBe(403);
    expect(body(result)).toMatchObject({
      code: 'LESSON_ALLOWANCE_EXCEEDED',
      maxLessonsAvailable: 1,
      lessonsToOpen: 3,
    });
    expect(body(result).message).toMatch(/clases gratuitas/);
    expect(db.commandCalls(PutCommand)).toHaveLength(0);
    expect(db.commandCalls(BatchWriteCommand)).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(crmMessages).toEqual([]);
  });

  it('charges the stored allowance, ignores crafted counters and percentages, and queues clases_restantes', async () => {
    store({ progress: [{ item: progressOf([[1, 1]], 2), version: 3 }] });
    const sent = progressOf(
      [
        [1, 1],
        [1, 2],
        [2, 1],
      ],
      50,
    );
    const first = sent.subjects[0];
    if (first) Object.assign(first, { progress_percent: 100, complete: true });
    const result = await save(sent);
    expect(result.statusCode).toBe(200);
    const put = db.commandCalls(PutCommand)[0]?.args[0].input;
    expect(put?.ConditionExpression).toBe('#version = :expected');
    expect(put?.ExpressionAttributeValues).toEqual({ ':expected': 3 });
    expect(put?.Item).toMatchObject({
      pk: 'USER#sub-1',
      sk: 'PROGRESS',
      version: 4,
      maxLessonsAvailable: 1,
      subjects: [{ id: 'algebra', progress_percent: 20, complete: false }],
    });
    expect(body(result).progress).toEqual({
      maxLessonsAvailable: 1,
      subjects: [
        {
          id: 'algebra',
          progress_percent: 20,
          complete: false,
          lessons: [
            {
              id: 'l1',
              complete: false,
              submodules: [
                { id: 'l1-s1', complete: true },
                { id: 'l1-s2', complete: true },
              ],
            },
            { id: 'l2', complete: false, submodules: [{ id: 'l2-s1', complete: true }] },
          ],
        },
      ],
    });
    // The trivia of the two new submodules is marked answered for GET /api/question/{id}.
    const answered = db
      .commandCalls(BatchWriteCommand)
      .flatMap((call) => call.args[0].input.RequestItems?.['test-users'] ?? [])
      .map((request) => request.PutRequest?.Item?.sk);
    expect(answered.sort()).toEqual([
      'ANSWERED#t-1-2-a',
      'ANSWERED#t-1-2-b',
      'ANSWERED#t-2-1-a',
      'ANSWERED#t-2-1-b',
    ]);
    expect(crmMessages).toEqual([
      expect.objectContaining({
        type: 'property',
        sub: 'sub-1',
        contactId: '501',
        name: 'clases_restantes',
        value: '1',
      }),
    ]);
  });

  it('merges with what another tab wrote in between instead of losing it', async () => {
    store({
      progress: [
        { item: progressOf([[1, 1]], 2), version: 1 },
        // The other tab completed l1-s2 meanwhile.
        {
          item: progressOf(
            [
              [1, 1],
              [1, 2],
            ],
            2,
          ),
          version: 2,
        },
      ],
    });
    db.on(PutCommand)
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'version changed', $metadata: {} }))
      .resolves({});
    const result = await save(
      progressOf(
        [
          [1, 1],
          [1, 3],
        ],
        2,
      ),
    );
    expect(result.statusCode).toBe(200);
    const puts = db.commandCalls(PutCommand).map((call) => call.args[0].input);
    expect(puts).toHaveLength(2);
    expect(puts[1]?.ExpressionAttributeValues).toEqual({ ':expected': 2 });
    expect(body(result).progress.subjects[0].lessons[0]).toEqual({
      id: 'l1',
      complete: true,
      submodules: [1, 2, 3].map((s) => ({ id: `l1-s${s}`, complete: true })),
    });
    expect(body(result).progress.maxLessonsAvailable).toBe(2);
  });

  it('creates the item with attribute_not_exists on the first save', async () => {
    store({});
    const result = await save(progressOf([[1, 1]], 3));
    expect(result.statusCode).toBe(200);
    expect(db.commandCalls(PutCommand)[0]?.args[0].input.ConditionExpression).toBe(
      'attribute_not_exists(pk)',
    );
    expect(body(result).progress.maxLessonsAvailable).toBe(2);
  });

  it('does not limit a premium student nor queue clases_restantes', async () => {
    store({ isPremium: true, progress: [{ item: progressOf([], 0), version: 1 }] });
    const result = await save(
      progressOf(
        [
          [1, 1],
          [2, 1],
          [3, 1],
          [4, 1],
          [5, 1],
        ],
        0,
      ),
    );
    expect(result.statusCode).toBe(200);
    expect(body(result).progress.subjects[0].lessons).toHaveLength(5);
    expect(body(result).progress.maxLessonsAvailable).toBe(0);
    expect(crmMessages).toEqual([]);
  });

  it('answers 400 for a submodule the content does not have, and for progress mixed with other fields', async () => {
    store({ progress: [{ item: progressOf([], 3), version: 1 }] });
    const unknown = await save(progressOf([[9, 1]], 3));
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toMatch(/algebra\/l9\/l9-s1/);
    const mixed = await modules.user.handler(
      apiEvent('POST /api/user', { body: { progress: progressOf([], 3), hubspot_id: '1' } }),
      context,
    );
    expect(mixed.statusCode).toBe(400);
    const badCourse = await save(progressOf([], 3), { course: 'psu' });
    expect(badCourse.statusCode).toBe(400);
    expect(db.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('writes nothing when the save adds nothing new', async () => {
    store({ progress: [{ item: progressOf([[1, 1]], 2), version: 5 }] });
    const result = await save(progressOf([[1, 1]], 3));
    expect(result.statusCode).toBe(200);
    expect(db.commandCalls(PutCommand)).toHaveLength(0);
    expect(body(result).progress.maxLessonsAvailable).toBe(2);
  });
});

describe('POST /api/user/lastLesson', () => {
  it('stores an existing lesson and refuses one the content does not have', async () => {
    store({});
    db.on(UpdateCommand).resolves({ Attributes: { ...profile(), last_lesson: 'algebra/l2/l2-s1' } });
    const ok = await modules.user.handler(
      apiEvent('POST /api/user/lastLesson', { body: { lastLesson: 'algebra/l2/l2-s1' } }),
      context,
    );
    expect(ok.statusCode).toBe(200);
    expect(body(ok).last_lesson).toBe('algebra/l2/l2-s1');
    expect(db.commandCalls(UpdateCommand)[0]?.args[0].input.ExpressionAttributeValues).toMatchObject({
      ':last_lesson': 'algebra/l2/l2-s1',
    });
    for (const lastLesson of ['algebra/l9', 'algebra/l1/l1-s9', '../x', 'algebra']) {
      const bad = await modules.user.handler(
        apiEvent('POST /api/user/lastLesson', { body: { lastLesson } }),
        context,
      );
      expect(bad.statusCode, lastLesson).toBe(400);
    }
    expect(db.commandCalls(UpdateCommand)).toHaveLength(1);
  });
});

describe('GET /api/subject/{id}', () => {
  const getSubject = async () => {
    const result = await modules.subject.handler(
      apiEvent('GET /api/subject/{id}', { path: { id: 'algebra' } }),
      context,
    );
    expect(result.statusCode).toBe(200);
    return (body(result) as SubjectDetail[])[0] as SubjectDetail;
  };

  it('sends a new free student the content of as many lessons as the allowance covers, keys included', async () => {
    store({});
    const detail = await getSubject();
    expect(detail.lessons.map((l) => l.locked)).toEqual([false, false, false, true, true]);
    const [open] = detail.lessons;
    expect(open?.locked === false && open.submodules[0]?.trivia[0]).toMatchObject({
      id: 't-1-1-a',
      correct: 'A',
      explanation: 'Porque t-1-1-a.',
    });
    const locked = detail.lessons[3];
    expect(locked).toEqual({
      id: 'l4',
      title: 'Lección 4',
      summary: 'Lo que cubre la lección 4.',
      locked: true,
      submodules: [1, 2, 3].map((s) => ({ id: `l4-s${s}`, title: `Submódulo 4.${s}` })),
    });
    const json = JSON.stringify(detail);
    for (const l of [4, 5]) {
      expect(json).not.toContain(`Texto de estudio ${l}.`);
      expect(json).not.toContain(`t-${l}-1-a`);
    }
  });

  it('keeps opened lessons open at zero allowance and locks the rest', async () => {
    store({ progress: [{ item: progressOf([[2, 1]], 0), version: 2 }] });
    expect((await getSubject()).lessons.map((l) => l.locked)).toEqual([true, false, true, true, true]);
  });

  it('opens every lesson to a premium student', async () => {
    store({ isPremium: true, progress: [{ item: progressOf([], 0), version: 2 }] });
    expect((await getSubject()).lessons.map((l) => l.locked)).toEqual([false, false, false, false, false]);
  });
});
