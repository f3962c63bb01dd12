/**
 * The life of a practice-exam attempt (issue 8, docs/decisions.md 20): start (uses one exam, fixes
 * the questions with their versions, the start and the deadline), the running paper, cancel, and
 * submit (graded here from the bank, never by the browser), with the follow-up steps that make a
 * retried submission finish an interrupted one.
 */

import type { AttemptPaper, CancelledAttempt, ExamResult, StartedAttempt } from '@core/api/exam';
import { progressList, type SubmitBody } from '@core/api/exam';
import { scoreScaleFor } from '@core/content/scales';
import { EXAM_SUBMISSION_GRACE_MS } from '@core/domain/constants';
import { publicPassage, publicQuestion, testSummary } from '@core/domain/contentViews';
import { assembleExam } from '@core/domain/examAssembly';
import {
  type ALTERNATIVE_IDS,
  type AttemptQuestionRef,
  acceptsAnswers,
  answersFromProgress,
  attemptDeadline,
  estimateScore,
  examDurationMinutes,
  gradeAttempt,
  ProgressError,
  type SubmittedQuestion,
  serializeProgress,
  timeUsedSeconds,
} from '@core/domain/examAttempt';
import { getTest, listPool } from '../data/contentRepository';
import {
  type AttemptItem,
  claimRunningPointer,
  closeAttempt,
  consumeExam,
  countInAverages,
  deleteUnclaimedAttempt,
  getAttempt,
  getRunningPointer,
  markAnswered,
  markFinalized,
  putAttempt,
  raiseBest,
  releaseRunningPointer,
  returnUnusedExam,
  type SubmittedFields,
  submitAttempt as storeSubmission,
} from '../data/examRepository';
import { timeOrderedId } from '../data/ids';
import { getProfile } from '../data/userRepository';
import {
  BadRequestError,
  ConflictError,
  HttpError,
  NotFoundError,
  ServiceUnavailableError,
} from '../lib/errors';
import { logger } from '../lib/logger';
import { resultOf } from './examHistory';
import { attemptPassages, attemptQuestions, questionVersionsOf } from './examQuestions';

