/**
 * The exam transitions of spec section 4 as pure functions of the store's exam area: select, load
 * questions, start, answer (and change, clear, flag), next/previous clamped, finish, store
 * results, review, cancel; the derived counts; the local snapshot a reload resumes from; and the
 * timer's spoken milestones.
 */

import type { AttemptPaper, ExamResult, ExamReview, ReviewQuestion, SubmitBody } from '@core/api/exam';
import type { AlternativeId } from '@core/domain/contentViews';
import type { ProgressQuestion } from '@core/domain/examAttempt';
import { type ExamQuestionState, type ExamState, initialExamState } from '../../app/store';

const clampIndex = (index: number, length: number) => Math.min(Math.max(0, index), Math.max(0, length - 1));

/** A server time read on this browser's clock: `serverNow` and `clientNow` are the same instant. */
export const onClientClock = (iso: string, serverNow: string, clientNow: number): number =>
  Date.parse(iso) - (Date.parse(serverNow) - clientNow);

/** 1. Select an exam. */
export const selectExam = (exam: ExamState, slug: string): ExamState =>
  exam.selectedExam === slug
    ? exam
    : { ...initialExamState(), progress: exam.progress, averages: exam.averages, selectedExam: slug };

/** 2. Load the attempt's questions: each starts unanswered with nothing selected. */
export function loadQuestions(exam: ExamState, paper: AttemptPaper, clientNow: number): ExamState {
  return {
    ...exam,
    selectedExam: paper.test.slug,
    test: paper.test,
    attempt: paper.attempt,
    passages: paper.passages,
    questions: paper.questions.map(
      (q): ExamQuestionState => ({
        ...q,
        answered: false,
        correct: null,
        flagged: false,
        answers: q.alternatives.map((a) => ({ ...a, selected: false, correct: null })),
      }),
    ),
    deadline: onClientClock(paper.attempt.deadline, paper.attempt.serverNow, clientNow),
    currentQuestionIndex: 0,
    isReview: false,
    questionDetail: null,
    review: null,
    examIsComplete: false,
    startTime: null,
    endTime: null,
    results: null,
  };
}

/** 3. Start: records the start time (the server's, on this browser's clock). */
export const startExam = (exam: ExamState, startTime: number): ExamState => ({ ...exam, startTime });

function updateQuestion(
  exam: ExamState,
  index: number,
  change: (question: ExamQuestionState) => ExamQuestionState,
): ExamState {
  const question = exam.questions[index];
  if (!question || exam.examIsComplete || exam.isReview) return exam;
  const changed = change(question);
  if (changed === question) return exam;
  const questions = [...exam.questions];
  questions[index] = changed;
  return { ...exam, questions };
}

/**
 * 4. Answer: marks the question answered with that alternative selected. Whether it is correct
 * stays unknown (null): the browser never holds the keys, the server grades.
 */
export const answerQuestion = (
  exam: ExamState,
  alternative: AlternativeId,
  index: number = exam.currentQuestionIndex,
): ExamState =>
  updateQuestion(exam, index, (q) =>
    q.answers.some((a) => a.id === alternative)
      ? {
          ...q,
          answered: true,
          correct: null,
          answers: q.answers.map((a) => ({ ...a, selected: a.id === alternative })),
        }
      : q,
  );

export const clearAnswer = (exam: ExamState, index: number = exam.currentQuestionIndex): ExamState =>
  updateQuestion(exam, index, (q) => ({
    ...q,
    answered: false,
    correct: null,
    answers: q.answers.map((a) => ({ ...a, selected: false })),
  }));

export const toggleFlag = (exam: ExamState, index: number = exam.currentQuestionIndex): ExamState =>
  updateQuestion(exam, index, (q) => ({ ...q, flagged: !q.flagged }));

/** 5. Next, previous, or any question of the map; the index is clamped at its bounds. */
export function goToQuestion(exam: ExamState, index: number): ExamState {
  const length = exam.isReview ? (exam.review?.questions.length ?? 0) : exam.questions.length;
  const next = clampIndex(index, length);
  if (next === exam.currentQuestionIndex && (!exam.isReview || exam.questionDetail)) return exam;
  return {
    ...exam,
    currentQuestionIndex: next,
    questionDetail: exam.isReview ? (exam.review?.questions[next] ?? null) : exam.questionDetail,
  };
}

export const nextQuestion = (exam: ExamState) => goToQuestion(exam, exam.currentQuestionIndex + 1);
export const previousQuestion = (exam: ExamState) => goToQuestion(exam, exam.currentQuestionIndex - 1);

/** 6. Finish: the exam is complete, the end time set and review mode off. */
export const finishExam = (exam: ExamState, endTime: number): ExamState => ({
  ...exam,
  examIsComplete: true,
  endTime,
  isReview: false,
});

/** A submission that failed (network): the student may go on answering until it goes through. */
export const reopenExam = (exam: ExamState): ExamState => ({ ...exam, examIsComplete: false, endTime: null });

/** 7. Results are stored; each question learns from the server whether it was right. */
export function storeResults(exam: ExamState, result: ExamResult): ExamState {
  let graded: ProgressQuestion[] = [];
  try {
    graded = JSON.parse(result.progress) as ProgressQuestion[];
  } catch {
    graded = [];
  }
  const byId = new Map(graded.map((q) => [q.id, q]));
  return {
    ...exam,
    results: result,
    examIsComplete: true,
    questions: exam.questions.map((q) => {
      const g = byId.get(q.id);
      if (!g) return q;
      return {
        ...q,
        correct: g.correct,
        answers: q.answers.map((a) => ({
          ...a,
          correct: g.answers.find((b) => b.id === a.id)?.correct ?? null,
        })),
      };
    }),
  };
}

