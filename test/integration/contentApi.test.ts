/**
 * The content API over HTTP against the local stack, which loads the real content/ on start.
 * Expectations are computed from the same files, so they hold for any valid content; how much
 * content there is belongs to issue 12.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Question } from '@core/content/schema';
import type { ExamPaper, QuestionDetail, SubjectDetail, SubjectSummary } from '@core/domain/contentViews';
import { splitByWeight } from '@core/domain/examAssembly';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { validateContent } from '../../content/validate';
import { dynamo } from '../../lambdas/data/client';
import { apiCall, createStudent } from '../helpers/localUsers';

const stack = inject('stack');
// CONTENT_DIR points the stack (and these expectations) at another content directory.
const { problems, bundle } = validateContent(process.env.CONTENT_DIR);
const bank = bundle.questionFiles.flatMap((f) => f.data.questions);
const passages = new Map(bundle.questionFiles.flatMap((f) => f.data.passages ?? []).map((p) => [p.id, p]));
const trivia = bundle.subjects.flatMap(({ data }) =>
  data.lessons.flatMap((l) =>
    l.submodules.flatMap((s) => s.trivia.map((t) => ({ trivia: t, subject: data, lesson: l, submodule: s }))),
  ),
);

let token: string;
let sub: string;

beforeAll(async () => {
  process.env.DYNAMODB_ENDPOINT = stack.dynamoEndpoint;
  process.env.USERS_TABLE = stack.tables.users;
  const student = await createStudent(stack);
  token = student.tokens.IdToken;
  sub = student.sub;
});

/** GET as the test student, as another student, or (null) with no token. */
const get = (path: string, as: string | null = token) => apiCall(stack, 'GET', path, as ? { token: as } : {});

/** Every key of a JSON value, at any depth. */
function keysDeep(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysDeep);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [k, ...keysDeep(v)]);
  return [];
}
const SECRET_KEYS = ['correct', 'value', 'check', 'explanation', 'contentHash'];

async function markAnswered(studentSub: string, questionId: string, extra: Record<string, unknown>) {
  await dynamo().send(
    new PutCommand({
      TableName: stack.tables.users,
      Item: {
        pk: `USER#${studentSub}`,
        sk: `ANSWERED#${questionId}`,
        answeredAt: new Date().toISOString(),
        ...extra,
      },
    }),
  );
}

