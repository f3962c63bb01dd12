/**
 * Tutoring hours over HTTP against the local stack: request → list → cancel, the allowance under
 * concurrent requests, ownership, and the tickets in the local CRM log.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TutoringOverview } from '@core/api/tutoring';
import { addDays, chileDate, startOfNextChileMonth } from '@core/domain/chileTime';
import { quotaPeriod } from '@core/domain/tutoring';
import { usernameFromEmail } from '@core/domain/username';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamo } from '../../lambdas/data/client';
import { timeOrderedId } from '../../lambdas/data/ids';
import { returnQuotaHour, setStateByOperator, spendQuotaHour } from '../../lambdas/data/tutoringRepository';
import { applyOperatorChange } from '../../scripts/tutoring';
import { crmLog, eventually } from '../helpers/crmLog';
import { apiCall, createStudent } from '../helpers/localUsers';

const stack = inject('stack');

beforeAll(() => {
  process.env.DYNAMODB_ENDPOINT = stack.dynamoEndpoint;
  process.env.USERS_TABLE = stack.tables.users;
});

/** A student who finished sign-up on the server (the ticket takes name and phone from there). */
async function registeredStudent(firstname = 'Camila', phone = '+56912345678') {
  const student = await createStudent(stack);
  const response = await apiCall(stack, 'POST', '/api/user/signup-v2', {
    token: student.tokens.IdToken,
    body: {
      firstname,
      lastname: 'Rojas',
      email: student.email,
      phone,
      username: usernameFromEmail(student.email),
      pathname: '/registro',
      hubspot_id: null,
    },
  });
  expect(response.status).toBe(201);
  // The sign-up's CRM form creates the contact, so the worker finds it at once.
  const form = await apiCall(stack, 'POST', '/api/hubspot/submission/register', {
    body: {
      fields: {
        firstname,
        lastname: 'Rojas',
        email: student.email,
        phone,
        username: usernameFromEmail(student.email),
        pathname: '/registro',
      },
      context: { pageUri: 'http://127.0.0.1:5173/registro', pageName: 'Regístrate' },
    },
  });
  expect(form.status).toBe(200);
  return { ...student, token: student.tokens.IdToken };
}

const inDays = (days: number) => addDays(chileDate(new Date()), days);
const requestBody = (doubts = 'Ecuaciones de segundo grado y porcentajes') => ({
  scheduleOptions: {
    A: { date: inDays(3), start: '15:00', end: '17:00' },
    B: { date: inDays(4), start: '09:00', end: '10:30' },
    C: null,
  },
  doubts,
});

const quotaItem = async (sub: string) => {
  const { year } = quotaPeriod(new Date());
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: stack.tables.users,
      Key: { pk: `USER#${sub}`, sk: `TUTORING_QUOTA#${year}` },
    }),
  );
  return Item;
};

