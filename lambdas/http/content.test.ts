/**
 * Handler tests of the content routes with a mocked DynamoDB: the reads each route makes, the
 * shortfall answer of an exam the bank cannot fill, and what never leaves the server.
 */
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExamPaper } from '../domain/contentViews';
import type { ApiEvent } from '../lib/handler';

const db = mockClient(DynamoDBDocumentClient);
const context = { awsRequestId: 'aws-1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
const claims = { sub: 'sub-1', email: 'camila@ejemplo.cl', token_use: 'id', email_verified: 'true' };

let modules: {
  exam: typeof import('./exam');
  question: typeof import('./question');
  subject: typeof import('./subject');
};

beforeAll(async () => {
  process.env.CONTENT_TABLE = 'test-content';
  process.env.USERS_TABLE = 'test-users';
  process.env.LOG_LEVEL = 'SILENT';
  modules = {
    exam: await import('./exam'),
    question: await import('./question'),
    subject: await import('./subject'),
  };
});
afterAll(() => db.restore());
beforeEach(() => db.reset());

function event(
  routeKey: string,
  pathParameters: Record<string, string> = {},
  query?: Record<string, string>,
): ApiEvent {
  return {
    routeKey,
    rawPath: routeKey.split(' ')[1],
    headers: {},
    pathParameters,
    ...(query ? { queryStringParameters: query } : {}),
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', authorizer: { jwt: { claims, scopes: [] } } },
  } as unknown as ApiEvent;
}

const alternatives = [
  { id: 'A', type: 'text', text: '1' },
  { id: 'B', type: 'text', text: '2' },
  { id: 'C', type: 'text', text: '3' },
  { id: 'D', type: 'text', text: '4' },
];

const test = {
  pk: 'TEST#paes_competencia_matematica_m1',
  sk: 'META',
  kind: 'test',
  slug: 'paes_competencia_matematica_m1',
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

function poolItem(id: string, subSubject: string, seq: number) {
  return {
    pk: `POOL#${test.slug}#${subSubject}`,
    sk: `Q#${id}`,
    kind: 'poolQuestion',
    testSlug: test.slug,
    seq,
    itemHash: 'h',
    id,
    version: 1,
    subSubject,
    eje: 'Álgebra',
    taxonomy: 'apli',
    difficulty: 'media',
    stem: `Enunciado ${id}`,
    alternatives,
  };
}

describe('GET /api/exam/{id}', () => {
  it('reads the test and one pool per sub-subject, and says when the bank falls short', async () => {
    db.on(GetCommand, { Key: { pk: test.pk, sk: 'META' } }).resolves({ Item: test });
    db.on(QueryCommand)
      .resolves({ Items: [] })
      .on(QueryCommand, {
        ExpressionAttributeValues: { ':pk': `POOL#${test.slug}#numeros_algebra_funciones` },
      })
      .resolves({ Items: [1, 2, 3, 4].map((n) => poolItem(`m1-alg-00${n}`, 'numeros_algebra_funciones', n)) })
      .on(QueryCommand, {
        ExpressionAttributeValues: { ':pk': `POOL#${test.slug}#geometria_probabilidad_estadistica` },
      })
      // A stray key in a pool item (it should never be there) must still not reach the student.
      .resolves({
        Items: [
          {
            ...poolItem('m1-geo-001', 'geometria_probabilidad_estadistica', 9),
            correct: 'B',
            explanation: 'x',
          },
        ],
      });
    const result = await modules.exam.handler(event('GET /api/exam/{id}', { id: test.slug }), context);
    expect(result.statusCode).toBe(200);
    const paper = JSON.parse(String(result.body)) as ExamPaper;
    expect(paper).toMatchObject({ requested: 5, delivered: 4, complete: false, passages: [] });
    expect(paper.subSubjects.map((s) => [s.subSubject, s.requested, s.delivered])).toEqual([
      ['numeros_algebra_funciones', 3, 3],
      ['geometria_probabilidad_estadistica', 2, 1],
    ]);
    expect(paper.test).toEqual({
      slug: test.slug,
      course: 'paes',
      area: 'matematica',
      title: test.title,
      shortTitle: 'M1',
      color: test.color,
      image: test.image,
      activeImage: test.activeImage,
      ribbonImage: test.ribbonImage,
      durationMinutes: 140,
      display: true,
      order: 0,
      questionCount: 5,
    });
    expect(String(result.body)).not.toMatch(/"correct"|"explanation"|"itemHash"|"pk"|"seq"/);
    expect(db.commandCalls(QueryCommand)).toHaveLength(2);
    expect(db.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('answers 404 for an unknown test', async () => {
    db.on(GetCommand).resolves({});
    const result = await modules.exam.handler(event('GET /api/exam/{id}', { id: 'psu' }), context);
    expect(result.statusCode).toBe(404);
    expect(db.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('GET /api/question/{id}', () => {
  const stored = {
    kind: 'bank',
    id: 'm1-alg-001',
    version: 1,
    tests: [test.slug],
    subSubject: 'numeros_algebra_funciones',
    eje: 'Álgebra',
    taxonomy: 'apli',
    difficulty: 'media',
    stem: '¿?',
    alternatives: [
      { id: 'A', text: '1' },
      { id: 'B', text: '2', correct: true },
      { id: 'C', text: '3' },
      { id: 'D', text: '4' },
    ],
    explanation: 'Porque sí.',
    contentHash: 'h',
  };

  it('reads nothing of the content when the caller has not answered the question', async () => {
    db.on(GetCommand).resolves({});
    const result = await modules.question.handler(
      event('GET /api/question/{id}', { id: 'm1-alg-001' }),
      context,
    );
    expect(JSON.parse(String(result.body))).toEqual([false]);
    const reads = db.commandCalls(GetCommand).map((call) => call.args[0].input);
    expect(reads).toEqual([
      { TableName: 'test-users', Key: { pk: 'USER#sub-1', sk: 'ANSWERED#m1-alg-001' } },
    ]);
  });

  it('reveals the version the caller answered', async () => {
    db.on(GetCommand, { TableName: 'test-users' })
      .resolves({ Item: { source: 'attempt#1', version: 1 } })
      .on(GetCommand, { TableName: 'test-content', Key: { pk: 'QUESTION#m1-alg-001', sk: 'V#1' } })
      .resolves({ Item: stored })
      .on(GetCommand, { TableName: 'test-content', Key: { pk: 'QUESTION#m1-alg-001', sk: 'LATEST' } })
      .resolves({ Item: { ...stored, version: 2, stem: 'nuevo' } });
    const result = await modules.question.handler(
      event('GET /api/question/{id}', { id: 'm1-alg-001' }),
      context,
    );
    const [detail] = JSON.parse(String(result.body));
    expect(detail).toMatchObject({
      kind: 'bank',
      version: 1,
      stem: '¿?',
      correct: 'B',
      explanation: 'Porque sí.',
    });
    expect(detail).not.toHaveProperty('contentHash');
  });
});

describe('GET /api/subject', () => {
  it('queries the lowercased course and answers 400 for an unknown one', async () => {
    db.on(QueryCommand).resolves({ Items: [] });
    const ok = await modules.subject.handler(event('GET /api/subject', {}, { course: 'PDT' }), context);
    expect(ok.statusCode).toBe(200);
    expect(db.commandCalls(QueryCommand)[0]?.args[0].input.ExpressionAttributeValues).toEqual({
      ':pk': 'COURSE#pdt',
      ':prefix': 'SUBJECT#',
    });
    const bad = await modules.subject.handler(event('GET /api/subject', {}, { course: 'psu' }), context);
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 for an unknown subject', async () => {
    db.on(QueryCommand).resolves({ Items: [] });
    const result = await modules.subject.handler(event('GET /api/subject/{id}', { id: 'x' }), context);
    expect(result.statusCode).toBe(404);
  });
});
