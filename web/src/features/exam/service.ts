/**
 * The exam flows against the API and the store: start (and refresh the exams left), resume after
 * a reload from the server's attempt plus the answers kept in this browser, submit (retried on
 * network failures), cancel, and the result, review and history reads. Load failures are only
 * logged (spec section 8); the screens show their own empty or retry state.
 */
import type { ExamCatalogue, ExamResult, ExamReview } from '@core/api/exam';
import { ApiError, api } from '../../api/client';
import { type ExamState, useAppStore } from '../../app/store';
import {
  cancelExam,
  type ExamSnapshot,
  enterReview,
  finishExam,
  loadQuestions,
  onClientClock,
  reopenExam,
  restoreSnapshot,
  selectExam,
  snapshotOf,
  startExam,
  storeResults,
  submissionOf,
} from './model';

export const patchExam = (change: (exam: ExamState) => ExamState) =>
  useAppStore.setState((state) => {
    const exam = change(state.exam);
    return exam === state.exam ? state : { exam };
  });

const codeOf = (error: unknown): string | undefined =>
  error instanceof ApiError
    ? ((error.body as { code?: unknown } | null)?.code as string | undefined)
    : undefined;

// ── The answers kept in this browser ────────────────────────────────────────────────────────

const SNAPSHOT_PREFIX = 'preu-paes-exam';
const snapshotKey = (testSlug: string) =>
  `${SNAPSHOT_PREFIX}:${useAppStore.getState().auth.currentUser?.username ?? 'anon'}:${testSlug}`;

export function saveSnapshot(exam: ExamState): void {
  const snapshot = snapshotOf(exam);
  if (!snapshot || exam.examIsComplete) return;
  try {
    localStorage.setItem(snapshotKey(snapshot.testSlug), JSON.stringify(snapshot));
  } catch (error) {
    console.error('Could not keep the exam answers in this browser', error);
  }
}

export function readSnapshot(testSlug: string): ExamSnapshot | null {
  try {
    const text = localStorage.getItem(snapshotKey(testSlug));
    return text ? (JSON.parse(text) as ExamSnapshot) : null;
  } catch {
    return null;
  }
}

export const clearSnapshot = (testSlug: string) => localStorage.removeItem(snapshotKey(testSlug));

/** Keeps the answers in this browser as the student goes (one write per change, none per second). */
export function keepAnswersLocally(): () => void {
  return useAppStore.subscribe((state, previous) => {
    if (
      state.exam.questions !== previous.exam.questions ||
      state.exam.currentQuestionIndex !== previous.exam.currentQuestionIndex
    )
      saveSnapshot(state.exam);
  });
}

// ── Starting and resuming ───────────────────────────────────────────────────────────────────

/** Puts the server's attempt into the store, with the answers this browser kept for it. */
function applyPaper(paper: Parameters<typeof loadQuestions>[1]): void {
  const clientNow = Date.now();
  patchExam((exam) => {
    const loaded = loadQuestions(selectExam(exam, paper.test.slug), paper, clientNow);
    const started = startExam(
      loaded,
      onClientClock(paper.attempt.startedAt, paper.attempt.serverNow, clientNow),
    );
    return restoreSnapshot(started, readSnapshot(paper.test.slug));
  });
}

/** The user record again, for the exams left (the header and the study centre read the store). */
async function refreshExamsAvailable(): Promise<void> {
  try {
    const record = await api.getUser();
    useAppStore.setState((state) => ({
      root: { ...state.root, userExtraData: record },
      subscription: {
        ...state.subscription,
        isPremium: record.is_premium,
        examsAvailable: record.exams_available,
      },
    }));
  } catch (error) {
    console.error('Could not refresh the user record', error);
  }
}

export async function loadExamCatalogue(): Promise<ExamCatalogue | null> {
  try {
    const catalogue = await api.listExams();
    if (catalogue.examsAvailable !== null) {
      const left = catalogue.examsAvailable;
      useAppStore.setState((state) => ({ subscription: { ...state.subscription, examsAvailable: left } }));
    }
    return catalogue;
  } catch (error) {
    console.error('Could not load the exams', error);
    return null;
  }
}

export type StartOutcome = 'started' | 'noExams' | 'notOffered' | 'failed';

