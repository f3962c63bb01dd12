/**
 * Practice exams over HTTP against the local stack, as real signed-in students: a whole exam from
 * start to review, history and averages; another student's view of it; cancelling; the exam
 * counter under concurrent starts (and straight against the local DynamoDB); deadline enforcement.
 * Right answers are read from content/questions by id, the way a student with the key would.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AttemptPaper,
  ExamCatalogue,
  ExamResult,
  ExamReview,
  ExamSummary,
  StartedAttempt,
} from '@core/api/exam';
import type { UserRecord } from '@core/api/user';
import { SCORE_SCALES } from '@core/content/scales';
import { EXAM_SUBMISSION_GRACE_MS } from '@core/domain/constants';
import type { AlternativeId, QuestionAnswer } from '@core/domain/contentViews';
import type { ExamAverage, ProgressQuestion } from '@core/domain/examAttempt';
import { usernameFromEmail } from '@core/domain/username';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { validateContent } from '../../content/validate';
import { dynamo } from '../../lambdas/data/client';
import { consumeExam } from '../../lambdas/data/examRepository';
import { apiCall, createStudent } from '../helpers/localUsers';

const stack = inject('stack');
const { bundle } = validateContent(process.env.CONTENT_DIR);
/** The key of every bank question, by id, straight from the content files. */
const keys = new Map(
  bundle.questionFiles.flatMap(({ data }) =>
    data.questions.map((q) => [q.id, { version: q.version, key: q.alternatives.find((a) => a.correct)?.id }]),
  ),
);
const M1 = 'paes_competencia_matematica_m1';

beforeAll(() => {
  process.env.DYNAMODB_ENDPOINT = stack.dynamoEndpoint;
  process.env.USERS_TABLE = stack.tables.users;
  process.env.CONTENT_TABLE = stack.tables.content;
});