describe('tutoring: request → list → cancel', () => {
  it('starts with one hour that renews at the start of next month in Chile, and no requests', async () => {
    const student = await registeredStudent();
    const response = await apiCall(stack, 'GET', '/api/tutorial', { token: student.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      tutorials: [],
      tutorials_available: 1,
      end_date: startOfNextChileMonth(new Date()).toISOString(),
    });
    expect((await apiCall(stack, 'GET', '/api/tutorial')).status).toBe(401);
  });

  it('uses the hour, lists the request, refuses a second one, and gives the hour back once on cancel', async () => {
    const student = await registeredStudent();
    const requested = await apiCall(stack, 'POST', '/api/tutorial', {
      token: student.token,
      body: requestBody(),
    });
    expect(requested.status).toBe(201);
    expect(requested.headers.get('cache-control')).toBe('no-store');
    const { tutorial } = requested.body as { tutorial: { id: string } };
    expect(requested.body).toMatchObject({
      tutorial: {
        id: expect.stringMatching(/^[0-9A-Z]{26}$/),
        state: 'solicitada',
        cancellable: true,
        scheduleOptions: { A: requestBody().scheduleOptions.A, B: requestBody().scheduleOptions.B },
        doubts: 'Ecuaciones de segundo grado y porcentajes',
      },
      tutorials_available: 0,
    });
    expect((requested.body as { tutorial: object }).tutorial).not.toHaveProperty('scheduleOptions.C');

    const listed = await apiCall(stack, 'GET', '/api/tutorial', { token: student.token });
    expect(listed.body).toMatchObject({
      tutorials: [
        { id: tutorial.id, state: 'solicitada', cancellable: true, scheduledAt: null, cancelledAt: null },
      ],
      tutorials_available: 0,
    });
    const user = await apiCall(stack, 'GET', '/api/user', { token: student.token });
    expect(user.body).toMatchObject({ tutorials_available: 0 });

    const second = await apiCall(stack, 'POST', '/api/tutorial', {
      token: student.token,
      body: requestBody('Otra'),
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ tutorials_available: 0, end_date: expect.any(String) });
    const afterRefusal = (await apiCall(stack, 'GET', '/api/tutorial', { token: student.token }))
      .body as TutoringOverview;
    expect(afterRefusal.tutorials).toHaveLength(1);
    expect(await quotaItem(student.sub)).toMatchObject({ total: 1 });

    const cancelled = await apiCall(stack, 'GET', `/api/tutorial/cancel/${tutorial.id}`, {
      token: student.token,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers.get('cache-control')).toBe('no-store');
    expect(cancelled.body).toMatchObject({
      tutorial: { id: tutorial.id, state: 'cancelada', cancellable: false, cancelledAt: expect.any(String) },
      tutorials_available: 1,
    });

    // Idempotent: a second cancel answers the same and does not give a second hour.
    const again = await apiCall(stack, 'GET', `/api/tutorial/cancel/${tutorial.id}`, {
      token: student.token,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ tutorial: { state: 'cancelada' }, tutorials_available: 1 });
    const quota = await quotaItem(student.sub);
    expect(quota?.total).toBe(0);
    expect(Object.entries(quota ?? {}).filter(([k]) => k.startsWith('month_'))).toEqual([
      [`month_${String(quotaPeriod(new Date()).month).padStart(2, '0')}`, 0],
    ]);

    // The hour is usable again; the list shows both, newest first.
    const renewed = await apiCall(stack, 'POST', '/api/tutorial', {
      token: student.token,
      body: requestBody('Geometría'),
    });
    expect(renewed.status).toBe(201);
    const both = (await apiCall(stack, 'GET', '/api/tutorial', { token: student.token }))
      .body as TutoringOverview;
    expect(both.tutorials.map((t) => [t.doubts, t.state])).toEqual([
      ['Geometría', 'solicitada'],
      ['Ecuaciones de segundo grado y porcentajes', 'cancelada'],
    ]);
  });

  it('announces the request to the CRM with name, e-mail, phone, options and doubts in the configured pipeline', async () => {
    const student = await registeredStudent('Valentina', '+56987654321');
    const doubts = `Comprensión lectora ${student.email}`;
    const requested = await apiCall(stack, 'POST', '/api/tutorial', {
      token: student.token,
      body: requestBody(doubts),
    });
    expect(requested.status).toBe(201);
    const id = (requested.body as { tutorial: { id: string } }).tutorial.id;
    const ticket = await eventually(() =>
      crmLog(stack.logDir).find(
        (e) => e.call === 'createTicket' && e.content?.includes(`Referencia: ${student.sub}/${id}`),
      ),
    );
    const contact = crmLog(stack.logDir).find(
      (e) => e.call === 'submitRegistrationForm' && e.fields?.email === student.email,
    );
    expect(ticket).toMatchObject({
      pipeline: '0',
      stage: '1',
      subject: 'Solicitud de tutoría: Valentina Rojas',
      contactId: contact?.contactId,
    });
    for (const expected of [
      'Nombre: Valentina Rojas',
      `Correo: ${student.email}`,
      'Teléfono: +56987654321',
      'Opción A: ',
      'de 15:00 a 17:00',
      'Opción B: ',
      'de 09:00 a 10:30',
      doubts,
    ]) {
      expect(ticket.content).toContain(expected);
    }

    const cancelled = await apiCall(stack, 'GET', `/api/tutorial/cancel/${id}`, { token: student.token });
    expect(cancelled.status).toBe(200);
    await apiCall(stack, 'GET', `/api/tutorial/cancel/${id}`, { token: student.token });
    const notice = await eventually(() =>
      crmLog(stack.logDir).find(
        (e) => e.call === 'createTicket' && e.subject === 'Tutoría cancelada: Valentina Rojas',
      ),
    );
    expect(notice.content).toContain(`Referencia: ${student.sub}/${id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // One notice, even though the cancel was repeated.
    expect(
      crmLog(stack.logDir).filter((e) => e.subject === 'Tutoría cancelada: Valentina Rojas'),
    ).toHaveLength(1);
  });

  it('consumes the last hour once when requests race', async () => {
    const student = await registeredStudent();
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        apiCall(stack, 'POST', '/api/tutorial', { token: student.token, body: requestBody(`Duda ${i}`) }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const listed = (await apiCall(stack, 'GET', '/api/tutorial', { token: student.token }))
      .body as TutoringOverview;
    expect(listed.tutorials).toHaveLength(1);
    expect(listed.tutorials_available).toBe(0);
    expect(await quotaItem(student.sub)).toMatchObject({ total: 1 });
  });

  it('treats another student’s request as unknown (404) and leaves it alone', async () => {
    const owner = await registeredStudent();
    const other = await registeredStudent();
    const requested = await apiCall(stack, 'POST', '/api/tutorial', {
      token: owner.token,
      body: requestBody(),
    });
    const id = (requested.body as { tutorial: { id: string } }).tutorial.id;

    const attempt = await apiCall(stack, 'GET', `/api/tutorial/cancel/${id}`, { token: other.token });
    expect(attempt.status).toBe(404);
    expect((await apiCall(stack, 'GET', '/api/tutorial', { token: other.token })).body).toMatchObject({
      tutorials: [],
      tutorials_available: 1,
    });
    expect((await apiCall(stack, 'GET', '/api/tutorial', { token: owner.token })).body).toMatchObject({
      tutorials: [{ id, state: 'solicitada' }],
      tutorials_available: 0,
    });
    expect(
      (await apiCall(stack, 'GET', `/api/tutorial/cancel/${timeOrderedId()}`, { token: owner.token })).status,
    ).toBe(404);
    expect(
      (await apiCall(stack, 'GET', '/api/tutorial/cancel/no-es-un-id', { token: owner.token })).status,
    ).toBe(400);
  });

  it('refuses invalid requests with 400, naming the field, and stores and uses nothing', async () => {
    const student = await registeredStudent();
    const cases: [unknown, string][] = [
      [
        { ...requestBody(), scheduleOptions: { A: { date: inDays(-1), start: '15:00', end: '17:00' } } },
        'scheduleOptions.A.date',
      ],
      [
        { ...requestBody(), scheduleOptions: { A: { date: inDays(90), start: '15:00', end: '17:00' } } },
        'scheduleOptions.A.date',
      ],
      [
        { ...requestBody(), scheduleOptions: { A: { date: '2025-02-30', start: '15:00', end: '17:00' } } },
        'scheduleOptions.A.date',
      ],
      [
        { ...requestBody(), scheduleOptions: { A: { date: inDays(2), start: '17:00', end: '15:00' } } },
        'scheduleOptions.A.end',
      ],
      [
        { ...requestBody(), scheduleOptions: { A: { date: inDays(2), start: '06:00', end: '09:00' } } },
        'scheduleOptions.A.start',
      ],
      [{ ...requestBody(), doubts: '   ' }, 'doubts'],
      [{ ...requestBody(), doubts: 'x'.repeat(1001) }, 'doubts'],
      [{ doubts: 'Sin opciones' }, 'scheduleOptions'],
      [{ ...requestBody(), pipeline: 'hack' }, ''],
    ];
    for (const [body, field] of cases) {
      const response = await apiCall(stack, 'POST', '/api/tutorial', { token: student.token, body });
      expect({ field, status: response.status }).toEqual({ field, status: 400 });
      const issues = (response.body as { issues?: { path: string }[] }).issues ?? [];
      if (field) expect(issues.map((issue) => issue.path)).toContain(field);
    }
    expect((await apiCall(stack, 'GET', '/api/tutorial', { token: student.token })).body).toMatchObject({
      tutorials: [],
      tutorials_available: 1,
    });
    expect(await quotaItem(student.sub)).toBeUndefined();
  });

  it('lets the student cancel a scheduled session only while it is ahead; operators move requests along', async () => {
    const student = await registeredStudent();
    const first = await apiCall(stack, 'POST', '/api/tutorial', {
      token: student.token,
      body: requestBody(),
    });
    const id = (first.body as { tutorial: { id: string } }).tutorial.id;
    const reference = `${student.sub}/${id}`;

    expect(await applyOperatorChange({ reference, state: 'realizada' })).toMatchObject({ ok: false });
    const scheduled = await applyOperatorChange({ reference, state: 'agendada', at: `${inDays(3)}T16:00` });
    expect(scheduled).toMatchObject({ ok: true, item: { state: 'agendada' } });
    const listed = (await apiCall(stack, 'GET', '/api/tutorial', { token: student.token }))
      .body as TutoringOverview;
    expect(listed.tutorials[0]).toMatchObject({
      state: 'agendada',
      scheduledAt: scheduled.item?.scheduledAt,
      cancellable: true,
    });

    // The session time passed (moved into the past directly): it can no longer be cancelled.
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      await setStateByOperator(student.sub, id, {
        from: 'agendada',
        to: 'agendada',
        scheduledAt: past,
        now: new Date(),
      }),
    ).toMatchObject({ scheduledAt: past });
    const late = await apiCall(stack, 'GET', `/api/tutorial/cancel/${id}`, { token: student.token });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ tutorial: { state: 'agendada', cancellable: false } });
    expect(await applyOperatorChange({ reference, state: 'realizada' })).toMatchObject({ ok: true });
    const done = (await apiCall(stack, 'GET', '/api/tutorial', { token: student.token }))
      .body as TutoringOverview;
    expect(done).toMatchObject({
      tutorials: [{ state: 'realizada', cancellable: false }],
      tutorials_available: 0,
    });
    expect(await applyOperatorChange({ reference, state: 'cancelada' })).toMatchObject({ ok: false });
  });

  it('gives the hour back when an operator cancels, once', async () => {
    const student = await registeredStudent();
    const first = await apiCall(stack, 'POST', '/api/tutorial', {
      token: student.token,
      body: requestBody(),
    });
    const id = (first.body as { tutorial: { id: string } }).tutorial.id;
    const result = await applyOperatorChange({ reference: `${student.sub}/${id}`, state: 'cancelada' });
    expect(result).toMatchObject({ ok: true, message: expect.stringContaining('hour given back') });
    expect((await apiCall(stack, 'GET', '/api/tutorial', { token: student.token })).body).toMatchObject({
      tutorials: [{ state: 'cancelada' }],
      tutorials_available: 1,
    });
    // The student's cancel of it afterwards is a harmless repeat.
    const repeat = await apiCall(stack, 'GET', `/api/tutorial/cancel/${id}`, { token: student.token });
    expect(repeat.body).toMatchObject({ tutorial: { state: 'cancelada' }, tutorials_available: 1 });
  });
});

describe('the quota item in DynamoDB', () => {
  it('enforces 1 per month and 12 per year with single conditional updates, and never goes below 0', async () => {
    const sub = `quota-${timeOrderedId()}`;
    const year = 2031;
    const ids = Array.from({ length: 12 }, () => timeOrderedId());
    for (let month = 1; month <= 12; month++) {
      expect(await spendQuotaHour(sub, { year, month }, ids[month - 1] as string)).toBe(true);
      expect(await spendQuotaHour(sub, { year, month }, timeOrderedId())).toBe(false);
    }
    const key = { pk: `USER#${sub}`, sk: `TUTORING_QUOTA#${year}` };
    const read = async () =>
      (await dynamo().send(new GetCommand({ TableName: stack.tables.users, Key: key }))).Item;
    expect(await read()).toMatchObject({ total: 12, month_01: 1, month_12: 1 });

    // The year's cap alone: a month with nothing used is still refused once 12 are used.
    await dynamo().send(
      new PutCommand({
        TableName: stack.tables.users,
        Item: { ...key, year, total: 12, used: new Set(['x']) },
      }),
    );
    expect(await spendQuotaHour(sub, { year, month: 5 }, timeOrderedId())).toBe(false);

    // Giving back: only an hour the request used, once, never below 0.
    const other = `quota-${timeOrderedId()}`;
    const id = timeOrderedId();
    expect(await returnQuotaHour(other, { year, month: 3 }, id)).toBe(false);
    expect(await spendQuotaHour(other, { year, month: 3 }, id)).toBe(true);
    expect(await returnQuotaHour(other, { year, month: 3 }, timeOrderedId())).toBe(false);
    expect(await returnQuotaHour(other, { year, month: 3 }, id)).toBe(true);
    expect(await returnQuotaHour(other, { year, month: 3 }, id)).toBe(false);
    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: stack.tables.users,
        Key: { pk: `USER#${other}`, sk: `TUTORING_QUOTA#${year}` },
      }),
    );
    expect(Item).toMatchObject({ total: 0, month_03: 0 });
    expect(Item?.used).toBeUndefined();
  });
});
