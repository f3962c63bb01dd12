/**
 * Practice exams (issue 8): the tests a student may take, starting an attempt (which uses one
 * exam and fixes the questions with their versions, the start and the deadline), the running
 * attempt's paper, cancelling, submitting (graded here, never by the browser), history, one
 * attempt's review and the averages. Every answer is private and changes, so none is cached.
 */

import { scoreScaleFor } from '@core/content/scales';
import { COURSES, type Course, EXAM_SUBMISSION_GRACE_MS } from '@core/domain/constants';
import {
  bankQuestionDetail,
  publicPassage,
  publicQuestion,
  type TestSummary,
  testSummary,
} from '@core/domain/contentViews';
import { assembleExam } from '@core/domain/examAssembly';
import {
  ALTERNATIVE_IDS,
  type AttemptPaper,
  type AttemptQuestionRef,
  acceptsAnswers,
  answersFromProgress,
  attemptDeadline,
  averagesFromItem,
  type ExamCatalogue,
  type ExamResult,
  type ExamReview,
  type ExamSummary,
  estimateScore,
  examDurationMinutes,
  gradeAttempt,
  ProgressError,
  type ReviewQuestion,
  type StartedAttempt,
  type SubmittedQuestion,
  serializeProgress,
  timeUsedSeconds,
  versionKey,
} from '@core/domain/examAttempt';
import * as z from 'zod';
import { listCourseTests } from '../data/catalogueRepository';
import type { CourseTestItem } from '../data/contentItems';
import { getPassages, getQuestionVersions, getTest, listPool } from '../data/contentRepository';
import {
  type AttemptItem,
  claimRunningPointer,
  closeAttempt,
  consumeExam,
  countInAverages,
  deleteUnclaimedAttempt,
  getAttempt,
  getAveragesItem,
  getRunningPointer,
  listAttempts,
  listRunningPointers,
  markAnswered,
  markFinalized,
  putAttempt,
  raiseBest,
  releaseRunningPointer,
  returnUnusedExam,
  type SubmittedFields,
  submitAttempt,
} from '../data/examRepository';
import { TIME_ORDERED_ID, timeOrderedId } from '../data/ids';
import { getProfile } from '../data/userRepository';
import {
  BadRequestError,
  ConflictError,
  HttpError,
  NotFoundError,
  ServiceUnavailableError,
} from '../lib/errors';
import { created, createModuleHandler, type HttpResponse, ok, userOperation } from '../lib/handler';
import { logger } from '../lib/logger';

const NO_STORE = { 'cache-control': 'no-store' };
const private_ = (response: HttpResponse): HttpResponse => ({ ...response, headers: NO_STORE });

const MESSAGES = {
  unknownTest: 'No encontramos esa prueba.',
  notOffered: 'Esta prueba no se ofrece para ensayos.',
  noExams:
    'No te quedan ensayos disponibles. Con el plan premium puedes rendir todos los ensayos que quieras.',
  noRunning: 'No tienes un ensayo en curso de esta prueba. Comienza uno para ver sus preguntas.',
  emptyBank: 'Esta prueba todavía no tiene preguntas para armar un ensayo.',
  unknownAttempt: 'No encontramos ese ensayo.',
  deadlinePassed: 'El tiempo de este ensayo terminó y ya no se reciben respuestas.',
  closed: 'Este ensayo fue cancelado o expiró y ya no recibe respuestas.',
  wrongTest: 'El ensayo no corresponde a la prueba indicada.',
} as const;

/** 403 with the premium offer: the bank is what premium sells. */
const noExamsError = () =>
  new HttpError(403, MESSAGES.noExams, { code: 'no_exams_available', premiumOffer: true });

const slug = z.string().trim().min(1).max(100);
const testPath = z.object({ id: slug });
const attemptPath = z.object({ id: z.string().trim().max(40) });

const alternative = z.enum(ALTERNATIVE_IDS);
const submittedQuestion = z
  .object({
    id: z.string().trim().min(1).max(200),
    selected: alternative.nullable().optional(),
    answers: z
      .array(z.object({ id: alternative, selected: z.boolean().optional() }).loose())
      .max(5)
      .optional(),
  })
  .loose();
const progressList = z.array(submittedQuestion).max(200);
const clientTime = z
  .union([z.number().finite(), z.string().max(40)])
  .nullable()
  .optional();