/** A student who finished sign-up on the server: the free tier, one exam. */
async function registeredStudent() {
  const student = await createStudent(stack);
  const created = await apiCall(stack, 'POST', '/api/user/signup-v2', {
    token: student.tokens.IdToken,
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
  const token = student.tokens.IdToken;
  return {
    ...student,
    token,
    get: (path: string) => apiCall(stack, 'GET', path, { token }),
    post: (path: string, body?: unknown) => apiCall(stack, 'POST', path, { token, body }),
    del: (path: string) => apiCall(stack, 'DELETE', path, { token }),
  };
}

type Student = Awaited<ReturnType<typeof registeredStudent>>;

async function setExamsAvailable(sub: string, count: number) {
  await dynamo().send(
    new UpdateCommand({
      TableName: stack.tables.users,
      Key: { pk: `USER#${sub}`, sk: 'PROFILE' },
      UpdateExpression: 'SET exams_available = :n',
      ExpressionAttributeValues: { ':n': count },
    }),
  );
}

async function examsAvailable(student: Student): Promise<number> {
  return ((await student.get('/api/user')).body as UserRecord).exams_available;
}

async function attemptItems(sub: string) {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: stack.tables.users,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':prefix': 'ATTEMPT#' },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

/** Question i: right when i % 3 = 0, wrong when 1, blank when 2. The spec's client shape, with lies in it. */
function answerSheet(paper: AttemptPaper) {
  let correct = 0;
  let wrong = 0;
  let omitted = 0;
  const chosen = new Map<string, AlternativeId | null>();
  const progress = paper.questions.map((question, i) => {
    const key = keys.get(question.id)?.key as AlternativeId;
    const other = question.alternatives.find((a) => a.id !== key)?.id as AlternativeId;
    const selected = i % 3 === 0 ? key : i % 3 === 1 ? other : null;
    if (i % 3 === 0) correct++;
    else if (i % 3 === 1) wrong++;
    else omitted++;
    chosen.set(question.id, selected);
    return {
      id: question.id,
      answered: selected !== null,
      correct: true, // what the browser claims is ignored
      answers: question.alternatives.map((a) => ({ id: a.id, selected: a.id === selected, correct: true })),
    };
  });
  return { progress, correct, wrong, omitted, chosen };
}

describe('a whole practice exam over HTTP', () => {
  let alumna: Student;
  let paper: StartedAttempt;
  let result: ExamResult;
  let sheet: ReturnType<typeof answerSheet>;

  beforeAll(async () => {
    alumna = await registeredStudent();
  });

  it('lists the displayed tests with the exams available, and draws nothing before a start', async () => {
    const { status, body } = await alumna.get('/api/exam');
    expect(status).toBe(200);
    const catalogue = body as ExamCatalogue;
    expect(catalogue).toMatchObject({ course: 'paes', examsAvailable: 1, isPremium: false, running: [] });
    expect(catalogue.tests.map((t) => t.slug)).toEqual(
      bundle.tests
        .filter((t) => t.course === 'paes' && t.display)
        .sort((a, b) => a.order - b.order)
        .map((t) => t.slug),
    );
    const before = await alumna.get(`/api/exam/${M1}`);
    expect(before.status).toBe(409);
    expect(before.body).toMatchObject({ code: 'no_running_attempt' });
  });

  it('starts once, using one exam; a second start resumes the same attempt', async () => {
    const first = await alumna.post(`/api/exam/${M1}/attempt`);
    expect(first.status).toBe(201);
    paper = first.body as StartedAttempt;
    const test = bundle.tests.find((t) => t.slug === M1);
    expect(paper).toMatchObject({ resumed: false, examsAvailable: 0, delivered: test?.rules.questionCount });
    expect(Date.parse(paper.attempt.deadline) - Date.parse(paper.attempt.startedAt)).toBe(
      (test?.durationMinutes ?? 0) * 60_000,
    );
    expect(JSON.stringify(paper)).not.toMatch(/"correct"|"explanation"/);
    for (const q of paper.questions) expect(q.version).toBe(keys.get(q.id)?.version);
    expect(await examsAvailable(alumna)).toBe(0);

    const again = await alumna.post(`/api/exam/${M1}/attempt`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ resumed: true, attempt: { id: paper.attempt.id } });
    expect((again.body as StartedAttempt).questions).toEqual(paper.questions);
    expect(await examsAvailable(alumna)).toBe(0);

    const read = await alumna.get(`/api/exam/${M1}`);
    expect(read.status).toBe(200);
    expect((read.body as AttemptPaper).questions).toEqual(paper.questions);
    expect((read.body as AttemptPaper).attempt.deadline).toBe(paper.attempt.deadline);
    expect(((await alumna.get('/api/exam')).body as ExamCatalogue).running).toEqual([
      { attemptId: paper.attempt.id, testSlug: M1, deadline: paper.attempt.deadline },
    ]);
  });

  it('keeps keys hidden while the attempt runs', async () => {
    const first = paper.questions[0];
    expect((await alumna.get(`/api/question/${first?.id}`)).body).toEqual([false] satisfies QuestionAnswer);
  });

  it('grades the submission itself, stores it once under a double submit, and answers it in data[0]', async () => {
    sheet = answerSheet(paper);
    const body = {
      attemptId: paper.attempt.id,
      examType: M1,
      startTime: Date.parse(paper.attempt.startedAt),
      endTime: Date.now(),
      points: paper.questions.length,
      course: 'paes',
      progress: JSON.stringify(sheet.progress),
    };
    const [a, b] = await Promise.all([
      alumna.post('/api/exam/progress', body),
      alumna.post('/api/exam/progress', body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const fromA = (a.body as { data: ExamResult[] }).data[0] as ExamResult;
    const fromB = (b.body as { data: ExamResult[] }).data[0] as ExamResult;
    expect(fromB).toEqual(fromA);
    result = fromA;
    const scale = SCORE_SCALES.get(M1);
    expect(result).toMatchObject({
      id: paper.attempt.id,
      examType: M1,
      status: 'submitted',
      points: sheet.correct,
      correct: sheet.correct,
      wrong: sheet.wrong,
      omitted: sheet.omitted,
      total: paper.questions.length,
      score: { value: scale?.table[sheet.correct], estimated: true, min: 100, max: 1000, scaleVersion: 1 },
    });
    expect(result.byEje.reduce((n, row) => n + row.total, 0)).toBe(paper.questions.length);
    expect(result.timeUsedSeconds).toBeGreaterThanOrEqual(0);
    const progress = JSON.parse(result.progress) as ProgressQuestion[];
    expect(progress.map((q) => q.id)).toEqual(paper.questions.map((q) => q.id));
    for (const q of progress) {
      expect(q.answers.find((a) => a.correct)?.id).toBe(keys.get(q.id)?.key);
      expect(q.answers.find((a) => a.selected)?.id ?? null).toBe(sheet.chosen.get(q.id));
    }

    const retry = await alumna.post('/api/exam/progress', { ...body, points: 0 });
    expect(retry.status).toBe(200);
    expect((retry.body as { data: ExamResult[] }).data[0]).toEqual(result);
    const stored = await attemptItems(alumna.sub);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'submitted', clientPoints: paper.questions.length });
  });

  it('reveals the keys of the submitted attempt’s questions, in the version it fixed', async () => {
    const first = paper.questions[0];
    const [detail] = (await alumna.get(`/api/question/${first?.id}`)).body as QuestionAnswer;
    expect(detail).toMatchObject({
      id: first?.id,
      version: first?.version,
      correct: keys.get(first?.id ?? '')?.key,
    });
  });

  it('reads it back in history (paginated too), in its review and in the averages', async () => {
    const history = await alumna.get('/api/exam/progress');
    expect(history.status).toBe(200);
    const list = (history.body as { data: ExamSummary[] }).data;
    expect(list.map((s) => [s.id, s.points, s.score?.value])).toEqual([
      [result.id, result.points, result.score?.value],
    ]);
    expect(list[0]).not.toHaveProperty('progress');
    const page = await alumna.get('/api/exam/progress?pagination=true&limit=1&page=1');
    expect(page.body).toMatchObject({
      data: [{ id: result.id }],
      pagination: { page: 1, limit: 1, total: 1, pages: 1 },
    });
    expect((await alumna.get('/api/exam/progress?pagination=true&limit=1&page=2')).body).toMatchObject({
      data: [],
    });

    const review = await alumna.get(`/api/exam/progress/${result.id}`);
    expect(review.status).toBe(200);
    const [detail] = review.body as [ExamReview];
    expect(JSON.parse(detail?.progress ?? '[]')).toHaveLength(paper.questions.length);
    expect(detail?.questions.map((q) => [q.id, q.correct, q.selected, q.isCorrect])).toEqual(
      paper.questions.map((q) => {
        const key = keys.get(q.id)?.key;
        const selected = sheet.chosen.get(q.id) ?? null;
        return [q.id, key, selected, selected === key];
      }),
    );
    expect(detail?.questions.every((q) => q.explanation.length > 0)).toBe(true);

    const averages = await alumna.get('/api/exam/averages');
    expect((averages.body as { data: ExamAverage[] }).data).toEqual([
      {
        examType: M1,
        count: 1,
        averageScore: result.score?.value,
        bestScore: result.score?.value,
        averagePoints: result.points,
        bestPoints: result.points,
        bestAttemptId: result.id,
      },
    ]);
  });

  it('without exams left and nothing running, refuses questions and a new start with the premium offer', async () => {
    const read = await alumna.get(`/api/exam/${M1}`);
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ code: 'no_exams_available', premiumOffer: true });
    const start = await alumna.post(`/api/exam/${M1}/attempt`);
    expect(start.status).toBe(403);
    expect(await examsAvailable(alumna)).toBe(0);
  });

  it('shows another student none of it', async () => {
    const other = await registeredStudent();
    expect((await other.get(`/api/exam/progress/${result.id}`)).status).toBe(404);
    expect((await other.get('/api/exam/progress')).body).toEqual({ data: [] });
    expect((await other.get('/api/exam/averages')).body).toEqual({ data: [] });
    expect((await other.get(`/api/question/${paper.questions[0]?.id}`)).body).toEqual([false]);
    const hijack = await other.post('/api/exam/progress', {
      attemptId: result.id,
      examType: M1,
      progress: '[]',
    });
    expect(hijack.status).toBe(404);
    expect(await attemptItems(other.sub)).toEqual([]);
  });
});

