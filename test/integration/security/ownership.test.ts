/**
 * Ownership (IDOR): two students, A (the owner) and B (the intruder). For every student route that
 * takes an id or an e-mail — a path parameter, or a query/body field named like one — B tries to
 * read, change or cancel A's data with A's ids. B gets a 404/403 or acts on B's own data only,
 * and A's data (every item of A's partition, A's CRM contact, A's Stripe customer) is unchanged.
 *
 * The list of such routes is generated from the route table and the operations' schemas: a new
 * route that takes an id fails "every id-taking route has a case" until a case is written here.
 * Public routes are left out: they have no caller who could own anything.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExamCatalogue, ExamResult, StartedAttempt } from '@core/api/exam';
import { addDays, chileDate } from '@core/domain/chileTime';
import { usernameFromEmail } from '@core/domain/username';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ZodType } from 'zod';
import { dynamo } from '../../../lambdas/data/client';
import { operations as crmOperations } from '../../../lambdas/http/crm';
import { operations as examOperations } from '../../../lambdas/http/exam';
import { operations as healthOperations } from '../../../lambdas/http/health';
import { operations as onboardingOperations } from '../../../lambdas/http/onboarding';
import { operations as questionOperations } from '../../../lambdas/http/question';
import { operations as stripeOperations } from '../../../lambdas/http/stripe';
import { operations as subjectOperations } from '../../../lambdas/http/subject';
import { operations as tutorialOperations } from '../../../lambdas/http/tutorial';
import { operations as userOperations } from '../../../lambdas/http/user';
import type { Operation } from '../../../lambdas/lib/handler';
import { type HandlerModule, type Route, routeKey, routes } from '../../../lambdas/routes';
import { eventually } from '../../helpers/crmLog';
import { apiCall, createStudent, registerCrmContact } from '../../helpers/localUsers';

const stack = inject('stack');

const operationsByModule: Record<HandlerModule, Record<string, Operation>> = {
  health: healthOperations,
  subject: subjectOperations,
  user: userOperations,
  exam: examOperations,
  tutorial: tutorialOperations,
  onboarding: onboardingOperations,
  question: questionOperations,
  crm: crmOperations,
  stripe: stripeOperations,
};

/** A top-level field that names a record or a person: `id`, `…Id`, `…_id`, `email`. */
const IDENTIFIER_FIELD = /(^|_)id$|[a-z]Id$|^email$/;

/** The top-level field names of a zod schema, through optional/default/pipe/refine wrappers. */
function fieldNames(schema: ZodType | undefined): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { def: Record<string, unknown> }).def;
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return fieldNames(def.innerType as ZodType);
    case 'pipe':
      return fieldNames(def.in as ZodType);
    case 'union':
      return (def.options as ZodType[]).flatMap(fieldNames);
    default:
      return [];
  }
}

function identifierInputs(route: Route): string[] {
  const operation = operationsByModule[route.module][route.operation];
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => `path.${m[1]}`);
  const query = fieldNames(operation?.query).filter((f) => IDENTIFIER_FIELD.test(f));
  const body = fieldNames(operation?.body).filter((f) => IDENTIFIER_FIELD.test(f));
  return [...pathParams, ...query.map((f) => `query.${f}`), ...body.map((f) => `body.${f}`)];
}

const idTakingRoutes = routes.filter(
  (route) => route.access === 'user' && identifierInputs(route).length > 0,
);

// ── Two students, and what A owns ───────────────────────────────────────────────────────────

interface Student {
  email: string;
  sub: string;
  token: string;
  tokens: { IdToken: string; AccessToken: string; RefreshToken: string };
  contactId: string;
}

async function student(options: { crm?: boolean } = {}): Promise<Student> {
  const created = await createStudent(stack);
  const signUp = await apiCall(stack, 'POST', '/api/user/signup-v2', {
    token: created.tokens.IdToken,
    body: {
      firstname: 'Camila',
      lastname: 'Rojas',
      email: created.email,
      phone: '+56912345678',
      username: usernameFromEmail(created.email),
      pathname: '/registro',
      hubspot_id: null,
    },
  });
  expect(signUp.status).toBe(201);
  let contactId = '';
  if (options.crm !== false) {
    contactId = await registerCrmContact(stack, created);
    const linked = await apiCall(stack, 'POST', '/api/user', {
      token: created.tokens.IdToken,
      body: { hubspot_id: contactId },
    });
    expect(linked.status).toBe(200);
  }
  return { ...created, token: created.tokens.IdToken, contactId };
}