/** The spec's fields, plus the attempt id the start route gave (without it: the test's running attempt). */
const submitBody = z
  .object({
    attemptId: z.string().regex(TIME_ORDERED_ID, 'no es un id de ensayo').optional(),
    examType: slug,
    startTime: clientTime,
    endTime: clientTime,
    points: z.number().finite().nullable().optional(),
    course: z.string().max(10).nullable().optional(),
    progress: z.union([z.string().max(250_000), progressList]),
  })
  .strict();

const historyQuery = z.object({
  pagination: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

const catalogueQuery = z.object({
  course: z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(COURSES))
    .optional(),
});

/** The spec sends `progress` serialised; a JSON array is taken too. */
function parseProgress(progress: string | unknown[]): SubmittedQuestion[] {
  let value: unknown = progress;
  if (typeof progress === 'string') {
    try {
      value = JSON.parse(progress);
    } catch {
      throw new BadRequestError(
        'Datos inválidos en el cuerpo de la solicitud (campo «progress»): no es JSON.',
      );
    }
  }
  const result = progressList.safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new BadRequestError(
      `Datos inválidos en el cuerpo de la solicitud (campo «progress.${first?.path.join('.')}»): ${first?.message}.`,
    );
  }
  return result.data;
}

// ── Attempts and their papers ───────────────────────────────────────────────────────────────

/** The test's running attempt, or null. A stale one (past deadline + grace) is closed on the way. */
async function liveAttempt(sub: string, testSlug: string, nowMs: number): Promise<AttemptItem | null> {
  const pointer = await getRunningPointer(sub, testSlug);
  if (!pointer) return null;
  const attempt = await getAttempt(sub, pointer.attemptId);
  if (attempt?.status === 'running' && acceptsAnswers(Date.parse(attempt.deadline), nowMs)) return attempt;
  if (attempt?.status === 'running') await closeAttempt(sub, attempt.attemptId, 'expired');
  await releaseRunningPointer(sub, testSlug, pointer.attemptId);
  return null;
}

/** The attempt's questions in the versions it fixed, without keys, and their passages. */
/** `known`: the attempt's test when the caller has just read it (one GetItem fewer). */
async function paperOf(
  attempt: AttemptItem,
  nowMs: number,
  known?: Awaited<ReturnType<typeof getTest>>,
): Promise<AttemptPaper> {
  const test = known?.slug === attempt.testSlug ? known : await getTest(attempt.testSlug);
  if (!test) throw new NotFoundError(MESSAGES.unknownTest);
  const bank = await getQuestionVersions(attempt.questions);
  const byVersion = new Map(bank.map((item) => [versionKey(item.id, item.version), item]));
  const questions = attempt.questions.map((ref) => {
    const item = byVersion.get(versionKey(ref.id, ref.version));
    if (!item)
      throw new Error(`question ${ref.id} v${ref.version} of attempt ${attempt.attemptId} is missing`);
    return publicQuestion(item);
  });
  const passageRefs = attempt.questions.flatMap((q) =>
    q.passageId && q.passageVersion !== undefined ? [{ id: q.passageId, version: q.passageVersion }] : [],
  );
  const order = new Map<string, number>();
  for (const ref of passageRefs) if (!order.has(ref.id)) order.set(ref.id, order.size);
  const passages = passageRefs.length > 0 ? await getPassages(passageRefs) : [];
  return {
    test: testSummary(test),
    questions,
    passages: passages.map(publicPassage).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
    requested: attempt.requested,
    delivered: attempt.questions.length,
    complete: attempt.questions.length === attempt.requested,
    subSubjects: attempt.subSubjects,
    attempt: {
      id: attempt.attemptId,
      testSlug: attempt.testSlug,
      status: attempt.status,
      startedAt: attempt.startedAt,
      deadline: attempt.deadline,
      durationMinutes: attempt.durationMinutes,
      serverNow: new Date(nowMs).toISOString(),
    },
  };
}