describe('cancelling', () => {
  it('gives up the running attempt and does not refund the exam it used', async () => {
    const student = await registeredStudent();
    await setExamsAvailable(student.sub, 2);
    const started = (await student.post(`/api/exam/${M1}/attempt`)).body as StartedAttempt;
    expect(started.examsAvailable).toBe(1);
    const cancel = await student.del(`/api/exam/${M1}/attempt`);
    expect(cancel.body).toEqual({ cancelled: true, attemptId: started.attempt.id });
    expect(await examsAvailable(student)).toBe(1);
    expect((await student.get(`/api/exam/${M1}`)).status).toBe(409);
    const late = await student.post('/api/exam/progress', {
      attemptId: started.attempt.id,
      examType: M1,
      progress: '[]',
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'attempt_closed' });
    expect((await student.del(`/api/exam/${M1}/attempt`)).body).toEqual({ cancelled: false });

    const next = await student.post(`/api/exam/${M1}/attempt`);
    expect(next.status).toBe(201);
    expect((next.body as StartedAttempt).attempt.id).not.toBe(started.attempt.id);
    expect(await examsAvailable(student)).toBe(0);
  });
});

describe('the exam counter under concurrent starts', () => {
  it('never goes below 0 in the local DynamoDB: 20 concurrent uses of 3 exams, exactly 3 succeed', async () => {
    const student = await registeredStudent();
    await setExamsAvailable(student.sub, 3);
    const results = await Promise.all(Array.from({ length: 20 }, () => consumeExam(student.sub)));
    expect(results.filter((left) => left !== null).sort()).toEqual([0, 1, 2]);
    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: stack.tables.users,
        Key: { pk: `USER#${student.sub}`, sk: 'PROFILE' },
        ConsistentRead: true,
      }),
    );
    expect(Item?.exams_available).toBe(0);
  });

  it('20 concurrent starts of one test with one exam: one attempt, one exam used, everyone gets it or a 403', async () => {
    const student = await registeredStudent();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => student.post(`/api/exam/${M1}/attempt`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 403) expect(answer.body).toMatchObject({ code: 'no_exams_available' });
      else expect([200, 201]).toContain(answer.status);
    }
    const ids = new Set(
      answers.filter((a) => a.status < 300).map((a) => (a.body as StartedAttempt).attempt.id),
    );
    expect(ids.size).toBe(1);
    expect(await attemptItems(student.sub)).toHaveLength(1);
    expect(await examsAvailable(student)).toBe(0);
  });

  it('20 concurrent starts across tests with three exams: attempts made + exams left = 3, never below 0', async () => {
    const student = await registeredStudent();
    await setExamsAvailable(student.sub, 3);
    const displayed = bundle.tests.filter((t) => t.course === 'paes' && t.display).map((t) => t.slug);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        student.post(`/api/exam/${displayed[i % displayed.length]}/attempt`),
      ),
    );
    for (const answer of answers) expect([200, 201, 403]).toContain(answer.status);
    const attempts = await attemptItems(student.sub);
    const left = await examsAvailable(student);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(attempts.length + left).toBe(3);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(attempts.length);
    // At most one running attempt per test.
    expect(new Set(attempts.map((a) => a.testSlug)).size).toBe(attempts.length);
  });
});

