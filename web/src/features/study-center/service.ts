/**
 * Study-centre data: the subject list, a subject's details, the lesson progress and the last
 * lesson. Failures are logged, never shown as toasts (spec section 8). A progress save that has
 * not reached the server is kept in localStorage (an outbox, per student) and retried with
 * backoff, when the browser comes back online and on the next visit, so nothing completed is lost.
 * The server merges what it receives, so sending the same progress twice is harmless.
 */

import type { UserRecord } from '@core/api/user';
import type { Course } from '@core/domain/constants';
import type { SubjectDetail } from '@core/domain/contentViews';
import type { CourseProgress, SubmoduleRef } from '@core/domain/lessonProgress';
import { ApiError, api } from '../../api/client';
import { type CourseState, useAppStore } from '../../app/store';
import {
  completeCurrentSubmodule,
  lastLessonOf,
  loadSubjectDetails,
  nextSubmodule,
  unionProgress,
  withProgress,
} from './model';

export const OUTBOX_KEY = 'preu-paes-progress-outbox';
/** First retry after 2 s, doubling up to a minute. */
export const RETRY_BASE_MS = 2000;
export const RETRY_MAX_MS = 60_000;

interface Outbox {
  owner: string;
  course: Course;
  progress: CourseProgress;
}

const course = () => useAppStore.getState().course;
const setCourse = (update: (state: CourseState) => CourseState) =>
  useAppStore.setState((state) => ({ course: update(state.course) }));

function owner(): string | null {
  const user = useAppStore.getState().auth.currentUser;
  return user?.userId ?? user?.username ?? null;
}

const studentCourse = (): Course => useAppStore.getState().onboarding.course ?? 'paes';

/** The unsent progress of the signed-in student (another student's is never read). */
export function readOutbox(): Outbox | null {
  try {
    const raw = localStorage.getItem(OUTBOX_KEY);
    const outbox = raw ? (JSON.parse(raw) as Outbox) : null;
    return outbox && outbox.owner === owner() ? outbox : null;
  } catch {
    return null;
  }
}

function writeOutbox(progress: CourseProgress): void {
  const who = owner();
  if (!who) return;
  try {
    localStorage.setItem(OUTBOX_KEY, JSON.stringify({ owner: who, course: studentCourse(), progress }));
  } catch (error) {
    console.error('Could not keep the progress locally', error);
  }
}

const clearOutbox = () => localStorage.removeItem(OUTBOX_KEY);

// ── Loading ──────────────────────────────────────────────────────────────────────────────────

/** The record from the server into the course area, with any unsent progress of this browser on top. */
function applyServerRecord(record: UserRecord): void {
  const pending = readOutbox();
  const progress = pending ? unionProgress(record.progress, pending.progress) : record.progress;
  setCourse((state) => ({
    ...withProgress(state, progress, record.is_premium),
    progressLoaded: true,
    lastLesson: state.lastLesson ?? record.last_lesson,
  }));
  if (pending) void flushProgress();
}

/** GET /api/user for the progress, premium flag and last lesson. False when it failed (logged). */
export async function loadCourseProgress(): Promise<boolean> {
  try {
    applyServerRecord(await api.getUser());
    return true;
  } catch (error) {
    console.error('Could not load the lesson progress', error);
    return false;
  }
}

/** GET /api/subject?course= into the study centre. False when it failed (logged). */
export async function loadSubjects(): Promise<boolean> {
  try {
    const subjects = await api.listSubjects(studentCourse());
    useAppStore.setState((state) => ({ studyCenter: { ...state.studyCenter, subjects } }));
    return true;
  } catch (error) {
    console.error('Could not load the subjects', error);
    return false;
  }
}

const subjectRequests = new Map<string, Promise<SubjectDetail | null>>();

/** GET /api/subject/{id} (one request at a time per subject): the first item, or null when unknown. */
export function fetchSubject(id: string): Promise<SubjectDetail | null> {
  const running = subjectRequests.get(id);
  if (running) return running;
  const request = api
    .getSubject(id)
    .then(([detail]) => detail ?? null)
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    })
    .finally(() => subjectRequests.delete(id));
  subjectRequests.set(id, request);
  return request;
}

/** Spec "Course": a subject's details load, marked with the progress. */
export async function openSubject(id: string): Promise<'ready' | 'not-found' | 'failed'> {
  try {
    const [detail] = await Promise.all([
      fetchSubject(id),
      course().progressLoaded ? Promise.resolve(true) : loadCourseProgress(),
    ]);
    if (!detail) return 'not-found';
    setCourse((state) => loadSubjectDetails(state, detail));
    return 'ready';
  } catch (error) {
    console.error('Could not load the subject', error);
    return 'failed';
  }
}

// ── Saving ───────────────────────────────────────────────────────────────────────────────────

let inFlight: Promise<void> | null = null;
let sendAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
let listening = false;

/** Refusals that a retry cannot fix (the progress is not accepted as it is). */
const isFinal = (error: unknown) =>
  error instanceof ApiError && [400, 403, 404, 413, 422].includes(error.status);

function scheduleRetry(): void {
  if (retryTimer) return;
  const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** failures);
  failures++;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flushProgress();
  }, delay);
}

function listenForConnection(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => void flushProgress());
}

/** Sends the unsent progress, if any (spec `POST /api/user?course`). */
export function flushProgress(): Promise<void> {
  if (inFlight) {
    sendAgain = true;
    return inFlight;
  }
  inFlight = (async () => {
    do {
      sendAgain = false;
      const pending = readOutbox();
      if (!pending) return;
      try {
        const record = await api.saveProgress(pending.progress, pending.course);
        failures = 0;
        const latest = readOutbox();
        if (latest && JSON.stringify(latest.progress) === JSON.stringify(pending.progress)) clearOutbox();
        setCourse((state) =>
          withProgress(state, unionProgress(record.progress, state.progress), record.is_premium),
        );
      } catch (error) {
        if (isFinal(error)) {
          // Not accepted as it is (e.g. it opens more lessons than the allowance): the server's progress wins.
          console.error('The progress was refused; reloading it from the server', error);
          clearOutbox();
          failures = 0;
          await loadCourseProgress();
          return;
        }
        console.error('Could not save the progress; it is kept and retried', error);
        scheduleRetry();
        return;
      }
    } while (sendAgain);
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Keeps the current progress locally and sends it. */
export function saveProgress(): Promise<void> {
  listenForConnection();
  writeOutbox(course().progress);
  return flushProgress();
}

/** Spec: completing a submodule adds progress, which is saved. */
export function completeSubmodule(): Promise<void> {
  setCourse(completeCurrentSubmodule);
  return saveProgress();
}

/** Spec: advance to the next submodule; answers why it is blocked, if it is. */
export function goToNextSubmodule(): ReturnType<typeof nextSubmodule>['blocked'] {
  const result = nextSubmodule(course());
  if (!result.blocked) setCourse(() => result.state);
  return result.blocked;
}

/** Spec: the last lesson is saved separately (POST /api/user/lastLesson); a failure is only logged. */
export async function rememberLastLesson(ref: SubmoduleRef): Promise<void> {
  const lastLesson = lastLessonOf(ref);
  if (course().lastLesson === lastLesson) return;
  setCourse((state) => ({ ...state, lastLesson }));
  try {
    await api.saveLastLesson(lastLesson);
  } catch (error) {
    console.error('Could not save the last lesson', error);
  }
}

/** For tests: forget timers and requests between cases. */
export function resetProgressSync(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  failures = 0;
  inFlight = null;
  sendAgain = false;
  subjectRequests.clear();
}