function summaryOf(item: AttemptItem): ExamSummary {
  const submittedAt = item.submittedAt ?? item.deadline;
  const endMs = Math.min(Date.parse(submittedAt), Date.parse(item.deadline));
  return {
    _id: item.attemptId,
    id: item.attemptId,
    examType: item.testSlug,
    testTitle: item.testTitle,
    course: item.course,
    status: 'submitted',
    startTime: item.startedAt,
    endTime: new Date(endMs).toISOString(),
    submittedAt,
    deadline: item.deadline,
    durationMinutes: item.durationMinutes,
    timeUsedSeconds: item.timeUsedSeconds ?? 0,
    points: item.points ?? 0,
    correct: item.correct ?? 0,
    wrong: item.wrong ?? 0,
    omitted: item.omitted ?? 0,
    total: item.total ?? 0,
    requested: item.requested,
    score:
      typeof item.score === 'number'
        ? {
            value: item.score,
            min: item.scaleMin ?? 100,
            max: item.scaleMax ?? 1000,
            scaleVersion: item.scaleVersion ?? 1,
            estimated: true,
          }
        : null,
    byEje: item.byEje ?? [],
    bySubSubject: item.bySubSubject ?? [],
  };
}

const resultOf = (item: AttemptItem): ExamResult => ({ ...summaryOf(item), progress: item.progress ?? '[]' });

/**
 * What follows a stored submission: the keys become visible (`ANSWERED#`), the averages count the
 * attempt, the best score rises, and the test's pointer is released. Each step can be repeated,
 * so a retried submission finishes whatever an interrupted one left undone.
 */
async function finalize(sub: string, item: AttemptItem): Promise<void> {
  if (item.finalizedAt) return;
  await markAnswered(sub, item.attemptId, item.questions);
  const points = item.points ?? 0;
  const score = typeof item.score === 'number' ? item.score : null;
  await countInAverages(sub, { attemptId: item.attemptId, testSlug: item.testSlug, points, score });
  if (score !== null)
    await raiseBest(sub, { attemptId: item.attemptId, testSlug: item.testSlug, points, score });
  await releaseRunningPointer(sub, item.testSlug, item.attemptId);
  await markFinalized(sub, item.attemptId);
}

