/**
 * Handler tests of the exam routes with a mocked DynamoDB: which reads and conditional writes each
 * path makes, that no key leaves the server, the shortfall answer of a test the bank cannot fill,
 * the compensation of a start that loses to a concurrent one, and deadline enforcement. The same
 * flows run against the local DynamoDB in test/integration/exam.test.ts.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ExamResult, StartedAttempt } from '@core/api/exam';
import { EXAM_SUBMISSION_GRACE_MS } from '@core/domain/constants';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '../../test/helpers/apiEvents';

const db = mockClient(DynamoDBDocumentClient);
const context = lambdaContext();

let exam: typeof import('./exam');

beforeAll(async () => {
  process.env.CONTENT_TABLE = 'test-content';
  process.env.USERS_TABLE = 'test-users';
  process.env.LOG_LEVEL = 'SILENT';
  exam = await import('./exam');
});
afterAll(() => db.restore());
beforeEach(() => db.reset());

const call = async (routeKey: string, options: { path?: Record<string, string>; body?: unknown } = {}) => {
  const result = await exam.handler(apiEvent(routeKey, options), context);
  return { status: result.statusCode, body: JSON.parse(String(result.body)), headers: result.headers };
};

const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

const slug = 'paes_competencia_matematica_m1';
const test = {
  pk: `TEST#${slug}`,
  sk: 'META',
  kind: 'test',
  slug,
  course: 'paes',
  area: 'matematica',
  title: 'Competencia Matemática 1 (M1)',
  shortTitle: 'M1',
  color: '#2563eb',
  image: 'images/tests/a.svg',
  activeImage: 'images/tests/b.svg',
  ribbonImage: 'images/tests/c.svg',
  durationMinutes: 140,
  display: true,
  order: 0,
  rules: {
    questionCount: 5,
    weights: { numeros_algebra_funciones: 50, geometria_probabilidad_estadistica: 50 },
    subjectLabels: { numeros_algebra_funciones: 'Números', geometria_probabilidad_estadistica: 'Geometría' },
  },
};

const alternatives = ['A', 'B', 'C', 'D'].map((id) => ({ id, type: 'text', text: `Opción ${id}` }));

function poolItem(id: string, subSubject: string, seq: number) {
  return {
    pk: `POOL#${slug}#${subSubject}`,
    sk: `Q#${id}`,
    kind: 'poolQuestion',
    testSlug: slug,
    seq,
    itemHash: 'h',
    id,
    version: 2,
    subSubject,
    eje: subSubject === 'numeros_algebra_funciones' ? 'Álgebra' : 'Geometría',
    skill: 'resolver_problemas',
    difficulty: 'media',
    stem: `Enunciado ${id}`,
    alternatives,
  };
}

/** The stored version of a bank question: its key is B. */
function bankItem(id: string, subSubject: string) {
  return {
    pk: `QUESTION#${id}`,
    sk: 'V#2',
    kind: 'bank',
    contentHash: 'h',
    id,
    version: 2,
    tests: [slug],
    subSubject,
    eje: subSubject === 'numeros_algebra_funciones' ? 'Álgebra' : 'Geometría',
    skill: 'resolver_problemas',
    difficulty: 'media',
    stem: `Enunciado ${id}`,
    alternatives: ['A', 'B', 'C', 'D'].map((alt) => ({
      id: alt,
      text: `Opción ${alt}`,
      ...(alt === 'B' ? { correct: true } : {}),
    })),
    explanation: `Explicación secreta de ${id}`,
  };
}

const alg = ['m1-alg-001', 'm1-alg-002', 'm1-alg-003', 'm1-alg-004'];
const bank = [
  ...alg.map((id) => bankItem(id, 'numeros_algebra_funciones')),
  bankItem('m1-geo-001', 'geometria_probabilidad_estadistica'),
];

