/**
 * Handler tests of the tutoring routes with a mocked DynamoDB and queue: the writes a request
 * makes and the order it undoes them in when a later step fails; what the cancel writes.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { addDays, chileDate } from '@core/domain/chileTime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext, studentClaims } from '../../test/helpers/apiEvents';
import { registerLocal } from '../integrations/local';
import type { MessageQueue } from '../integrations/queue';
import type { ApiResult } from '../lib/handler';

const db = mockClient(DynamoDBDocumentClient);
const context = lambdaContext();
const claims = {
  ...studentClaims,
  name: 'Camila Rojas',
  phone_number: '+56912345678',
};

const sent: unknown[] = [];
let queueFails = false;
const queue: MessageQueue = {
  send: async (body) => {
    if (queueFails) throw new Error('SQS unavailable');
    sent.push(body);
  },
};

let tutorial: typeof import('./tutorial');

beforeAll(async () => {
  process.env.USERS_TABLE = 'test-users';
  process.env.LOG_LEVEL = 'SILENT';
  delete process.env.CRM_QUEUE_URL;
  registerLocal('crmQueue', queue);
  tutorial = await import('./tutorial');
});
afterAll(() => {
  db.restore();
  registerLocal('crmQueue', undefined);
});
beforeEach(() => {
  db.reset();
  sent.length = 0;
  queueFails = false;
  db.on(GetCommand).resolves({});
  db.on(QueryCommand).resolves({ Items: [] });
});

const event = (routeKey: string, { body, id }: { body?: unknown; id?: string } = {}) =>
  apiEvent(routeKey, { body, claims, ...(id ? { path: { id } } : {}) });

const call = async (routeKey: string, options: { body?: unknown; id?: string } = {}) => {
  const result = (await tutorial.handler(event(routeKey, options), context)) as ApiResult & {
    statusCode: number;
    body: string;
  };
  return { ...result, json: JSON.parse(result.body) };
};

const validBody = () => ({
  scheduleOptions: { A: { date: addDays(chileDate(new Date()), 2), start: '15:00', end: '17:00' } },
  doubts: 'Funciones cuadráticas',
});

const conditionFailed = () => new ConditionalCheckFailedException({ message: 'failed', $metadata: {} });
const updates = () => db.commandCalls(UpdateCommand).map((c) => c.args[0].input);

describe('POST /api/tutorial', () => {
  it('uses the hour first, then stores the request, then queues the ticket from the token claims', async () => {
    db.on(UpdateCommand).resolves({});
    db.on(PutCommand).resolves({});
    const response = await call('POST /api/tutorial', { body: validBody() });
    expect(response.statusCode).toBe(201);
    expect(response.headers?.['cache-control']).toBe('no-store');
    const [use] = updates();
    expect(use?.ConditionExpression).toContain('#month < :perMonth');
    expect(use?.ConditionExpression).toContain('#total < :perYear');
    expect(use?.ExpressionAttributeValues).toMatchObject({ ':perMonth': 1, ':perYear': 12 });
    const put = db.commandCalls(PutCommand)[0]?.args[0].input;
    expect(put?.Item).toMatchObject({
      pk: 'USER#sub-1',
      state: 'solicitada',
      doubts: 'Funciones cuadráticas',
    });
    expect(put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    // No profile stored: name and phone come from the token.
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'ticket',
        key: `tutorial-${response.json.tutorial.id}`,
        email: 'camila@ejemplo.cl',
        contactId: null,
        subject: 'Solicitud de tutoría: Camila Rojas',
        content: expect.stringContaining('Teléfono: +56912345678'),
      }),
    ]);
  });

  it('answers 409 and writes nothing else when no hour is left', async () => {
    db.on(UpdateCommand).rejects(conditionFailed());
    const response = await call('POST /api/tutorial', { body: validBody() });
    expect(response.statusCode).toBe(409);
    expect(response.json).toMatchObject({ tutorials_available: 1 });
    expect(db.commandCalls(PutCommand)).toHaveLength(0);
    expect(sent).toEqual([]);
  });

  it('gives the hour back when the request cannot be stored', async () => {
    db.on(UpdateCommand).resolves({});
    db.on(PutCommand).rejects(new Error('disk full'));
    const response = await call('POST /api/tutorial', { body: validBody() });
    expect(response.statusCode).toBe(500);
    const [use, giveBack] = updates();
    expect(use?.UpdateExpression).toContain('ADD #used :ids');
    expect(giveBack?.UpdateExpression).toContain('DELETE #used :ids');
    expect(giveBack?.ConditionExpression).toContain('contains(#used, :id)');
    expect(giveBack?.ExpressionAttributeValues?.[':ids']).toEqual(use?.ExpressionAttributeValues?.[':ids']);
    expect(sent).toEqual([]);
  });

  it('undoes the request and the hour when its ticket cannot be queued (503)', async () => {
    db.on(UpdateCommand).resolves({});
    db.on(PutCommand).resolves({});
    db.on(DeleteCommand).resolves({});
    queueFails = true;
    const response = await call('POST /api/tutorial', { body: validBody() });
    expect(response.statusCode).toBe(503);
    const put = db.commandCalls(PutCommand)[0]?.args[0].input;
    expect(db.commandCalls(DeleteCommand)[0]?.args[0].input.Key).toEqual({
      pk: put?.Item?.pk,
      sk: put?.Item?.sk,
    });
    expect(updates()[1]?.UpdateExpression).toContain('DELETE #used :ids');
  });

  it('refuses invalid input before touching the quota', async () => {
    const response = await call('POST /api/tutorial', {
      body: {
        ...validBody(),
        doubts: '',
        scheduleOptions: { A: { date: '2020-01-01', start: '15:00', end: '17:00' } },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.issues).toEqual([
      { path: 'scheduleOptions.A.date', problem: 'past', message: 'ya pasó' },
      { path: 'doubts', problem: 'required', message: 'es obligatorio' },
    ]);
    expect(updates()).toEqual([]);
  });
});

describe('GET /api/tutorial/cancel/{id}', () => {
  const id = '01JY0000000000000000000000';
  const stored = {
    pk: 'USER#sub-1',
    sk: `TUTORIAL#${id}`,
    id,
    state: 'cancelada',
    scheduleOptions: { A: { date: '2025-07-07', start: '15:00', end: '17:00' } },
    doubts: 'x',
    createdAt: '2025-07-01T12:00:00.000Z',
    updatedAt: '2025-07-01T12:00:00.000Z',
    quotaYear: 2025,
    quotaMonth: 7,
    cancelledAt: '2025-07-02T12:00:00.000Z',
  };

  /** What the cancel's write returns (ALL_NEW): the follow-up flag comes with the state. */
  const justCancelled = { ...stored, cancelledBy: 'student', cancelFollowUp: true };

  it('cancels within the caller’s own partition and gives back the hour of the request’s month', async () => {
    db.on(UpdateCommand).resolves({ Attributes: justCancelled });
    const response = await call('GET /api/tutorial/cancel/{id}', { id });
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['cache-control']).toBe('no-store');
    const [cancel, giveBack, finished] = updates();
    expect(cancel?.Key).toEqual({ pk: 'USER#sub-1', sk: `TUTORIAL#${id}` });
    expect(cancel?.ConditionExpression).toContain('#state = :requested');
    expect(cancel?.UpdateExpression).toContain('cancelFollowUp = :true');
    expect(giveBack?.Key).toEqual({ pk: 'USER#sub-1', sk: 'TUTORING_QUOTA#2025' });
    expect(giveBack?.ExpressionAttributeNames?.['#month']).toBe('month_07');
    expect(sent).toEqual([expect.objectContaining({ key: `tutorial-cancel-${id}` })]);
    // Cleared last: only once the hour is back and the notice queued.
    expect(finished?.UpdateExpression).toBe('SET cancelNoticeQueuedAt = :now REMOVE cancelFollowUp');
  });

  it('finishes the hour on a repeated cancel without a second notice', async () => {
    const finished = { ...stored, cancelledBy: 'student', cancelNoticeQueuedAt: '2025-07-02T12:00:01.000Z' };
    db.on(UpdateCommand).rejectsOnce(conditionFailed()).resolves({});
    db.on(GetCommand, { Key: { pk: 'USER#sub-1', sk: `TUTORIAL#${id}` } }).resolves({ Item: finished });
    const response = await call('GET /api/tutorial/cancel/{id}', { id });
    expect(response.statusCode).toBe(200);
    expect(response.json.tutorial).toMatchObject({ state: 'cancelada', cancellable: false });
    expect(updates()[1]?.UpdateExpression).toContain('DELETE #used :ids');
    expect(sent).toEqual([]);
  });

  // Found by `npm run load -- --fault dynamo` (docs/reliability.md): a cancel stored just before the
  // database went away answered 503, and the operators were never told.
  it('sends the notice on the repeat of a cancel interrupted before it was queued', async () => {
    db.on(UpdateCommand).rejectsOnce(conditionFailed()).resolves({});
    db.on(GetCommand, { Key: { pk: 'USER#sub-1', sk: `TUTORIAL#${id}` } }).resolves({ Item: justCancelled });
    const response = await call('GET /api/tutorial/cancel/{id}', { id });
    expect(response.statusCode).toBe(200);
    expect(sent).toEqual([expect.objectContaining({ key: `tutorial-cancel-${id}` })]);
    expect(updates()[2]?.UpdateExpression).toBe('SET cancelNoticeQueuedAt = :now REMOVE cancelFollowUp');
  });

  it('answers 503 when the notice cannot be queued, and leaves the follow-up for the next try', async () => {
    db.on(UpdateCommand).resolves({ Attributes: justCancelled });
    queueFails = true;
    const response = await call('GET /api/tutorial/cancel/{id}', { id });
    expect(response.statusCode).toBe(503);
    expect(updates().map((u) => u?.UpdateExpression)).not.toContain(
      'SET cancelNoticeQueuedAt = :now REMOVE cancelFollowUp',
    );
  });

  it('finishes an interrupted cancel on the next read of the list (the student cannot repeat it)', async () => {
    db.on(QueryCommand).resolves({ Items: [justCancelled] });
    db.on(UpdateCommand).resolves({});
    const response = await call('GET /api/tutorial');
    expect(response.statusCode).toBe(200);
    expect(sent).toEqual([expect.objectContaining({ key: `tutorial-cancel-${id}` })]);
    const [giveBack, finished] = updates();
    expect(giveBack?.UpdateExpression).toContain('DELETE #used :ids');
    expect(finished?.UpdateExpression).toBe('SET cancelNoticeQueuedAt = :now REMOVE cancelFollowUp');
    // The quota is read after the hour came back, so the allowance shown is the right one.
    const quotaRead = db
      .commandCalls(GetCommand)
      .find((c) => String(c.args[0].input.Key?.sk).startsWith('TUTORING_QUOTA#'));
    expect(quotaRead).toBeDefined();
  });

  it('still answers the list when an interrupted cancel cannot be finished yet', async () => {
    db.on(QueryCommand).resolves({ Items: [justCancelled] });
    db.on(UpdateCommand).resolves({});
    queueFails = true;
    const response = await call('GET /api/tutorial');
    expect(response.statusCode).toBe(200);
    expect(response.json.tutorials).toHaveLength(1);
  });

  it('never sends a notice for a request the operators cancelled', async () => {
    db.on(UpdateCommand).rejectsOnce(conditionFailed()).resolves({});
    db.on(GetCommand, { Key: { pk: 'USER#sub-1', sk: `TUTORIAL#${id}` } }).resolves({
      Item: { ...stored, cancelledBy: 'operator' },
    });
    expect((await call('GET /api/tutorial/cancel/{id}', { id })).statusCode).toBe(200);
    expect(sent).toEqual([]);
  });

  it('answers 404 for an id the caller does not own', async () => {
    db.on(UpdateCommand).rejects(conditionFailed());
    const response = await call('GET /api/tutorial/cancel/{id}', { id });
    expect(response.statusCode).toBe(404);
    expect(updates()).toHaveLength(1);
  });
});