const call = (who: Student, method: string, route: string, body?: unknown) =>
  apiCall(stack, method, route, { token: who.token, ...(body !== undefined ? { body } : {}) });

const readJsonLines = (file: string): Record<string, unknown>[] => {
  const full = path.join(stack.logDir, file);
  return existsSync(full)
    ? readFileSync(full, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
};
const crmContacts = (): Record<string, string> => {
  const file = path.join(stack.logDir, 'crm-contacts.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
};
const stripeCustomer = (id: string) => {
  const file = path.join(stack.logDir, 'payments-state.json');
  const state = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { customers: {} };
  return state.customers[id] as { id: string; deleted?: true } | undefined;
};

let owner: Student;
let intruder: Student;
const owned = {
  submittedAttemptId: '',
  runningAttemptId: '',
  runningSlug: '',
  submittedSlug: 'paes_competencia_matematica_m1',
  answeredQuestionId: '',
  tutorialId: '',
  stripeCustomerId: '',
};
/** Every item of A's partition (the export), taken once everything A owns exists. */
let ownerItems: unknown;

const exportedItems = async (who: Student) => {
  const response = await call(who, 'GET', '/api/user/export');
  expect(response.status).toBe(200);
  return (response.body as { items: unknown[] }).items;
};

async function expectOwnerUntouched() {
  expect(await exportedItems(owner)).toEqual(ownerItems);
  expect(crmContacts()[owner.email]).toBe(owner.contactId);
  expect(stripeCustomer(owned.stripeCustomerId)?.deleted).toBeUndefined();
}

beforeAll(async () => {
  process.env.DYNAMODB_ENDPOINT = stack.dynamoEndpoint;
  process.env.USERS_TABLE = stack.tables.users;
  [owner, intruder] = await Promise.all([student(), student()]);

  // A: three exams, one attempt submitted, one running.
  await dynamo().send(
    new UpdateCommand({
      TableName: stack.tables.users,
      Key: { pk: `USER#${owner.sub}`, sk: 'PROFILE' },
      UpdateExpression: 'SET exams_available = :n',
      ExpressionAttributeValues: { ':n': 3 },
    }),
  );
  const catalogue = (await call(owner, 'GET', '/api/exam')).body as ExamCatalogue;
  owned.runningSlug = catalogue.tests.map((t) => t.slug).find((s) => s !== owned.submittedSlug) ?? '';
  const started = await call(owner, 'POST', `/api/exam/${owned.submittedSlug}/attempt`);
  expect(started.status).toBe(201);
  const paper = started.body as StartedAttempt;
  owned.submittedAttemptId = paper.attempt.id;
  owned.answeredQuestionId = paper.questions[0]?.id ?? '';
  const submitted = await call(owner, 'POST', '/api/exam/progress', {
    attemptId: paper.attempt.id,
    examType: owned.submittedSlug,
    progress: JSON.stringify(
      paper.questions.map((q) => ({
        id: q.id,
        answers: q.alternatives.map((a, i) => ({ id: a.id, selected: i === 0 })),
      })),
    ),
  });
  expect(submitted.status).toBe(201);
  expect((submitted.body as { data: ExamResult[] }).data[0]?.status).toBe('submitted');
  const running = await call(owner, 'POST', `/api/exam/${owned.runningSlug}/attempt`);
  expect(running.status).toBe(201);
  owned.runningAttemptId = (running.body as StartedAttempt).attempt.id;

  // A: a tutoring request and a Stripe customer.
  const inDays = (days: number) => addDays(chileDate(new Date()), days);
  const tutorial = await call(owner, 'POST', '/api/tutorial', {
    scheduleOptions: { A: { date: inDays(3), start: '15:00', end: '17:00' } },
    doubts: 'Funciones cuadráticas',
  });
  expect(tutorial.status).toBe(201);
  owned.tutorialId = (tutorial.body as { tutorial: { id: string } }).tutorial.id;
  expect((await call(owner, 'POST', '/api/stripe/checkout', { plan: 'monthly' })).status).toBe(200);
  owned.stripeCustomerId = String(
    ((await call(owner, 'GET', '/api/user')).body as Record<string, unknown>).stripe_customer_id,
  );
  expect(owned.stripeCustomerId).toMatch(/^cus_local_/);

  ownerItems = await exportedItems(owner);
  expect(JSON.stringify(ownerItems)).toContain(owned.runningAttemptId);
}, 60_000);

// ── The cases: one per id-taking route, in the order they run ──────────────────────────────

const cases: [key: string, run: () => Promise<void>][] = [
  [
    'GET /api/exam/progress/{id}',
    async () => {
      for (const id of [owned.submittedAttemptId, owned.runningAttemptId]) {
        const response = await call(intruder, 'GET', `/api/exam/progress/${id}`);
        expect(response.status).toBe(404);
        expect(JSON.stringify(response.body)).not.toContain(owned.answeredQuestionId);
      }
    },
  ],
  [
    'POST /api/exam/progress',
    async () => {
      for (const [attemptId, examType] of [
        [owned.runningAttemptId, owned.runningSlug],
        [owned.submittedAttemptId, owned.submittedSlug],
      ]) {
        const response = await call(intruder, 'POST', '/api/exam/progress', {
          attemptId,
          examType,
          progress: '[]',
        });
        expect(response.status).toBe(404);
      }
    },
  ],
  [
    'GET /api/exam/{id}',
    async () => {
      // A has a running attempt of this test; B has none, so B is told to start one (B has an exam).
      const response = await call(intruder, 'GET', `/api/exam/${owned.runningSlug}`);
      expect(response.status).toBe(409);
      expect(JSON.stringify(response.body)).not.toContain(owned.runningAttemptId);
    },
  ],
  [
    'DELETE /api/exam/{id}/attempt',
    async () => {
      const response = await call(intruder, 'DELETE', `/api/exam/${owned.runningSlug}/attempt`);
      expect(response).toMatchObject({ status: 200, body: { cancelled: false } });
    },
  ],
  [
    'POST /api/exam/{id}/attempt',
    async () => {
      // B's start of the same test is B's own attempt; A's stays running and A's pointer stays A's.
      const response = await call(intruder, 'POST', `/api/exam/${owned.runningSlug}/attempt`);
      expect(response.status).toBe(201);
      expect((response.body as StartedAttempt).attempt.id).not.toBe(owned.runningAttemptId);
      const ownerPaper = await call(owner, 'GET', `/api/exam/${owned.runningSlug}`);
      expect((ownerPaper.body as StartedAttempt).attempt.id).toBe(owned.runningAttemptId);
    },
  ],
  [
    'GET /api/question/{id}',
    async () => {
      const response = await call(intruder, 'GET', `/api/question/${owned.answeredQuestionId}`);
      expect(response).toMatchObject({ status: 200, body: [false] });
      const own = await call(owner, 'GET', `/api/question/${owned.answeredQuestionId}`);
      expect((own.body as [{ id: string }])[0]).toMatchObject({ id: owned.answeredQuestionId });
    },
  ],
  [
    'GET /api/tutorial/cancel/{id}',
    async () => {
      const response = await call(intruder, 'GET', `/api/tutorial/cancel/${owned.tutorialId}`);
      expect(response.status).toBe(404);
      const mine = (await call(owner, 'GET', '/api/tutorial')).body as {
        tutorials: { id: string; state: string }[];
        tutorials_available: number;
      };
      expect(mine.tutorials.find((t) => t.id === owned.tutorialId)?.state).toBe('solicitada');
      expect(mine.tutorials_available).toBe(0);
    },
  ],
  [
    'GET /api/hubspot/contact',
    async () => {
      const response = await call(
        intruder,
        'GET',
        `/api/hubspot/contact?email=${encodeURIComponent(owner.email)}`,
      );
      expect(response.status).toBe(403);
      expect(JSON.stringify(response.body)).not.toContain(owner.contactId);
    },
  ],
  [
    'PUT /api/hubspot/contact',
    async () => {
      const value = String(100 + Math.floor(Math.random() * 900));
      const response = await call(intruder, 'PUT', '/api/hubspot/contact', {
        name: 'clases_restantes',
        value,
        contactId: owner.contactId,
      });
      expect(response.status).toBe(202);
      const applied = await eventually(
        () =>
          readJsonLines('crm-log.jsonl').find(
            (e) =>
              e.call === 'updateContactProperties' &&
              (e.properties as Record<string, string>).clases_restantes === value,
          ),
        { what: 'the property update', timeoutMs: 10_000 },
      );
      expect(applied.contactId).toBe(intruder.contactId);
    },
  ],
  [
    'POST /api/hubspot/ticket',
    async () => {
      const subject = `Ticket de prueba ${Date.now()}`;
      const response = await call(intruder, 'POST', '/api/hubspot/ticket', {
        subject,
        content: 'Dudas',
        contactId: owner.contactId,
      });
      expect(response.status).toBe(202);
      const ticket = await eventually(
        () => readJsonLines('crm-log.jsonl').find((e) => e.call === 'createTicket' && e.subject === subject),
        { what: 'the ticket', timeoutMs: 10_000 },
      );
      expect(ticket.contactId).toBe(intruder.contactId);
    },
  ],
  [
    'POST /api/user',
    async () => {
      // Linking A's CRM contact would aim B's updates, tickets and account deletion at it.
      const response = await call(intruder, 'POST', '/api/user', { hubspot_id: owner.contactId });
      expect(response.status).toBe(403);
      const record = (await call(intruder, 'GET', '/api/user')).body as Record<string, unknown>;
      expect(record.hubspot_id).toBe(intruder.contactId);
    },
  ],
  [
    'POST /api/user/signup-v2',
    async () => {
      const newcomer = await createStudent(stack);
      const body = {
        firstname: 'Diego',
        lastname: 'Soto',
        email: newcomer.email,
        phone: '+56987654321',
        username: usernameFromEmail(newcomer.email),
        pathname: '/registro',
        hubspot_id: owner.contactId,
      };
      const withOwnersEmail = await apiCall(stack, 'POST', '/api/user/signup-v2', {
        token: newcomer.tokens.IdToken,
        body: { ...body, email: owner.email, username: usernameFromEmail(owner.email) },
      });
      expect(withOwnersEmail.status).toBe(403);
      const withOwnersContact = await apiCall(stack, 'POST', '/api/user/signup-v2', {
        token: newcomer.tokens.IdToken,
        body,
      });
      expect(withOwnersContact.status).toBe(201);
      expect(withOwnersContact.body).toMatchObject({ hubspot_id: null });
    },
  ],
  [
    'DELETE /api/user/deleteAllData',
    async () => {
      const leaver = await student();
      // The whole attack: point the record at A's contact, then delete the account (which deletes
      // the linked contact), also naming A's ids in the body. Only the leaver's own go.
      await call(leaver, 'POST', '/api/user', { hubspot_id: owner.contactId });
      const response = await call(leaver, 'DELETE', '/api/user/deleteAllData', {
        hsContactId: owner.contactId,
        stripeCustomerId: owned.stripeCustomerId,
      });
      expect(response.status).toBe(200);
      const deletions = readJsonLines('crm-log.jsonl').filter((e) => e.call === 'deleteContact');
      expect(deletions.map((e) => e.contactId)).toContain(leaver.contactId);
      expect(deletions.map((e) => e.contactId)).not.toContain(owner.contactId);
      expect(
        readJsonLines('payments-log.jsonl').filter(
          (e) => e.call === 'deleteCustomer' && e.customerId === owned.stripeCustomerId,
        ),
      ).toEqual([]);
    },
  ],
  [
    'GET /api/subject/{id}',
    async () => {
      // A subject is catalogue, not A's; what it shows depends on the caller only. A premium
      // student sees every lesson open; B, free, sees the same subject with the later lessons locked.
      const premium = await student({ crm: false });
      await dynamo().send(
        new UpdateCommand({
          TableName: stack.tables.users,
          Key: { pk: `USER#${premium.sub}`, sk: 'PROFILE' },
          UpdateExpression: 'SET is_premium = :t',
          ExpressionAttributeValues: { ':t': true },
        }),
      );
      const [first] = (await call(intruder, 'GET', '/api/subject?course=paes')).body as { id: string }[];
      const openLessons = async (who: Student) => {
        const response = await call(who, 'GET', `/api/subject/${first?.id}`);
        expect(response.status).toBe(200);
        const [detail] = response.body as [{ lessons: { locked?: boolean; submodules: unknown[] }[] }];
        return detail.lessons.filter((lesson) => lesson.locked !== true).length;
      };
      const lessonCount = (
        (await call(premium, 'GET', `/api/subject/${first?.id}`)).body as [{ lessons: unknown[] }]
      )[0].lessons.length;
      expect(await openLessons(premium)).toBe(lessonCount);
      expect(await openLessons(intruder)).toBeLessThan(lessonCount);
    },
  ],
];

describe('ownership: student B against student A’s data', () => {
  it('every id-taking student route has a case, and every case a route', () => {
    const expected = idTakingRoutes.map(routeKey).sort();
    expect(expected).toContain('GET /api/exam/progress/{id}');
    expect(expected).toContain('GET /api/hubspot/contact');
    expect(cases.map(([key]) => key).sort()).toEqual(expected);
  });

  it.each(cases)('%s: B gets nothing of A’s, and A’s data is unchanged', async (_key, run) => {
    await run();
    await expectOwnerUntouched();
  });
});