/** Starts an attempt (or gets the running one back) and fills the store with its questions. */
export async function beginExam(testSlug: string): Promise<StartOutcome> {
  try {
    const paper = await api.startExam(testSlug);
    if (!paper.resumed) clearSnapshot(testSlug);
    applyPaper(paper);
    saveSnapshot(useAppStore.getState().exam);
    if (paper.examsAvailable !== null) {
      const left = paper.examsAvailable;
      useAppStore.setState((state) => ({ subscription: { ...state.subscription, examsAvailable: left } }));
    }
    void refreshExamsAvailable();
    return 'started';
  } catch (error) {
    const code = codeOf(error);
    if (code === 'no_exams_available') return 'noExams';
    if (code === 'test_not_offered' || (error instanceof ApiError && error.status === 404))
      return 'notOffered';
    console.error('Could not start the exam', error);
    return 'failed';
  }
}

export type ResumeOutcome = 'ready' | 'noRunning' | 'noExams' | 'failed';

/** After a reload (or coming back): the same attempt, the same answers, the same deadline. */
export async function resumeExam(testSlug: string): Promise<ResumeOutcome> {
  const { exam } = useAppStore.getState();
  if (exam.attempt?.testSlug === testSlug && !exam.examIsComplete && !exam.isReview) return 'ready';
  try {
    applyPaper(await api.getExam(testSlug));
    return 'ready';
  } catch (error) {
    const code = codeOf(error);
    if (code === 'no_running_attempt' || code === 'no_exams_available') {
      clearSnapshot(testSlug);
      return code === 'no_running_attempt' ? 'noRunning' : 'noExams';
    }
    console.error('Could not load the running exam', error);
    return 'failed';
  }
}

// ── Finishing ───────────────────────────────────────────────────────────────────────────────

export type SubmitOutcome =
  | { kind: 'submitted'; result: ExamResult }
  | { kind: 'deadlinePassed' | 'closed' | 'failed' };

const transient = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 429;

/** Finishes and sends the attempt; network and 5xx failures are retried after `retryDelaysMs`. */
export async function submitExam(retryDelaysMs: readonly number[] = [1000, 3000]): Promise<SubmitOutcome> {
  const endTime = Date.now();
  const body = submissionOf(useAppStore.getState().exam, endTime);
  if (!body) return { kind: 'failed' };
  patchExam((exam) => finishExam(exam, endTime));
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await api.submitExam(body);
      const result = answer.data[0];
      if (!result) throw new Error('the submission answered no result');
      patchExam((exam) => storeResults(exam, result));
      clearSnapshot(body.examType);
      void refreshExamsAvailable();
      return { kind: 'submitted', result };
    } catch (error) {
      const code = codeOf(error);
      if (code === 'deadline_passed' || code === 'attempt_closed') {
        clearSnapshot(body.examType);
        patchExam(() => cancelExam());
        return { kind: code === 'deadline_passed' ? 'deadlinePassed' : 'closed' };
      }
      const delay = retryDelaysMs[attempt];
      if (!transient(error) || delay === undefined) {
        console.error('Could not submit the exam', error);
        patchExam(reopenExam);
        return { kind: 'failed' };
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Cancel clears everything; the server closes the attempt (the exam it used is not returned). */
export async function abandonExam(): Promise<void> {
  const slug = useAppStore.getState().exam.attempt?.testSlug ?? useAppStore.getState().exam.selectedExam;
  patchExam(() => cancelExam());
  if (!slug) return;
  clearSnapshot(slug);
  try {
    await api.cancelExam(slug);
  } catch (error) {
    console.error('Could not cancel the exam on the server', error);
  }
}

// ── Results, review, history ────────────────────────────────────────────────────────────────

/** The stored result of an attempt: from the store right after submitting, else from the server. */
export async function loadResult(attemptId: string): Promise<ExamResult | null> {
  const { results } = useAppStore.getState().exam;
  if (results?.id === attemptId) return results;
  const review = await loadReview(attemptId);
  return review ? useAppStore.getState().exam.results : null;
}

export async function loadReview(attemptId: string): Promise<ExamReview | null> {
  const current = useAppStore.getState().exam.review;
  if (current?.id === attemptId) {
    patchExam((exam) => enterReview(exam, current));
    return current;
  }
  try {
    const [review] = await api.getExamProgress(attemptId);
    if (!review) return null;
    patchExam((exam) => enterReview(exam, review));
    return review;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404))
      console.error('Could not load the exam review', error);
    return null;
  }
}

/** History and averages into the store; false when either failed. */
export async function loadHistory(): Promise<boolean> {
  try {
    const [history, averages] = await Promise.all([api.listExamProgress(), api.getExamAverages()]);
    patchExam((exam) => ({ ...exam, progress: history.data, averages: averages.data }));
    return true;
  } catch (error) {
    console.error('Could not load the exam history', error);
    return false;
  }
}