describe('content API', () => {
  it('runs on valid content (the stack loaded it on start)', () => {
    expect(problems).toEqual([]);
  });

  it('answers 401 without a token on every route', async () => {
    for (const path of ['/api/subject', '/api/subject/x', '/api/exam/matematica', '/api/question/x']) {
      expect((await get(path, null)).status, path).toBe(401);
    }
  });

  describe('GET /api/subject?course=', () => {
    const expected = (course: 'paes' | 'pdt') =>
      bundle.subjects
        .map((s) => s.data)
        .filter((s) => s.courses.includes(course))
        .sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1))
        .map((s) => s.id);

    it('lists the PAES subjects by default, in order, with `_id` and icon', async () => {
      const { status, body } = await get('/api/subject');
      expect(status).toBe(200);
      const list = body as SubjectSummary[];
      expect(list.map((s) => s.id)).toEqual(expected('paes'));
      for (const item of list) {
        const source = bundle.subjects.find((s) => s.data.id === item.id)?.data;
        expect(item).toEqual({
          _id: source?.id,
          id: source?.id,
          title: source?.title,
          description: source?.description,
          icon: source?.icon,
          courses: source?.courses,
          tests: source?.tests,
          order: source?.order,
          lessonCount: source?.lessons.length,
        });
      }
    });

    it('lowercases the course and refuses an unknown one', async () => {
      const pdt = await get('/api/subject?course=PDT');
      expect(pdt.status).toBe(200);
      expect((pdt.body as SubjectSummary[]).map((s) => s.id)).toEqual(expected('pdt'));
      expect((await get('/api/subject?course=Paes')).body).toEqual((await get('/api/subject')).body);
      const unknown = await get('/api/subject?course=psu');
      expect(unknown.status).toBe(400);
      expect((unknown.body as { message: string }).message).toMatch(/course/);
    });
  });

  describe('GET /api/subject/{id}', () => {
    it('answers an array whose first item is the subject; a new free student gets the content of the first 3 lessons only', async () => {
      expect(bundle.subjects.length).toBeGreaterThan(0);
      for (const { data: subject } of bundle.subjects) {
        const { status, body } = await get(`/api/subject/${subject.id}`);
        expect(status, subject.id).toBe(200);
        expect(Array.isArray(body)).toBe(true);
        const [detail] = body as SubjectDetail[];
        expect(detail).toMatchObject({
          _id: subject.id,
          id: subject.id,
          title: subject.title,
          icon: subject.icon,
        });
        expect(detail?.lessons.map((l) => [l.id, l.title, l.summary, l.submodules.map((s) => s.id)])).toEqual(
          subject.lessons.map((l) => [l.id, l.title, l.summary, l.submodules.map((s) => s.id)]),
        );
        for (const [index, lesson] of (detail?.lessons ?? []).entries()) {
          const source = subject.lessons[index];
          expect(lesson.locked, `${subject.id}/${lesson.id}`).toBe(index >= 3);
          if (lesson.locked) {
            // What the lesson covers, never its study text or trivia.
            expect(keysDeep(lesson).sort()).toEqual(
              [
                'id',
                'locked',
                'submodules',
                'summary',
                'title',
                ...lesson.submodules.flatMap(() => ['id', 'title']),
              ].sort(),
            );
            continue;
          }
          // Trivia is study material: keys and explanations come with an open lesson.
          expect(
            lesson.submodules.map((s) => [s.content, s.trivia.map((t) => [t.id, t.correct, t.explanation])]),
          ).toEqual(
            source?.submodules.map((s) => [
              s.content,
              s.trivia.map((t) => [t.id, t.alternatives.find((a) => a.correct)?.id, t.explanation]),
            ]),
          );
        }
        expect(keysDeep(body).filter((k) => ['value', 'check', 'contentHash'].includes(k))).toEqual([]);
      }
    });

    it('answers 404 for an unknown subject', async () => {
      const { status, body } = await get('/api/subject/no-existe');
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'No encontramos esa asignatura.' });
    });
  });

  describe('GET /api/exam/{id}', () => {
    /** A premium student (not limited), so every displayed test can be started. */
    let premium: string;
    beforeAll(async () => {
      const student = await createStudent(stack);
      premium = student.tokens.IdToken;
      await dynamo().send(
        new PutCommand({
          TableName: stack.tables.users,
          Item: {
            pk: `USER#${student.sub}`,
            sk: 'PROFILE',
            sub: student.sub,
            is_premium: true,
            exams_available: 0,
          },
        }),
      );
    });

    /** Starts (or resumes) an attempt and reads its paper back through `GET /api/exam/{id}`. */
    async function paperOf(slug: string): Promise<ExamPaper> {
      const startedAttempt = await apiCall(stack, 'POST', `/api/exam/${slug}/attempt`, { token: premium });
      expect([200, 201], slug).toContain(startedAttempt.status);
      const { status, body } = await get(`/api/exam/${slug}`, premium);
      expect(status, slug).toBe(200);
      expect((body as ExamPaper).questions).toEqual((startedAttempt.body as ExamPaper).questions);
      return body as ExamPaper;
    }

    it('draws no question without a running attempt (403 with no exam left, 409 otherwise)', async () => {
      const noRecord = await get('/api/exam/paes_competencia_matematica_m1');
      expect(noRecord.status).toBe(403);
      expect(noRecord.body).toMatchObject({ code: 'no_exams_available', premiumOffer: true });
      const withPremium = await get('/api/exam/paes_competencia_matematica_m1', premium);
      expect(withPremium.status).toBe(409);
      expect(withPremium.body).toMatchObject({ code: 'no_running_attempt' });
    });

    it('assembles every displayed test by its rules, from its own pools, with no answer key', async () => {
      for (const test of bundle.tests.filter((t) => t.display)) {
        const paper = await paperOf(test.slug);
        expect(
          keysDeep(paper).filter((k) => SECRET_KEYS.includes(k)),
          test.slug,
        ).toEqual([]);
        // Nor under another name: no explanation text appears anywhere in the answer.
        const json = JSON.stringify(paper);
        for (const q of paper.questions) {
          const explanation = JSON.stringify(bank.find((b) => b.id === q.id)?.explanation).slice(1, -1);
          expect(json.includes(explanation), q.id).toBe(false);
        }
        expect(paper.test).toMatchObject({
          slug: test.slug,
          display: test.display,
          durationMinutes: test.durationMinutes,
          questionCount: test.rules.questionCount,
        });
        const split = splitByWeight(test.rules.questionCount, test.rules.weights);
        expect(paper.subSubjects.map((s) => [s.subSubject, s.requested])).toEqual(Object.entries(split));
        expect(paper.requested).toBe(test.rules.questionCount);
        expect(paper.delivered).toBe(paper.questions.length);
        expect(paper.complete).toBe(paper.delivered === paper.requested);
        expect(new Set(paper.questions.map((q) => q.id)).size).toBe(paper.questions.length);
        for (const share of paper.subSubjects) {
          const pool = bank.filter((q) => q.tests.includes(test.slug) && q.subSubject === share.subSubject);
          const drawn = paper.questions.filter((q) => q.subSubject === share.subSubject);
          expect(drawn.length).toBe(share.delivered);
          expect(share.delivered).toBeLessThanOrEqual(Math.min(share.requested, pool.length));
          // Without passages every available question can be used.
          if (pool.every((q) => !q.passageId))
            expect(share.delivered).toBe(Math.min(share.requested, pool.length));
        }
        for (const question of paper.questions) {
          const source = bank.find((q) => q.id === question.id) as Question;
          expect(source.tests).toContain(test.slug);
          expect(question).toMatchObject({
            version: source.version,
            stem: source.stem,
            subSubject: source.subSubject,
          });
          expect(question.alternatives.map((a) => a.id)).toEqual(source.alternatives.map((a) => a.id));
        }
        const passageIds = [...new Set(paper.questions.flatMap((q) => (q.passageId ? [q.passageId] : [])))];
        expect(paper.passages.map((p) => p.id).sort()).toEqual([...passageIds].sort());
        for (const passage of paper.passages) expect(passage.text).toBe(passages.get(passage.id)?.text);
      }
    });

    it('keeps a passage’s questions together, in order, when it draws reading', async () => {
      const paper = await paperOf('paes_competencia_lectora');
      const order = paper.questions.map((q) => q.passageId ?? `single:${q.id}`);
      const runs = order.filter((id, i) => id !== order[i - 1]);
      expect(new Set(runs).size).toBe(runs.length);
      for (const id of new Set(paper.questions.flatMap((q) => (q.passageId ? [q.passageId] : [])))) {
        expect(paper.questions.filter((q) => q.passageId === id)).toHaveLength(
          bank.filter((q) => q.passageId === id).length,
        );
      }
    });

    it('offers no attempt of a hidden test, and answers 404 for an unknown one', async () => {
      const hidden = await apiCall(stack, 'POST', '/api/exam/paes_competencia_matematica_m2/attempt', {
        token: premium,
      });
      expect(hidden.status).toBe(403);
      expect(hidden.body).toMatchObject({ code: 'test_not_offered' });
      expect((await get('/api/exam/paes_competencia_matematica_m2', premium)).status).toBe(409);
      expect((await get('/api/exam/paes_matematica_m3', premium)).status).toBe(404);
      expect(
        (await apiCall(stack, 'POST', '/api/exam/paes_matematica_m3/attempt', { token: premium })).status,
      ).toBe(404);
    });
  });

  describe('GET /api/question/{id}', () => {
    it('answers [false] for a question the student has not answered, and for an unknown id', async () => {
      const [question] = bank;
      expect(question).toBeDefined();
      expect((await get(`/api/question/${question?.id}`)).body).toEqual([false]);
      expect((await get('/api/question/no-existe-123')).body).toEqual([false]);
    });

    it('reveals key and explanation of an answered bank question, to that student only', async () => {
      const question = bank.find((q) => q.passageId) ?? bank[0];
      if (!question) throw new Error('the bank is empty');
      await markAnswered(sub, question.id, { source: 'attempt#01TEST', version: question.version });
      const { status, body } = await get(`/api/question/${question.id}`);
      expect(status).toBe(200);
      const [detail] = body as [QuestionDetail];
      expect(detail).toMatchObject({
        kind: 'bank',
        _id: question.id,
        version: question.version,
        stem: question.stem,
        explanation: question.explanation,
        correct: question.alternatives.find((a) => a.correct)?.id,
      });
      expect(keysDeep(detail)).not.toContain('value');
      expect(keysDeep(detail)).not.toContain('check');
      if (question.passageId) expect(detail.kind === 'bank' && detail.passage?.id).toBe(question.passageId);

      const other = await createStudent(stack);
      expect((await get(`/api/question/${question.id}`, other.tokens.IdToken)).body).toEqual([false]);
    });

    it('reveals an answered trivia question with where it lives', async () => {
      const [entry] = trivia;
      if (!entry) throw new Error('no trivia in content/subjects');
      await markAnswered(sub, entry.trivia.id, { source: 'trivia' });
      const [detail] = (await get(`/api/question/${entry.trivia.id}`)).body as [QuestionDetail];
      expect(detail).toMatchObject({
        kind: 'trivia',
        _id: entry.trivia.id,
        subjectId: entry.subject.id,
        lessonId: entry.lesson.id,
        submoduleId: entry.submodule.id,
        explanation: entry.trivia.explanation,
        correct: entry.trivia.alternatives.find((a) => a.correct)?.id,
      });
    });
  });
});
