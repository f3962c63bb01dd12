/**
 * The course flow against the local stack: a free student completes submodules until the lesson
 * allowance is spent and the next lesson is refused (nothing stored changes), then becomes premium
 * and goes on; two tabs saving at once keep each other's work; the last lesson is stored.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserRecord } from '@core/api/user';
import type { SubjectDetail } from '@core/domain/contentViews';
import type { CourseProgress, SubmoduleRef } from '@core/domain/lessonProgress';
import { usernameFromEmail } from '@core/domain/username';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { validateContent } from '../../content/validate';
import { dynamo } from '../../lambdas/data/client';
import { crmLog, eventually } from '../helpers/crmLog';
import { apiCall, createStudent, registerCrmContact } from '../helpers/localUsers';

const stack = inject('stack');
const { bundle } = validateContent(process.env.CONTENT_DIR);
const subjects = bundle.subjects.map((s) => s.data).filter((s) => s.lessons.length >= 5);

beforeAll(() => {
  process.env.DYNAMODB_ENDPOINT = stack.dynamoEndpoint;
  process.env.USERS_TABLE = stack.tables.users;
});

async function registeredStudent() {
  const student = await createStudent(stack);
  const token = student.tokens.IdToken;
  const created = await apiCall(stack, 'POST', '/api/user/signup-v2', {
    token,
    body: {
      firstname: 'Camila',
      lastname: 'Rojas',
      email: student.email,
      phone: '+56912345678',
      username: usernameFromEmail(student.email),
      pathname: '/registro',
      hubspot_id: null,
    },
  });
  expect(created.status).toBe(201);
  return { ...student, token };
}

/** The progress the browser would send after completing `refs` (spec shape, lesson flags left to the server). */
function progressBody(refs: SubmoduleRef[], maxLessonsAvailable = 3): CourseProgress {
  const bySubject = new Map<string, Map<string, string[]>>();
  for (const ref of refs) {
    const lessons = bySubject.get(ref.subjectId) ?? new Map<string, string[]>();
    lessons.set(ref.lessonId, [...(lessons.get(ref.lessonId) ?? []), ref.submoduleId]);
    bySubject.set(ref.subjectId, lessons);
  }
  return {
    maxLessonsAvailable,
    subjects: [...bySubject].map(([id, lessons]) => ({
      id,
      progress_percent: 0,
      complete: false,
      lessons: [...lessons].map(([lessonId, submodules]) => ({
        id: lessonId,
        complete: false,
        submodules: submodules.map((submoduleId) => ({ id: submoduleId, complete: true })),
      })),
    })),
  };
}

/** Every submodule of a subject in course order. */
const submodulesOf = (subject: (typeof subjects)[number]): SubmoduleRef[] =>
  subject.lessons.flatMap((lesson) =>
    lesson.submodules.map((s) => ({ subjectId: subject.id, lessonId: lesson.id, submoduleId: s.id })),
  );

const saveProgress = (token: string, refs: SubmoduleRef[], course = 'paes') =>
  apiCall(stack, 'POST', `/api/user?course=${course}`, { token, body: { progress: progressBody(refs) } });

const userRecord = async (token: string) =>
  (await apiCall(stack, 'GET', '/api/user', { token })).body as UserRecord;

const subjectDetail = async (token: string, id: string) =>
  (
    (await apiCall(stack, 'GET', `/api/subject/${id}`, { token })).body as SubjectDetail[]
  )[0] as SubjectDetail;