describe('deadline enforcement', () => {
  /** Moves an attempt's clock back, as if it had started `minutesAgo` minutes ago. */
  async function age(sub: string, attempt: StartedAttempt, msAgo: number) {
    const startedAt = Date.now() - msAgo;
    const deadline = startedAt + attempt.attempt.durationMinutes * 60_000;
    await dynamo().send(
      new UpdateCommand({
        TableName: stack.tables.users,
        Key: { pk: `USER#${sub}`, sk: `ATTEMPT#${attempt.attempt.id}` },
        UpdateExpression: 'SET startedAt = :s, deadline = :d',
        ExpressionAttributeValues: {
          ':s': new Date(startedAt).toISOString(),
          ':d': new Date(deadline).toISOString(),
        },
      }),
    );
    await dynamo().send(
      new UpdateCommand({
        TableName: stack.tables.users,
        Key: { pk: `USER#${sub}`, sk: `EXAM_RUNNING#${attempt.attempt.testSlug}` },
        UpdateExpression: 'SET deadline = :d, expiresAt = :e',
        ExpressionAttributeValues: {
          ':d': new Date(deadline).toISOString(),
          ':e': deadline + EXAM_SUBMISSION_GRACE_MS,
        },
      }),
    );
  }

  it('refuses answers after the deadline plus the grace period, and nothing is revealed or counted', async () => {
    const student = await registeredStudent();
    const started = (await student.post(`/api/exam/${M1}/attempt`)).body as StartedAttempt;
    await age(
      student.sub,
      started,
      started.attempt.durationMinutes * 60_000 + EXAM_SUBMISSION_GRACE_MS + 2_000,
    );
    const sheet = answerSheet(started);
    const late = await student.post('/api/exam/progress', {
      attemptId: started.attempt.id,
      examType: M1,
      progress: JSON.stringify(sheet.progress),
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'deadline_passed' });
    expect((await attemptItems(student.sub))[0]).toMatchObject({ status: 'expired' });
    expect((await student.get(`/api/exam/progress/${started.attempt.id}`)).status).toBe(404);
    expect((await student.get(`/api/question/${started.questions[0]?.id}`)).body).toEqual([false]);
    expect((await student.get('/api/exam/averages')).body).toEqual({ data: [] });
    expect((await student.get(`/api/exam/${M1}`)).status).toBe(403);
  });

  it('accepts answers within the grace period and counts the time used up to the deadline', async () => {
    const student = await registeredStudent();
    const started = (await student.post(`/api/exam/${M1}/attempt`)).body as StartedAttempt;
    await age(student.sub, started, started.attempt.durationMinutes * 60_000 + 30_000);
    const answer = await student.post('/api/exam/progress', {
      attemptId: started.attempt.id,
      examType: M1,
      progress: JSON.stringify(answerSheet(started).progress),
    });
    expect(answer.status).toBe(201);
    expect((answer.body as { data: ExamResult[] }).data[0]?.timeUsedSeconds).toBe(
      started.attempt.durationMinutes * 60,
    );
  });
});