/** BatchGet answers whichever stored versions were asked for. */
function serveBank() {
  db.on(BatchGetCommand).callsFake(
    (input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => {
      const keys = input.RequestItems['test-content']?.Keys ?? [];
      return {
        Responses: { 'test-content': bank.filter((b) => keys.some((k) => k.pk === b.pk && k.sk === b.sk)) },
      };
    },
  );
}

const usersKey = (sk: string) => ({ TableName: 'test-users', Key: { pk: 'USER#sub-1', sk } });

function runningAttempt(overrides: Record<string, unknown> = {}) {
  const startedAt = Date.now() - 10 * 60_000;
  return {
    pk: 'USER#sub-1',
    sk: 'ATTEMPT#01JZ0000000000000000000000',
    kind: 'examAttempt',
    attemptId: '01JZ0000000000000000000000',
    testSlug: slug,
    testTitle: test.title,
    course: 'paes',
    status: 'running',
    questions: [
      { id: 'm1-alg-001', version: 2, subSubject: 'numeros_algebra_funciones', eje: 'Álgebra' },
      { id: 'm1-alg-002', version: 2, subSubject: 'numeros_algebra_funciones', eje: 'Álgebra' },
      { id: 'm1-geo-001', version: 2, subSubject: 'geometria_probabilidad_estadistica', eje: 'Geometría' },
    ],
    subSubjects: [
      { subSubject: 'numeros_algebra_funciones', label: 'Números', weight: 50, requested: 3, delivered: 2 },
      {
        subSubject: 'geometria_probabilidad_estadistica',
        label: 'Geometría',
        weight: 50,
        requested: 2,
        delivered: 1,
      },
    ],
    requested: 5,
    durationMinutes: 140,
    startedAt: new Date(startedAt).toISOString(),
    deadline: new Date(startedAt + 140 * 60_000).toISOString(),
    consumedExam: true,
    ...overrides,
  };
}

const updates = () => db.commandCalls(UpdateCommand).map((c) => c.args[0].input);

describe('GET /api/exam/{id}', () => {
  it('draws nothing from the bank without a running attempt: 403 with no exam left, 409 with one', async () => {
    db.on(GetCommand)
      .resolves({})
      .on(GetCommand, { Key: { pk: test.pk, sk: 'META' } })
      .resolves({ Item: test })
      .on(GetCommand, usersKey('PROFILE'))
      .resolves({ Item: { exams_available: 0, is_premium: false } });
    const none = await call('GET /api/exam/{id}', { path: { id: slug } });
    expect(none.status).toBe(403);
    expect(none.body).toEqual({
      message: expect.stringContaining('premium'),
      code: 'no_exams_available',
      premiumOffer: true,
    });

    db.on(GetCommand, usersKey('PROFILE')).resolves({ Item: { exams_available: 1 } });
    const some = await call('GET /api/exam/{id}', { path: { id: slug } });
    expect(some.status).toBe(409);
    expect(some.body).toMatchObject({ code: 'no_running_attempt' });
    expect(db.commandCalls(QueryCommand)).toHaveLength(0);
    expect(db.commandCalls(BatchGetCommand)).toHaveLength(0);
  });
});

describe('POST /api/exam/{id}/attempt', () => {
  function serveStart(profile: Record<string, unknown>) {
    db.on(GetCommand)
      .resolves({})
      .on(GetCommand, { Key: { pk: test.pk, sk: 'META' } })
      .resolves({ Item: test })
      .on(GetCommand, usersKey('PROFILE'))
      .resolves({ Item: profile });
    db.on(QueryCommand)
      .resolves({ Items: [] })
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': `POOL#${slug}#numeros_algebra_funciones` } })
      .resolves({ Items: alg.map((id, i) => poolItem(id, 'numeros_algebra_funciones', i)) })
      .on(QueryCommand, {
        ExpressionAttributeValues: { ':pk': `POOL#${slug}#geometria_probabilidad_estadistica` },
      })
      .resolves({ Items: [poolItem('m1-geo-001', 'geometria_probabilidad_estadistica', 9)] });
    db.on(UpdateCommand).resolves({ Attributes: { exams_available: 0 } });
    db.on(PutCommand).resolves({});
    serveBank();
  }

  it('uses one exam with a conditional update, fixes versions and deadline, and says when the bank falls short', async () => {
    serveStart({ exams_available: 1, is_premium: false });
    const before = Date.now();
    const { status, body, headers } = await call('POST /api/exam/{id}/attempt', { path: { id: slug } });
    expect(status).toBe(201);
    expect(headers?.['cache-control']).toBe('no-store');
    const started = body as StartedAttempt;
    expect(started).toMatchObject({
      requested: 5,
      delivered: 4,
      complete: false,
      resumed: false,
      examsAvailable: 0,
    });
    expect(started.subSubjects.map((s) => [s.subSubject, s.requested, s.delivered])).toEqual([
      ['numeros_algebra_funciones', 3, 3],
      ['geometria_probabilidad_estadistica', 2, 1],
    ]);
    expect(JSON.stringify(body)).not.toMatch(/"correct"|"explanation"|Explicación secreta|"itemHash"|"pk"/);

    const [consume] = updates();
    expect(consume).toMatchObject({
      Key: { pk: 'USER#sub-1', sk: 'PROFILE' },
      UpdateExpression: expect.stringContaining('ADD #exams :minusOne'),
      ConditionExpression: 'attribute_exists(pk) AND #exams > :zero',
    });
    const [attemptPut, pointerPut] = db.commandCalls(PutCommand).map((c) => c.args[0].input);
    const attempt = attemptPut?.Item as ReturnType<typeof runningAttempt>;
    expect(attempt.status).toBe('running');
    expect(attempt.questions.map((q) => q.version)).toEqual([2, 2, 2, 2]);
    expect(Date.parse(attempt.deadline) - Date.parse(attempt.startedAt)).toBe(140 * 60_000);
    expect(Date.parse(attempt.startedAt)).toBeGreaterThanOrEqual(before);
    expect(attemptPut?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(pointerPut).toMatchObject({
      Item: {
        sk: `EXAM_RUNNING#${slug}`,
        attemptId: attempt.attemptId,
        expiresAt: Date.parse(attempt.deadline) + EXAM_SUBMISSION_GRACE_MS,
      },
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
    });
    expect(started.attempt).toMatchObject({
      id: attempt.attemptId,
      deadline: attempt.deadline,
      durationMinutes: 140,
    });
  });

  it('lets a premium student start without touching the counter', async () => {
    serveStart({ exams_available: 0, is_premium: true });
    const { status, body } = await call('POST /api/exam/{id}/attempt', { path: { id: slug } });
    expect(status).toBe(201);
    expect((body as StartedAttempt).examsAvailable).toBeNull();
    expect(updates()).toEqual([]);
  });

  it('refuses a student with no exam left, before writing anything', async () => {
    serveStart({ exams_available: 0, is_premium: false });
    db.on(UpdateCommand).rejects(conditionFailed());
    const { status, body } = await call('POST /api/exam/{id}/attempt', { path: { id: slug } });
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'no_exams_available', premiumOffer: true });
    expect(db.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('gives the exam back and answers the winner when a concurrent start claimed the test first', async () => {
    serveStart({ exams_available: 1, is_premium: false });
    const winner = runningAttempt({
      attemptId: '01JZWINNER0000000000000000',
      sk: 'ATTEMPT#01JZWINNER0000000000000000',
    });
    const pointer = {
      attemptId: winner.attemptId,
      testSlug: slug,
      deadline: winner.deadline,
      expiresAt: Date.now() + 1e7,
    };
    db.on(GetCommand, usersKey(`EXAM_RUNNING#${slug}`))
      .resolvesOnce({})
      .resolves({ Item: pointer });
    db.on(GetCommand, usersKey(`ATTEMPT#${winner.attemptId}`)).resolves({ Item: winner });
    db.on(PutCommand, { ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now' }).rejects(
      conditionFailed(),
    );
    db.on(DeleteCommand).resolves({});
    const { status, body } = await call('POST /api/exam/{id}/attempt', { path: { id: slug } });
    expect(status).toBe(200);
    expect((body as StartedAttempt).attempt.id).toBe(winner.attemptId);
    expect((body as StartedAttempt).resumed).toBe(true);
    const [consume, refund] = updates();
    expect(consume?.ExpressionAttributeValues).toMatchObject({ ':minusOne': -1 });
    expect(refund).toMatchObject({ UpdateExpression: expect.stringContaining('ADD #exams :one') });
    const deleted = db.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key?.sk);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatch(/^ATTEMPT#/);
    expect(deleted[0]).not.toBe(`ATTEMPT#${winner.attemptId}`);
  });

  it('offers no attempt of a hidden test', async () => {
    db.on(GetCommand).resolves({ Item: { ...test, display: false } });
    const { status, body } = await call('POST /api/exam/{id}/attempt', { path: { id: slug } });
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'test_not_offered' });
    expect(updates()).toEqual([]);
  });
});

describe('POST /api/exam/progress', () => {
  const body = (attemptId: string) => ({
    attemptId,
    examType: slug,
    startTime: Date.now() - 1000,
    endTime: Date.now(),
    points: 99,
    course: 'paes',
    progress: JSON.stringify([
      {
        id: 'm1-alg-001',
        answered: true,
        correct: true,
        answers: [{ id: 'B', selected: true, correct: true }],
      },
      { id: 'm1-alg-002', answered: true, correct: true, answers: [{ id: 'A', selected: true }] },
    ]),
  });

  it('refuses answers after the deadline plus the grace period and closes the attempt as expired', async () => {
    const startedAt = Date.now() - 140 * 60_000 - EXAM_SUBMISSION_GRACE_MS - 5_000;
    const attempt = runningAttempt({
      startedAt: new Date(startedAt).toISOString(),
      deadline: new Date(startedAt + 140 * 60_000).toISOString(),
    });
    db.on(GetCommand).resolves({ Item: attempt });
    db.on(UpdateCommand).resolves({});
    db.on(DeleteCommand).resolves({});
    const { status, body: answer } = await call('POST /api/exam/progress', { body: body(attempt.attemptId) });
    expect(status).toBe(409);
    expect(answer).toMatchObject({ code: 'deadline_passed', deadline: attempt.deadline });
    expect(updates()).toEqual([
      expect.objectContaining({
        ExpressionAttributeValues: expect.objectContaining({ ':status': 'expired', ':running': 'running' }),
        ConditionExpression: '#status = :running',
      }),
    ]);
    expect(db.commandCalls(BatchGetCommand)).toHaveLength(0);
    expect(db.commandCalls(BatchWriteCommand)).toHaveLength(0);
  });

  it('grades within the grace period from the fixed versions, ignoring the client’s points', async () => {
    const startedAt = Date.now() - 140 * 60_000 - 30_000;
    const attempt = runningAttempt({
      startedAt: new Date(startedAt).toISOString(),
      deadline: new Date(startedAt + 140 * 60_000).toISOString(),
    });
    db.on(GetCommand).resolves({ Item: attempt });
    db.on(UpdateCommand).resolves({});
    db.on(DeleteCommand).resolves({});
    db.on(BatchWriteCommand).resolves({});
    serveBank();
    const { status, body: answer } = await call('POST /api/exam/progress', { body: body(attempt.attemptId) });
    expect(status).toBe(201);
    const [result] = (answer as { data: ExamResult[] }).data;
    expect(result).toMatchObject({
      points: 1,
      correct: 1,
      wrong: 1,
      omitted: 1,
      total: 3,
      timeUsedSeconds: 140 * 60,
    });
    expect(result?.score).toMatchObject({ estimated: true, min: 100, max: 1000, scaleVersion: 1 });
    const [submit] = updates();
    expect(submit?.ConditionExpression).toBe('#status = :running');
    expect(submit?.ExpressionAttributeValues).toMatchObject({ ':points': 1, ':clientPoints': 99 });
    // The keys become visible only now: ANSWERED# for every question of the attempt.
    const written = db
      .commandCalls(BatchWriteCommand)
      .flatMap((c) => c.args[0].input.RequestItems?.['test-users'] ?? [])
      .map((r) => r.PutRequest?.Item);
    expect(written.map((i) => [i?.sk, i?.version, i?.source])).toEqual(
      attempt.questions.map((q) => [`ANSWERED#${q.id}`, 2, `attempt#${attempt.attemptId}`]),
    );
    const averages = updates().find((u) => u.Key?.sk === 'AVERAGES' && u.UpdateExpression?.includes('ADD'));
    expect(averages?.ConditionExpression).toBe(
      'attribute_not_exists(#counted) OR NOT contains(#counted, :id)',
    );
  });

  it('answers a submitted attempt’s stored result again and writes nothing', async () => {
    const attempt = runningAttempt({
      status: 'submitted',
      submittedAt: new Date().toISOString(),
      finalizedAt: new Date().toISOString(),
      points: 2,
      correct: 2,
      wrong: 0,
      omitted: 1,
      total: 3,
      score: 512,
      scaleVersion: 1,
      scaleMin: 100,
      scaleMax: 1000,
      progress: '[]',
    });
    db.on(GetCommand).resolves({ Item: attempt });
    const { status, body: answer } = await call('POST /api/exam/progress', { body: body(attempt.attemptId) });
    expect(status).toBe(200);
    expect((answer as { data: ExamResult[] }).data[0]).toMatchObject({ id: attempt.attemptId, points: 2 });
    expect(updates()).toEqual([]);
    expect(db.commandCalls(BatchWriteCommand)).toHaveLength(0);
  });

  it('answers 400 for a progress that is not JSON or marks two alternatives', async () => {
    db.on(GetCommand).resolves({ Item: runningAttempt() });
    const notJson = await call('POST /api/exam/progress', {
      body: { ...body('01JZ0000000000000000000000'), progress: '[{' },
    });
    expect(notJson.status).toBe(400);
    const twice = await call('POST /api/exam/progress', {
      body: {
        ...body('01JZ0000000000000000000000'),
        progress: [
          {
            id: 'm1-alg-001',
            answers: [
              { id: 'A', selected: true },
              { id: 'B', selected: true },
            ],
          },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/más de una alternativa/);
    expect(updates()).toEqual([]);
  });
});

describe('GET /api/exam/progress/{id}', () => {
  it('answers 404 for a running attempt and for an id that is not an attempt id, reading nothing of the bank', async () => {
    db.on(GetCommand).resolves({ Item: runningAttempt() });
    expect(
      (await call('GET /api/exam/progress/{id}', { path: { id: '01JZ0000000000000000000000' } })).status,
    ).toBe(404);
    expect((await call('GET /api/exam/progress/{id}', { path: { id: '../PROFILE' } })).status).toBe(404);
    expect(db.commandCalls(BatchGetCommand)).toHaveLength(0);
  });
});