export const EXAM_MESSAGES = {
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
  new HttpError(403, EXAM_MESSAGES.noExams, { code: 'no_exams_available', premiumOffer: true });

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

/**
 * The attempt's questions in the versions it fixed, without keys, and their passages. `known`: the
 * attempt's test when the caller has just read it (one GetItem fewer).
 */
async function paperOf(
  attempt: AttemptItem,
  nowMs: number,
  known?: Awaited<ReturnType<typeof getTest>>,
): Promise<AttemptPaper> {
  const test = known?.slug === attempt.testSlug ? known : await getTest(attempt.testSlug);
  if (!test) throw new NotFoundError(EXAM_MESSAGES.unknownTest);
  const questions = (await attemptQuestions(attempt.attemptId, attempt.questions)).map(({ item }) =>
    publicQuestion(item),
  );
  const { passageRefs, passages } = await attemptPassages(attempt.questions);
  const order = new Map<string, number>();
  for (const ref of passageRefs) if (!order.has(ref.id)) order.set(ref.id, order.size);
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

/**
 * `GET /api/exam/{id}`: the questions of the caller's running attempt of the test, without keys.
 * No running attempt: 409, or 403 with the premium offer when no exam is left either — the bank is
 * never drawn without an attempt.
 */
export async function runningPaper(sub: string, testSlug: string): Promise<AttemptPaper> {
  const now = Date.now();
  const test = await getTest(testSlug);
  if (!test) throw new NotFoundError(EXAM_MESSAGES.unknownTest);
  const attempt = await liveAttempt(sub, test.slug, now);
  if (attempt) return paperOf(attempt, now, test);
  const profile = await getProfile(sub);
  if (profile?.is_premium === true || (profile?.exams_available ?? 0) > 0) {
    throw new ConflictError(EXAM_MESSAGES.noRunning, { code: 'no_running_attempt' });
  }
  throw noExamsError();
}

/**
 * Starts an attempt of a displayed test, or answers the running one (a double click or a retry
 * starts nothing twice). Order: use an exam (conditional UpdateItem, premium skips it), store the
 * attempt, then claim the test's pointer; a start that loses the pointer to a concurrent one
 * deletes its attempt, gives its exam back and answers the winner's. `created`: a new attempt.
 */
export async function startAttempt(
  sub: string,
  testSlug: string,
): Promise<{ created: boolean; answer: StartedAttempt }> {
  const now = Date.now();
  const test = await getTest(testSlug);
  if (!test) throw new NotFoundError(EXAM_MESSAGES.unknownTest);
  if (!test.display) throw new HttpError(403, EXAM_MESSAGES.notOffered, { code: 'test_not_offered' });

  const running = await liveAttempt(sub, test.slug, now);
  if (running) return { created: false, answer: await startedAnswer(sub, running, now, { resumed: true }) };

  const profile = await getProfile(sub);
  const isPremium = profile?.is_premium === true;
  const pools = Object.fromEntries(
    await Promise.all(
      Object.keys(test.rules.weights).map(async (sub) => [sub, await listPool(test.slug, sub)] as const),
    ),
  );
  const exam = assembleExam(test.rules, pools);
  if (exam.delivered === 0) throw new ServiceUnavailableError(EXAM_MESSAGES.emptyBank);

  let examsLeft: number | null = null;
  if (!isPremium) {
    examsLeft = await consumeExam(sub);
    if (examsLeft === null) {
      // A concurrent start may have just created the attempt this one was meant to be.
      const concurrent = await liveAttempt(sub, test.slug, now);
      if (concurrent)
        return {
          created: false,
          answer: await startedAnswer(sub, concurrent, now, { resumed: true, examsAvailable: 0 }),
        };
      throw noExamsError();
    }
  }

  const durationMinutes = examDurationMinutes(test);
  const deadlineMs = attemptDeadline(now, durationMinutes);
  const attemptId = timeOrderedId(now);
  const item: AttemptItem = {
    pk: `USER#${sub}`,
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
    if (!isPremium) await returnUnusedExam(sub);
    throw error;
  }
  const claimed = await claimRunningPointer(
    sub,
    {
      attemptId,
      testSlug: test.slug,
      deadline: item.deadline,
      expiresAt: deadlineMs + EXAM_SUBMISSION_GRACE_MS,
    },
    now,
  );
  if (!claimed) {
    await deleteUnclaimedAttempt(sub, attemptId);
    if (!isPremium) await returnUnusedExam(sub);
    const winner = await liveAttempt(sub, test.slug, now);
    if (!winner) throw new ConflictError('Otro inicio de este ensayo está en curso. Inténtalo de nuevo.');
    return { created: false, answer: await startedAnswer(sub, winner, now, { resumed: true }) };
  }
  logger.info('exam attempt started', {
    testSlug: test.slug,
    attemptId,
    questions: item.questions.length,
  });
  return {
    created: true,
    answer: await startedAnswer(sub, item, now, { resumed: false, examsAvailable: examsLeft }),
  };
}

/** Gives up the running attempt. The exam it used is not returned. */
export async function cancelAttempt(sub: string, testSlug: string): Promise<CancelledAttempt> {
  const attempt = await liveAttempt(sub, testSlug, Date.now());
  if (!attempt) return { cancelled: false };
  const cancelled = await closeAttempt(sub, attempt.attemptId, 'cancelled');
  await releaseRunningPointer(sub, attempt.testSlug, attempt.attemptId);
  logger.info('exam attempt cancelled', { testSlug: attempt.testSlug, attemptId: attempt.attemptId });
  return { cancelled, attemptId: attempt.attemptId };
}

/**
 * Grades the attempt from the bank with the versions it fixed (the client's `points` is kept only
 * for comparison) and stores it once. A repeated submission answers the stored result again;
 * `stored` says whether this call stored it.
 */
export async function submitAttempt(
  sub: string,
  body: SubmitBody,
): Promise<{ stored: boolean; result: ExamResult }> {
  const now = Date.now();
  let attempt: AttemptItem | null = null;
  if (body.attemptId) attempt = await getAttempt(sub, body.attemptId);
  else {
    const pointer = await getRunningPointer(sub, body.examType);
    attempt = pointer ? await getAttempt(sub, pointer.attemptId) : null;
  }
  if (!attempt) throw new NotFoundError(EXAM_MESSAGES.unknownAttempt);
  if (attempt.testSlug !== body.examType) throw new BadRequestError(EXAM_MESSAGES.wrongTest);

  if (attempt.status === 'submitted') {
    await finalize(sub, attempt);
    return { stored: false, result: resultOf(attempt) };
  }
  if (attempt.status !== 'running') throw new ConflictError(EXAM_MESSAGES.closed, { code: 'attempt_closed' });
  const deadlineMs = Date.parse(attempt.deadline);
  if (!acceptsAnswers(deadlineMs, now)) {
    await closeAttempt(sub, attempt.attemptId, 'expired');
    await releaseRunningPointer(sub, attempt.testSlug, attempt.attemptId);
    throw new ConflictError(EXAM_MESSAGES.deadlinePassed, {
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
  if (unknownIds.length > 0) logger.warn('submission answers questions outside the attempt', { unknownIds });

  const keyed = await questionVersionsOf(attempt.questions);
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
  const stored = await storeSubmission(sub, attempt.attemptId, fields);
  const current = stored
    ? { ...attempt, ...fields, status: 'submitted' as const }
    : await getAttempt(sub, attempt.attemptId);
  if (current?.status !== 'submitted')
    throw new ConflictError(EXAM_MESSAGES.closed, { code: 'attempt_closed' });
  await finalize(sub, current);
  if (stored) {
    logger.info('exam attempt submitted', {
      testSlug: current.testSlug,
      attemptId: current.attemptId,
      points: current.points,
      clientPoints: body.points ?? null,
    });
  }
  return { stored, result: resultOf(current) };
}
