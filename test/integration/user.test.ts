import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { usernameFromEmail } from '@core/domain/username';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamo } from '../../lambdas/data/client';
import { listUserItems } from '../../lambdas/data/userRepository';
import { apiCall, createStudent, registerCrmContact } from '../helpers/localUsers';

const stack = inject('stack');

beforeAll(() => {
  process.env.DYNAMODB_ENDPOINT = stack.dynamoEndpoint;
  process.env.USERS_TABLE = stack.tables.users;
});

async function registeredStudent() {
  const student = await createStudent(stack);
  const body = signUpBody(student.email);
  const response = await apiCall(stack, 'POST', '/api/user/signup-v2', {
    token: student.tokens.IdToken,
    body,
  });
  expect(response.status).toBe(201);
  return { ...student, record: response.body as Record<string, unknown> };
}

function signUpBody(email: string) {
  return {
    firstname: 'Camila',
    lastname: 'Rojas',
    email,
    phone: '+56912345678',
    username: usernameFromEmail(email),
    pathname: '/landing/registro',
    hubspot_id: null,
  };
}

const readLog = (file: string) =>
  existsSync(path.join(stack.logDir, file))
    ? readFileSync(path.join(stack.logDir, file), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
    : [];

describe('user record', () => {
  it('does not exist before sign-up-v2, then starts on the free tier', async () => {
    const student = await createStudent(stack);
    expect((await apiCall(stack, 'GET', '/api/user', { token: student.tokens.IdToken })).status).toBe(404);
    const created = await apiCall(stack, 'POST', '/api/user/signup-v2', {
      token: student.tokens.IdToken,
      body: signUpBody(student.email),
    });
    expect(created.status).toBe(201);
    const { body } = await apiCall(stack, 'GET', '/api/user', { token: student.tokens.IdToken });
    expect(body).toEqual({
      is_premium: false,
      stripe_customer_id: null,
      stripe_subscription_id: null,
      premium_status: null,
      premium_plan: null,
      premium_period_end: null,
      premium_cancel_at_period_end: false,
      exams_available: 1,
      tutorials_available: 1,
      hubspot_id: null,
      last_lesson: null,
      progress: { subjects: [], maxLessonsAvailable: 3 },
      onboarding: {},
      email_verified: true,
    });
  });

  it('is idempotent: a second sign-up-v2 resets nothing', async () => {
    const student = await registeredStudent();
    await dynamo().send(
      new UpdateCommand({
        TableName: stack.tables.users,
        Key: { pk: `USER#${student.sub}`, sk: 'PROFILE' },
        UpdateExpression: 'SET exams_available = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
    const again = await apiCall(stack, 'POST', '/api/user/signup-v2', {
      token: student.tokens.IdToken,
      body: signUpBody(student.email),
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ exams_available: 0 });
  });

  it('refuses another e-mail than the token’s, a wrong username and a non-Chilean phone', async () => {
    const student = await createStudent(stack);
    const token = student.tokens.IdToken;
    const other = await apiCall(stack, 'POST', '/api/user/signup-v2', {
      token,
      body: signUpBody('otra@ejemplo.cl'),
    });
    expect(other.status).toBe(403);
    const wrongUsername = await apiCall(stack, 'POST', '/api/user/signup-v2', {
      token,
      body: { ...signUpBody(student.email), username: 'otro' },
    });
    expect(wrongUsername.status).toBe(400);
    const badPhone = await apiCall(stack, 'POST', '/api/user/signup-v2', {
      token,
      body: { ...signUpBody(student.email), phone: '12345' },
    });
    expect(badPhone.status).toBe(400);
    expect((badPhone.body as { message: string }).message).toContain('phone');
  });

  it('lets a student set only email_verified and hubspot_id — never premium, counters or Stripe ids', async () => {
    const student = await registeredStudent();
    const token = student.tokens.IdToken;
    for (const body of [
      { is_premium: true },
      { exams_available: 99 },
      { tutorials_available: 5 },
      { stripe_customer_id: 'cus_123' },
      { stripe_subscription_id: 'sub_123' },
      { hubspot_id: '123', is_premium: true },
      {},
    ]) {
      const response = await apiCall(stack, 'POST', '/api/user', { token, body });
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    // Only the caller's own CRM contact can be linked (test/integration/security/ownership.test.ts).
    expect(
      (await apiCall(stack, 'POST', '/api/user', { token, body: { hubspot_id: '987654' } })).status,
    ).toBe(403);
    const contactId = await registerCrmContact(stack, student);
    const updated = await apiCall(stack, 'POST', '/api/user', { token, body: { hubspot_id: contactId } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ hubspot_id: contactId, is_premium: false, exams_available: 1 });
    const verified = await apiCall(stack, 'POST', '/api/user', { token, body: { email_verified: true } });
    expect(verified.body).toMatchObject({ email_verified: true });
  });

  it('answers 404 when updating a record that does not exist', async () => {
    const student = await createStudent(stack);
    const response = await apiCall(stack, 'POST', '/api/user', {
      token: student.tokens.IdToken,
      body: { hubspot_id: '1' },
    });
    expect(response.status).toBe(404);
  });
});

describe('DELETE /api/user/deleteAllData', () => {
  it('deletes every item of the caller and the external accounts by the stored ids, once', async () => {
    const student = await registeredStudent();
    const bystander = await registeredStudent();
    const pk = `USER#${student.sub}`;
    await dynamo().send(
      new UpdateCommand({
        TableName: stack.tables.users,
        Key: { pk, sk: 'PROFILE' },
        UpdateExpression: 'SET hubspot_id = :h, stripe_customer_id = :c',
        ExpressionAttributeValues: { ':h': '555001', ':c': 'cus_local_555' },
      }),
    );
    for (const sk of ['ATTEMPT#01', 'ATTEMPT#02', 'AVERAGES', 'TUTORIAL#01', 'PROGRESS#paes']) {
      await dynamo().send(new PutCommand({ TableName: stack.tables.users, Item: { pk, sk } }));
    }
    const response = await apiCall(stack, 'DELETE', '/api/user/deleteAllData', {
      token: student.tokens.IdToken,
      body: { hsContactId: 'someone-else', stripeCustomerId: 'cus_someone_else' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: 6 });
    expect(await listUserItems(student.sub)).toEqual([]);
    expect(await listUserItems(bystander.sub)).toHaveLength(1);

    expect(readLog('crm-log.jsonl')).toContainEqual(
      expect.objectContaining({ call: 'deleteContact', contactId: '555001' }),
    );
    expect(readLog('payments-log.jsonl')).toContainEqual(
      expect.objectContaining({ call: 'deleteCustomer', customerId: 'cus_local_555' }),
    );
    expect(JSON.stringify(readLog('crm-log.jsonl'))).not.toContain('someone-else');

    const again = await apiCall(stack, 'DELETE', '/api/user/deleteAllData', {
      token: student.tokens.IdToken,
    });
    expect(again).toMatchObject({ status: 200, body: { deleted: 0 } });
  });
});

describe('GET /api/user/export', () => {
  it('returns every item of the caller, and only the caller’s, as a JSON download', async () => {
    const student = await registeredStudent();
    const other = await registeredStudent();
    await dynamo().send(
      new PutCommand({
        TableName: stack.tables.users,
        Item: {
          pk: `USER#${student.sub}`,
          sk: 'TUTORIAL#01',
          doubts: 'fracciones',
          tags: new Set(['a', 'b']),
        },
      }),
    );
    const response = await apiCall(stack, 'GET', '/api/user/export', { token: student.tokens.IdToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const body = response.body as { account: { email: string }; items: { type: string; key: string }[] };
    expect(body.account.email).toBe(student.email);
    expect(body.items.map((item) => item.type).sort()).toEqual(['profile', 'tutorial']);
    expect(JSON.stringify(body)).not.toContain(other.sub);
    expect(JSON.stringify(body)).not.toContain('"pk"');
    expect(body.items.find((item) => item.type === 'tutorial')).toMatchObject({ tags: ['a', 'b'] });
  });
});
