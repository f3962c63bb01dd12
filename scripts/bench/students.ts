/** Students of the local stack for the benchmark, set up through the API as the web app would. */
import { usernameFromEmail } from '@core/domain/username';
import { apiCall, createStudent } from '../../test/helpers/localUsers';
import type { StackInfo } from '../local/stack';

export const BENCH_ONBOARDING = {
  course: 'paes',
  profile: 'emch-cientifico-humanista',
  selectedTests: ['paes_competencia_lectora', 'paes_competencia_matematica_m1'],
  date: 'otra',
  targetPoints: 700,
} as const;

export interface BenchStudent {
  email: string;
  password: string;
  sub: string;
  token: string;
}

async function expectStatus(
  call: Promise<{ status: number; body: unknown }>,
  expected: number[],
  what: string,
): Promise<unknown> {
  const { status, body } = await call;
  if (!expected.includes(status)) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * A verified student with a server record, registered in the (local) CRM as the sign-up page does,
 * and unless `onboarding: false` a finished onboarding (PAES, M1 and Lectora; it queues a CRM update).
 */
export async function registeredStudent(
  stack: StackInfo,
  options: { onboarding?: boolean } = {},
): Promise<BenchStudent> {
  const student = await createStudent(stack, { name: 'Camila Rojas' });
  const token = student.tokens.IdToken;
  const fields = {
    firstname: 'Camila',
    lastname: 'Rojas',
    email: student.email,
    phone: '+56912345678',
    username: usernameFromEmail(student.email),
    pathname: '/registro',
  };
  await expectStatus(
    apiCall(stack, 'POST', '/api/hubspot/submission/register', {
      body: { fields, context: { pageUri: 'http://127.0.0.1/registro', pageName: 'Crea tu cuenta' } },
    }),
    [200],
    'CRM registration form',
  );
  await expectStatus(
    apiCall(stack, 'POST', '/api/user/signup-v2', { token, body: { ...fields, hubspot_id: null } }),
    [200, 201],
    'sign-up',
  );
  if (options.onboarding !== false) {
    await expectStatus(
      apiCall(stack, 'POST', '/api/onboarding', { token, body: { onboarding: BENCH_ONBOARDING } }),
      [200],
      'onboarding',
    );
  }
  return { email: student.email, password: student.password, sub: student.sub, token };
}

export interface RunningAttempt {
  student: BenchStudent;
  attemptId: string;
  testSlug: string;
  questionIds: string[];
}

/** Starts the student's attempt of a test (the free tier allows one) and keeps its question ids. */
export async function startAttempt(
  stack: StackInfo,
  student: BenchStudent,
  testSlug: string,
): Promise<RunningAttempt> {
  const paper = (await expectStatus(
    apiCall(stack, 'POST', `/api/exam/${testSlug}/attempt`, { token: student.token }),
    [200, 201],
    'exam start',
  )) as { attempt: { id: string }; questions: { id: string }[] };
  return { student, attemptId: paper.attempt.id, testSlug, questionIds: paper.questions.map((q) => q.id) };
}

/** The body the exam screen sends at the end: every question answered (A), as the spec serialises it. */
export function submissionBody(attempt: RunningAttempt): string {
  return JSON.stringify({
    attemptId: attempt.attemptId,
    examType: attempt.testSlug,
    startTime: Date.now() - 60_000,
    endTime: Date.now(),
    points: null,
    course: 'paes',
    progress: JSON.stringify(attempt.questionIds.map((id) => ({ id, selected: 'A' }))),
  });
}

/** Runs `work` over `items` with at most `limit` at a time (the local pool is one process). */
export async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
}
