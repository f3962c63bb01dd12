/**
 * Handler tests of the content routes with a mocked DynamoDB: the reads each route makes and what
 * never leaves the server. The exam routes have their own (exam.test.ts).
 */
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '../../test/helpers/apiEvents';

const db = mockClient(DynamoDBDocumentClient);
const context = lambdaContext();

let modules: {
  question: typeof import('./question');
  subject: typeof import('./subject');
};

beforeAll(async () => {
  process.env.CONTENT_TABLE = 'test-content';
  process.env.USERS_TABLE = 'test-users';
  process.env.LOG_LEVEL = 'SILENT';
  modules = {
    question: await import('./question'),
    subject: await import('./subject'),
  };
});
afterAll(() => db.restore());
beforeEach(() => db.reset());

const event = (routeKey: string, path: Record<string, string> = {}, query?: Record<string, string>) =>
  apiEvent(routeKey, { path, ...(query ? { query } : {}) });

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

describe('GET /api/question/{id}', () => {
  const stored = {
    kind: 'bank',
    id: 'm1-alg-001',
    version: 1,
    tests: [test.slug],
    subSubject: 'numeros_algebra_funciones',
    eje: 'Álgebra',
    skill: 'resolver_problemas',
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
    db.on(GetCommand).resolves({});
    const result = await modules.subject.handler(event('GET /api/subject/{id}', { id: 'x' }), context);
    expect(result.statusCode).toBe(404);
  });
});