describe('lesson progress', () => {
  it('has subjects of at least five lessons to study', () => {
    expect(subjects.length).toBeGreaterThanOrEqual(2);
  });

  it('a free student completes submodules until the allowance is spent, is refused the next lesson, then goes on as premium', async () => {
    const student = await registeredStudent();
    const { token } = student;
    const [subject] = subjects;
    if (!subject) throw new Error('no subject');
    const all = submodulesOf(subject);
    const firstThreeLessons = all.filter(
      (ref) => subject.lessons.findIndex((l) => l.id === ref.lessonId) < 3,
    );
    const contactId = await registerCrmContact(stack, student);
    await apiCall(stack, 'POST', '/api/user', { token, body: { hubspot_id: contactId } });

    // One submodule at a time, as the player saves after each one.
    const done: SubmoduleRef[] = [];
    const allowanceSeen: number[] = [];
    for (const ref of firstThreeLessons) {
      done.push(ref);
      const saved = await saveProgress(token, done);
      expect(saved.status, `${ref.lessonId}/${ref.submoduleId}`).toBe(200);
      allowanceSeen.push((saved.body as UserRecord).progress.maxLessonsAvailable);
    }
    // A lesson is charged when it is opened (its first submodule), never below 0.
    const perLesson = subject.lessons.slice(0, 3).map((l) => l.submodules.length);
    expect(allowanceSeen).toEqual(perLesson.flatMap((count, i) => Array(count).fill(2 - i)));

    const before = await userRecord(token);
    expect(before.progress.maxLessonsAvailable).toBe(0);
    expect(before.progress.subjects).toEqual([
      expect.objectContaining({
        id: subject.id,
        complete: false,
        lessons: subject.lessons.slice(0, 3).map((l) => ({
          id: l.id,
          complete: true,
          submodules: l.submodules.map((s) => ({ id: s.id, complete: true })),
        })),
      }),
    ]);

    // The fourth lesson: the browser would block it; a crafted request is refused and changes nothing.
    const fourth = all[firstThreeLessons.length] as SubmoduleRef;
    const refused = await saveProgress(token, [...done, fourth]);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'LESSON_ALLOWANCE_EXCEEDED',
      maxLessonsAvailable: 0,
      lessonsToOpen: 1,
    });
    const otherSubject = subjects[1] as (typeof subjects)[number];
    expect((await saveProgress(token, [submodulesOf(otherSubject)[0] as SubmoduleRef])).status).toBe(403);
    expect(await userRecord(token)).toEqual(before);

    // Locked lessons come without their content; opened ones keep theirs at zero allowance.
    const locked = await subjectDetail(token, subject.id);
    expect(locked.lessons.map((l) => l.locked)).toEqual(subject.lessons.map((_, i) => i >= 3));
    expect((await subjectDetail(token, otherSubject.id)).lessons.every((l) => l.locked)).toBe(true);

    // The trivia of completed submodules is answered for GET /api/question/{id}.
    const firstTrivia = subject.lessons[0]?.submodules[0]?.trivia[0];
    const [revealed] = (await apiCall(stack, 'GET', `/api/question/${firstTrivia?.id}`, { token })).body as [
      { correct?: string } | false,
    ];
    expect(revealed).toMatchObject({ correct: firstTrivia?.alternatives.find((a) => a.correct)?.id });
    const lockedTrivia = subject.lessons[3]?.submodules[0]?.trivia[0];
    expect((await apiCall(stack, 'GET', `/api/question/${lockedTrivia?.id}`, { token })).body).toEqual([
      false,
    ]);

    // clases_restantes reached the CRM through the queue for this free student.
    await eventually(() =>
      crmLog(stack.logDir).find(
        (e) =>
          e.call === 'updateContactProperties' &&
          e.contactId === contactId &&
          e.properties.clases_restantes === '0',
      ),
    );

    // Premium (as the Stripe webhook would set it): no limit.
    await dynamo().send(
      new UpdateCommand({
        TableName: stack.tables.users,
        Key: { pk: `USER#${student.sub}`, sk: 'PROFILE' },
        UpdateExpression: 'SET is_premium = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
    expect((await subjectDetail(token, subject.id)).lessons.every((l) => !l.locked)).toBe(true);
    const premium = await saveProgress(token, all);
    expect(premium.status).toBe(200);
    const progress = (premium.body as UserRecord).progress;
    expect(progress.maxLessonsAvailable).toBe(0);
    expect(progress.subjects[0]).toMatchObject({ id: subject.id, progress_percent: 100, complete: true });
    expect((await saveProgress(token, submodulesOf(otherSubject).slice(0, 1))).status).toBe(200);
  });

  it('keeps the work of two tabs that save at the same time', async () => {
    const { token } = await registeredStudent();
    const [subject] = subjects;
    if (!subject) throw new Error('no subject');
    const [a, b, c] = submodulesOf(subject);
    if (!a || !b || !c) throw new Error('no submodules');
    expect((await saveProgress(token, [a])).status).toBe(200);
    // Tab 1 completed b, tab 2 completed c; each sends what it knows.
    const results = await Promise.all([
      saveProgress(token, [a, b]),
      saveProgress(token, [a, c]),
      saveProgress(token, [a, c]),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const { progress } = await userRecord(token);
    expect(progress.subjects[0]?.lessons[0]?.submodules.map((s) => s.id).sort()).toEqual(
      [a, b, c].map((r) => r.submoduleId).sort(),
    );
    expect(progress.maxLessonsAvailable).toBe(2);
  });

  it('cannot spend the last free lesson twice from two tabs', async () => {
    const { token } = await registeredStudent();
    const [first, second] = subjects;
    if (!first || !second) throw new Error('no subjects');
    const lessonStarts = (subject: typeof first) =>
      subject.lessons.map((l) => ({
        subjectId: subject.id,
        lessonId: l.id,
        submoduleId: l.submodules[0]?.id ?? '',
      }));
    const opened = lessonStarts(first).slice(0, 2);
    expect((await saveProgress(token, opened)).status).toBe(200);
    const [x, y] = await Promise.all([
      saveProgress(token, [...opened, lessonStarts(first)[2] as SubmoduleRef]),
      saveProgress(token, [...opened, lessonStarts(second)[0] as SubmoduleRef]),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 403]);
    const { progress } = await userRecord(token);
    expect(progress.maxLessonsAvailable).toBe(0);
    expect(progress.subjects.flatMap((s) => s.lessons)).toHaveLength(3);
  });

  it('stores the last lesson, and refuses content that does not exist', async () => {
    const { token } = await registeredStudent();
    const [subject] = subjects;
    const lesson = subject?.lessons[1];
    const lastLesson = `${subject?.id}/${lesson?.id}/${lesson?.submodules[0]?.id}`;
    const saved = await apiCall(stack, 'POST', '/api/user/lastLesson', { token, body: { lastLesson } });
    expect(saved.status).toBe(200);
    expect((await userRecord(token)).last_lesson).toBe(lastLesson);
    const bad = await apiCall(stack, 'POST', '/api/user/lastLesson', {
      token,
      body: { lastLesson: `${subject?.id}/no-existe` },
    });
    expect(bad.status).toBe(400);
    const crafted = await apiCall(stack, 'POST', '/api/user/lastLesson', {
      token,
      body: { lastLesson, is_premium: true },
    });
    expect(crafted.status).toBe(400);
  });
});