export const operations = {
  /** `GET /api/exam`: the course's displayed tests, the student's choice, exams left and running attempts. */
  listExams: userOperation({
    query: catalogueQuery,
    run: async ({ caller, query }) => {
      const profile = await getProfile(caller.sub);
      const course: Course = query.course ?? profile?.onboarding?.course ?? 'paes';
      const [tests, pointers] = await Promise.all([listCourseTests(course), listRunningPointers(caller.sub)]);
      const displayed = tests.filter((t) => t.display).sort((a, b) => a.order - b.order);
      const slugs = new Set(displayed.map((t) => t.slug));
      const now = Date.now();
      const isPremium = profile?.is_premium === true;
      const catalogue: ExamCatalogue = {
        course,
        tests: displayed.map(summaryOfTest),
        selectedTests: (profile?.onboarding?.selectedTests ?? []).filter((s) => slugs.has(s)),
        examsAvailable: isPremium ? null : (profile?.exams_available ?? 0),
        isPremium,
        running: pointers
          .filter((p) => p.expiresAt >= now)
          .map((p) => ({ attemptId: p.attemptId, testSlug: p.testSlug, deadline: p.deadline })),
      };
      return private_(ok(catalogue));
    },
  }),

  /**
   * `GET /api/exam/{id}` (id = test slug): the questions of the caller's running attempt of that
   * test, without keys. No running attempt: 409, or 403 with the premium offer when no exam is
   * left either — the bank is never drawn without an attempt.
   */
  getExam: userOperation({
    path: testPath,
    run: async ({ caller, path }) => {
      const now = Date.now();
      const test = await getTest(path.id);
      if (!test) throw new NotFoundError(MESSAGES.unknownTest);
      const attempt = await liveAttempt(caller.sub, test.slug, now);
      if (attempt) return private_(ok(await paperOf(attempt, now, test)));
      const profile = await getProfile(caller.sub);
      if (profile?.is_premium === true || (profile?.exams_available ?? 0) > 0) {
        throw new ConflictError(MESSAGES.noRunning, { code: 'no_running_attempt' });
      }
      throw noExamsError();
    },
  }),

  /**
   * `POST /api/exam/{id}/attempt`: starts an attempt of a displayed test, or answers the running
   * one (a double click or a retry starts nothing twice). Order: use an exam (conditional
   * UpdateItem, premium skips it), store the attempt, then claim the test's pointer; a start that
   * loses the pointer to a concurrent one deletes its attempt, gives its exam back and answers
   * the winner's.
   */
  startAttempt: userOperation({
    path: testPath,
    run: async ({ caller, path }) => {
      const now = Date.now();
      const test = await getTest(path.id);
      if (!test) throw new NotFoundError(MESSAGES.unknownTest);
      if (!test.display) throw new HttpError(403, MESSAGES.notOffered, { code: 'test_not_offered' });

      const running = await liveAttempt(caller.sub, test.slug, now);
      if (running) return private_(ok(await startedAnswer(caller.sub, running, now, { resumed: true })));

      const profile = await getProfile(caller.sub);
      const isPremium = profile?.is_premium === true;
      const pools = Object.fromEntries(
        await Promise.all(
          Object.keys(test.rules.weights).map(async (sub) => [sub, await listPool(test.slug, sub)] as const),
        ),
      );
      const exam = assembleExam(test.rules, pools);
      if (exam.delivered === 0) throw new ServiceUnavailableError(MESSAGES.emptyBank);

      let examsLeft: number | null = null;
      if (!isPremium) {
        examsLeft = await consumeExam(caller.sub);
        if (examsLeft === null) {
          // A concurrent start may have just created the attempt this one was meant to be.
          const concurrent = await liveAttempt(caller.sub, test.slug, now);
          if (concurrent)
            return private_(
              ok(await startedAnswer(caller.sub, concurrent, now, { resumed: true, examsAvailable: 0 })),
            );
          throw noExamsError();
        }
      }

      const durationMinutes = examDurationMinutes(test);
      const deadlineMs = attemptDeadline(now, durationMinutes);
      const attemptId = timeOrderedId(now);
      const item: AttemptItem = {
        pk: `USER#${caller.sub}`,
        sk: `ATTEMPT#${attemptId}`,
        kind: 'examAttempt',
        attemptId,
        testSlug: test.slug,
        testTitle: test.title,
        course: test.course,
        status: 'running',
        questions: exam.questions.map(
          (q): AttemptQuestionRef => ({
            id: q.id,
            version: q.version,
            subSubject: q.subSubject,
            eje: q.eje,
            ...(q.passageId ? { passageId: q.passageId } : {}),
            ...(q.passageVersion !== undefined ? { passageVersion: q.passageVersion } : {}),
          }),
        ),
        subSubjects: exam.subSubjects,
        requested: exam.requested,
        durationMinutes,
        startedAt: new Date(now).toISOString(),
        deadline: new Date(deadlineMs).toISOString(),
        consumedExam: !isPremium,
      };
      try {
        await putAttempt(item);
      } catch (error) {
        if (!isPremium) await returnUnusedExam(caller.sub);
        throw error;
      }
      const claimed = await claimRunningPointer(
        caller.sub,
        {
          attemptId,
          testSlug: test.slug,
          deadline: item.deadline,
          expiresAt: deadlineMs + EXAM_SUBMISSION_GRACE_MS,
        },
        now,
      );
      if (!claimed) {
        await deleteUnclaimedAttempt(caller.sub, attemptId);
        if (!isPremium) await returnUnusedExam(caller.sub);
        const winner = await liveAttempt(caller.sub, test.slug, now);
        if (!winner) throw new ConflictError('Otro inicio de este ensayo está en curso. Inténtalo de nuevo.');
        return private_(ok(await startedAnswer(caller.sub, winner, now, { resumed: true })));
      }
      logger.info('exam attempt started', {
        testSlug: test.slug,
        attemptId,
        questions: item.questions.length,
      });
      return private_(
        created(await startedAnswer(caller.sub, item, now, { resumed: false, examsAvailable: examsLeft })),
      );
    },
  }),

  /** `DELETE /api/exam/{id}/attempt`: gives up the running attempt. The exam it used is not returned. */
  cancelAttempt: userOperation({
    path: testPath,
    run: async ({ caller, path }) => {
      const attempt = await liveAttempt(caller.sub, path.id, Date.now());
      if (!attempt) return private_(ok({ cancelled: false }));
      const cancelled = await closeAttempt(caller.sub, attempt.attemptId, 'cancelled');
      await releaseRunningPointer(caller.sub, attempt.testSlug, attempt.attemptId);
      logger.info('exam attempt cancelled', { testSlug: attempt.testSlug, attemptId: attempt.attemptId });
      return private_(ok({ cancelled, attemptId: attempt.attemptId }));
    },
  }),

  /**
   * `POST /api/exam/progress`: grades the attempt from the bank with the versions it fixed (the
   * client's `points` is kept only for comparison), stores it once and answers the stored result
   * in `data[0]`. A repeated submission answers the stored result again.
   */
  submitProgress: userOperation({
    body: submitBody,
    run: async ({ caller, body }) => {
      const now = Date.now();
      let attempt: AttemptItem | null = null;
      if (body.attemptId) attempt = await getAttempt(caller.sub, body.attemptId);
      else {
        const pointer = await getRunningPointer(caller.sub, body.examType);
        attempt = pointer ? await getAttempt(caller.sub, pointer.attemptId) : null;
      }
      if (!attempt) throw new NotFoundError(MESSAGES.unknownAttempt);
      if (attempt.testSlug !== body.examType) throw new BadRequestError(MESSAGES.wrongTest);

      if (attempt.status === 'submitted') {
        await finalize(caller.sub, attempt);
        return private_(ok({ data: [resultOf(attempt)] }));
      }
      if (attempt.status !== 'running') throw new ConflictError(MESSAGES.closed, { code: 'attempt_closed' });
      const deadlineMs = Date.parse(attempt.deadline);
      if (!acceptsAnswers(deadlineMs, now)) {
        await closeAttempt(caller.sub, attempt.attemptId, 'expired');
        await releaseRunningPointer(caller.sub, attempt.testSlug, attempt.attemptId);
        throw new ConflictError(MESSAGES.deadlinePassed, {
          code: 'deadline_passed',
          deadline: attempt.deadline,
        });
      }

      let answers: Map<string, (typeof ALTERNATIVE_IDS)[number] | null>;
      try {
        answers = answersFromProgress(parseProgress(body.progress));
      } catch (error) {
        if (error instanceof ProgressError)
          throw new BadRequestError(
            `Datos inválidos en el cuerpo de la solicitud (campo «progress»): ${error.message}.`,
          );
        throw error;
      }
      const unknownIds = [...answers.keys()].filter((id) => !attempt.questions.some((q) => q.id === id));
      if (unknownIds.length > 0)
        logger.warn('submission answers questions outside the attempt', { unknownIds });

      const bank = await getQuestionVersions(attempt.questions);
      const keyed = new Map(bank.map((item) => [versionKey(item.id, item.version), item]));
      const labels = Object.fromEntries(attempt.subSubjects.map((s) => [s.subSubject, s.label]));
      const graded = gradeAttempt(attempt.questions, keyed, answers, labels);
      const scale = scoreScaleFor(attempt.testSlug);
      if (!scale) logger.error('no score table for the test', { testSlug: attempt.testSlug });
      const submittedAt = new Date(now).toISOString();
      const fields: SubmittedFields = {
        submittedAt,
        answers: Object.fromEntries(graded.questions.map((q) => [q.id, q.selected])),
        points: graded.points,
        correct: graded.correct,
        wrong: graded.wrong,
        omitted: graded.omitted,
        total: graded.total,
        timeUsedSeconds: timeUsedSeconds(Date.parse(attempt.startedAt), deadlineMs, now),
        score: scale ? estimateScore(scale, graded.correct, graded.total) : null,
        scaleVersion: scale?.version ?? null,
        scaleMin: scale?.scale.min ?? null,
        scaleMax: scale?.scale.max ?? null,
        byEje: graded.byEje,
        bySubSubject: graded.bySubSubject,
        progress: serializeProgress(graded.questions),
        clientStartTime: body.startTime ?? null,
        clientEndTime: body.endTime ?? null,
        clientPoints: body.points ?? null,
      };
      const stored = await submitAttempt(caller.sub, attempt.attemptId, fields);
      const current = stored
        ? { ...attempt, ...fields, status: 'submitted' as const }
        : await getAttempt(caller.sub, attempt.attemptId);
      if (current?.status !== 'submitted')
        throw new ConflictError(MESSAGES.closed, { code: 'attempt_closed' });
      await finalize(caller.sub, current);
      if (stored) {
        logger.info('exam attempt submitted', {
          testSlug: current.testSlug,
          attemptId: current.attemptId,
          points: current.points,
          clientPoints: body.points ?? null,
        });
      }
      return private_((stored ? created : ok)({ data: [resultOf(current)] }));
    },
  }),

  /** `GET /api/exam/progress`: submitted attempts, newest first; `pagination=true&limit&page` pages them. */
  listProgress: userOperation({
    query: historyQuery,
    run: async ({ caller, query }) => {
      const submitted = (await listAttempts(caller.sub))
        .filter((a) => a.status === 'submitted')
        .map(summaryOf);
      if (query.pagination !== 'true') return private_(ok({ data: submitted }));
      const start = (query.page - 1) * query.limit;
      return private_(
        ok({
          data: submitted.slice(start, start + query.limit),
          pagination: {
            page: query.page,
            limit: query.limit,
            total: submitted.length,
            pages: Math.max(1, Math.ceil(submitted.length / query.limit)),
          },
        }),
      );
    },
  }),

  /**
   * `GET /api/exam/progress/{id}`: one submitted attempt of the caller as `[review]`: the stored
   * result (`progress` included) and every question with the student's choice, the key and the
   * explanation. Another student's id, a running attempt or an unknown id: 404 alike.
   */
  getProgress: userOperation({
    path: attemptPath,
    run: async ({ caller, path }) => {
      if (!TIME_ORDERED_ID.test(path.id)) throw new NotFoundError(MESSAGES.unknownAttempt);
      const attempt = await getAttempt(caller.sub, path.id);
      if (attempt?.status !== 'submitted') throw new NotFoundError(MESSAGES.unknownAttempt);
      const bank = await getQuestionVersions(attempt.questions);
      const byVersion = new Map(bank.map((item) => [versionKey(item.id, item.version), item]));
      const questions = attempt.questions.map((ref): ReviewQuestion => {
        const item = byVersion.get(versionKey(ref.id, ref.version));
        if (!item)
          throw new Error(`question ${ref.id} v${ref.version} of attempt ${attempt.attemptId} is missing`);
        const detail = bankQuestionDetail(item, null);
        if (detail.kind !== 'bank') throw new Error('a bank question became trivia');
        const selected = attempt.answers?.[ref.id] ?? null;
        return {
          ...detail,
          ...(ref.passageId ? { passageId: ref.passageId } : {}),
          selected,
          isCorrect: selected !== null && selected === detail.correct,
        };
      });
      const passageRefs = attempt.questions.flatMap((q) =>
        q.passageId && q.passageVersion !== undefined ? [{ id: q.passageId, version: q.passageVersion }] : [],
      );
      const passages = passageRefs.length > 0 ? (await getPassages(passageRefs)).map(publicPassage) : [];
      const review: ExamReview = { ...resultOf(attempt), questions, passages };
      return private_(ok([review]));
    },
  }),

  /** `GET /api/exam/averages`: per test, the average and best score, read from counters kept on write. */
  getAverages: userOperation({
    run: async ({ caller }) => private_(ok({ data: averagesFromItem(await getAveragesItem(caller.sub)) })),
  }),
};

/** A course's test item as the API shows it (an allow-list: storage fields stay behind). */
function summaryOfTest(item: CourseTestItem): TestSummary {
  return {
    slug: item.slug,
    course: item.course,
    area: item.area,
    title: item.title,
    shortTitle: item.shortTitle,
    color: item.color,
    image: item.image,
    activeImage: item.activeImage,
    ribbonImage: item.ribbonImage,
    durationMinutes: item.durationMinutes,
    display: item.display,
    order: item.order,
    questionCount: item.questionCount,
  };
}

/** The start route's answer; without a known count, the exams left are read from the profile. */
async function startedAnswer(
  sub: string,
  attempt: AttemptItem,
  nowMs: number,
  options: { resumed: boolean; examsAvailable?: number | null },
): Promise<StartedAttempt> {
  let examsAvailable = options.examsAvailable;
  if (examsAvailable === undefined) {
    const profile = await getProfile(sub);
    examsAvailable = profile?.is_premium === true ? null : (profile?.exams_available ?? 0);
  }
  return { ...(await paperOf(attempt, nowMs)), resumed: options.resumed, examsAvailable };
}

export const handler = createModuleHandler('exam', operations);