/** 8. Review mode: every question with the student's answer, the key and the explanation. */
export function enterReview(exam: ExamState, review: ExamReview): ExamState {
  const { questions: _q, passages: _p, ...result } = review;
  return {
    ...exam,
    selectedExam: review.examType,
    isReview: true,
    review,
    results: exam.results?.id === review.id ? exam.results : result,
    examIsComplete: true,
    currentQuestionIndex: 0,
    questionDetail: review.questions[0] ?? null,
  };
}

/** 9. Cancel clears everything. */
export const cancelExam = (): ExamState => initialExamState();

// ── Derived ─────────────────────────────────────────────────────────────────────────────────

export interface ExamCounts {
  total: number;
  answered: number;
  unanswered: number;
  flagged: number;
  /** Known once graded (null before). */
  correct: number | null;
  wrong: number | null;
}

export function examCounts(questions: readonly ExamQuestionState[]): ExamCounts {
  let answered = 0;
  let flagged = 0;
  let correct = 0;
  let wrong = 0;
  let graded = false;
  for (const q of questions) {
    if (q.answered) answered++;
    if (q.flagged) flagged++;
    if (q.correct !== null) graded = true;
    if (q.correct === true) correct++;
    else if (q.correct === false && q.answered) wrong++;
  }
  return {
    total: questions.length,
    answered,
    unanswered: questions.length - answered,
    flagged,
    correct: graded ? correct : null,
    wrong: graded ? wrong : null,
  };
}

export const remainingMs = (deadline: number | null, now: number): number =>
  deadline === null ? 0 : Math.max(0, deadline - now);

/** Minutes left at which the timer speaks (politely): the milestones a student cares about. */
export const SPOKEN_MILESTONES_MIN = [60, 30, 15, 10, 5, 1] as const;

/** The milestone crossed between two readings of the time left, if any. */
export function crossedMilestone(previousMs: number, currentMs: number): number | null {
  for (const minutes of SPOKEN_MILESTONES_MIN) {
    const at = minutes * 60_000;
    if (previousMs > at && currentMs <= at) return minutes;
  }
  return null;
}

export type ReviewState = 'correct' | 'wrong' | 'omitted';

export const reviewState = (q: Pick<ReviewQuestion, 'selected' | 'isCorrect'>): ReviewState =>
  q.selected === null ? 'omitted' : q.isCorrect ? 'correct' : 'wrong';

export type TargetComparison =
  | { kind: 'none' }
  | { kind: 'above' | 'below'; points: number }
  | { kind: 'on'; points: 0 };

export function compareWithTarget(
  score: number | null | undefined,
  target: number | null | undefined,
): TargetComparison {
  if (typeof score !== 'number' || typeof target !== 'number' || !Number.isFinite(target))
    return { kind: 'none' };
  if (score === target) return { kind: 'on', points: 0 };
  return score > target
    ? { kind: 'above', points: score - target }
    : { kind: 'below', points: target - score };
}

// ── What the browser keeps and sends ────────────────────────────────────────────────────────

/** What a reload needs to resume the attempt: the server gives the questions and the deadline again. */
export interface ExamSnapshot {
  version: 1;
  attemptId: string;
  testSlug: string;
  answers: Record<string, AlternativeId>;
  flagged: string[];
  currentQuestionIndex: number;
}

export function snapshotOf(exam: ExamState): ExamSnapshot | null {
  if (!exam.attempt || exam.isReview) return null;
  const answers: Record<string, AlternativeId> = {};
  for (const q of exam.questions) {
    const chosen = q.answers.find((a) => a.selected);
    if (chosen) answers[q.id] = chosen.id;
  }
  return {
    version: 1,
    attemptId: exam.attempt.id,
    testSlug: exam.attempt.testSlug,
    answers,
    flagged: exam.questions.filter((q) => q.flagged).map((q) => q.id),
    currentQuestionIndex: exam.currentQuestionIndex,
  };
}

/** Puts a snapshot back on freshly loaded questions, only when it is of the same attempt. */
export function restoreSnapshot(exam: ExamState, snapshot: ExamSnapshot | null): ExamState {
  if (snapshot?.version !== 1 || snapshot.attemptId !== exam.attempt?.id) return exam;
  const flagged = new Set(snapshot.flagged);
  let restored: ExamState = {
    ...exam,
    questions: exam.questions.map((q) => ({ ...q, flagged: flagged.has(q.id) })),
  };
  for (const [index, q] of restored.questions.entries()) {
    const chosen = snapshot.answers[q.id];
    if (chosen) restored = answerQuestion(restored, chosen, index);
  }
  return goToQuestion(restored, snapshot.currentQuestionIndex);
}

/** The spec's body of `POST /api/exam/progress`; the browser does not know the points. */
export function submissionOf(exam: ExamState, endTime: number): (SubmitBody & { progress: string }) | null {
  if (!exam.attempt || !exam.test) return null;
  return {
    attemptId: exam.attempt.id,
    examType: exam.attempt.testSlug,
    startTime: exam.startTime,
    endTime,
    points: null,
    course: exam.test.course,
    progress: JSON.stringify(
      exam.questions.map((q) => ({
        id: q.id,
        answered: q.answered,
        answers: q.answers.map((a) => ({ id: a.id, selected: a.selected })),
      })),
    ),
  };
}
