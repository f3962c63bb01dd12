/**
 * The course transitions of the spec (section 4 "Course") as pure functions over the `course`
 * area, plus the trivia of a submodule. The rules shared with the server (what a completion costs,
 * which lessons are open) come from core/domain/lessonProgress.ts.
 */
import type { SubjectDetail } from '@core/domain/contentViews';
import {
  applyCompletions,
  type CourseProgress,
  emptyProgress,
  isLessonInProgress,
  lessonAccess,
  type SubjectOutline,
  type SubmoduleRef,
  subjectFullyOpened,
} from '@core/domain/lessonProgress';
import type {
  CourseLesson,
  CourseState,
  CourseSubject,
  CourseSubmodule,
  TriviaQuestionState,
  TriviaRun,
} from '../../app/store';

/** Spec section 2: the subject detail opens about 1 s after "ver detalle". */
export const DETAIL_NAVIGATION_DELAY_MS = 1000;

export interface Position {
  lessonIndex: number;
  submoduleIndex: number;
}

export const outlineOf = (subject: {
  id: string;
  lessons: readonly { id: string; submodules: readonly { id: string }[] }[];
}): SubjectOutline => ({
  id: subject.id,
  lessons: subject.lessons.map((lesson) => ({ id: lesson.id, submodules: lesson.submodules })),
});

/**
 * Spec "Course": on loading a subject's details, submodules already in progress are marked
 * complete; a lesson is complete when all its submodules are. A lesson is shown locked when the
 * server sent it without content, or when the allowance no longer covers it.
 */
export function markSubject(
  detail: SubjectDetail | CourseSubject,
  progress: CourseProgress,
  isPremium: boolean,
): CourseSubject {
  const subjectProgress = progress.subjects.find((s) => s.id === detail.id);
  const access = lessonAccess(outlineOf(detail), progress, isPremium);
  return {
    ...detail,
    lessons: detail.lessons.map((lesson, index): CourseLesson => {
      const done = new Set(
        subjectProgress?.lessons
          .find((l) => l.id === lesson.id)
          ?.submodules.filter((s) => s.complete === true)
          .map((s) => s.id) ?? [],
      );
      const submodules = lesson.submodules.map(
        (submodule): CourseSubmodule => ({
          id: submodule.id,
          title: submodule.title,
          complete: done.has(submodule.id),
          ...('content' in submodule && submodule.content !== undefined
            ? { content: submodule.content }
            : {}),
          ...('trivia' in submodule && submodule.trivia !== undefined ? { trivia: submodule.trivia } : {}),
        }),
      );
      // The server sends no content for a lesson it locks, so the content tells its decision.
      const hasContent = submodules.every((s) => s.content !== undefined && s.trivia !== undefined);
      return {
        id: lesson.id,
        title: lesson.title,
        summary: lesson.summary,
        locked: !hasContent || access[index] !== true,
        complete: submodules.length > 0 && submodules.every((s) => s.complete),
        submodules,
      };
    }),
  };
}

/** The first incomplete submodule, optionally only in open lessons; null when everything is done. */
export function firstIncomplete(subject: CourseSubject, onlyOpen: boolean): Position | null {
  for (const [lessonIndex, lesson] of subject.lessons.entries()) {
    if (onlyOpen && lesson.locked) continue;
    const submoduleIndex = lesson.submodules.findIndex((s) => !s.complete);
    if (submoduleIndex >= 0) return { lessonIndex, submoduleIndex };
  }
  return null;
}

/**
 * Spec: a subject's details load; for premium students the first incomplete submodule becomes
 * current. A free student starts at the first incomplete submodule of an open lesson (the spec
 * leaves it open; this never points a free student at locked content), else at the beginning.
 */
export function loadSubjectDetails(state: CourseState, detail: SubjectDetail): CourseState {
  const subject = markSubject(detail, state.progress, state.isPremium);
  const current = firstIncomplete(subject, !state.isPremium) ?? { lessonIndex: 0, submoduleIndex: 0 };
  return {
    ...state,
    subjectDetails: subject,
    currentLessonIndex: current.lessonIndex,
    currentSubmoduleIndex: current.submoduleIndex,
    currentTrivia: null,
  };
}

/** Progress changed (a save answered, another tab): re-mark the subject being studied. */
export function withProgress(
  state: CourseState,
  progress: CourseProgress,
  isPremium = state.isPremium,
): CourseState {
  return {
    ...state,
    progress,
    isPremium,
    subjectDetails: state.subjectDetails ? markSubject(state.subjectDetails, progress, isPremium) : null,
  };
}

export function currentLesson(state: CourseState): CourseLesson | null {
  return state.subjectDetails?.lessons[state.currentLessonIndex] ?? null;
}

export function currentSubmodule(state: CourseState): CourseSubmodule | null {
  return currentLesson(state)?.submodules[state.currentSubmoduleIndex] ?? null;
}

export function currentRef(state: CourseState): SubmoduleRef | null {
  const subject = state.subjectDetails;
  const lesson = currentLesson(state);
  const submodule = currentSubmodule(state);
  if (!subject || !lesson || !submodule) return null;
  return { subjectId: subject.id, lessonId: lesson.id, submoduleId: submodule.id };
}

/** Opens a submodule of an open lesson (its trivia starts when the study text is read). */
export function selectSubmodule(state: CourseState, position: Position): CourseState {
  const lesson = state.subjectDetails?.lessons[position.lessonIndex];
  if (!lesson?.submodules[position.submoduleIndex] || lesson.locked) return state;
  return {
    ...state,
    currentLessonIndex: position.lessonIndex,
    currentSubmoduleIndex: position.submoduleIndex,
    currentTrivia: null,
  };
}

/**
 * Spec: completing a submodule adds progress; a lesson is complete when all its submodules are;
 * for a free student the completion that opens a lesson reduces the allowance by 1, never below 0.
 */
export function completeCurrentSubmodule(state: CourseState): CourseState {
  const ref = currentRef(state);
  const subject = state.subjectDetails;
  if (!ref || !subject) return state;
  const { progress } = applyCompletions(
    state.progress,
    [ref],
    new Map([[subject.id, outlineOf(subject)]]),
    state.isPremium,
  );
  return withProgress(state, progress);
}

/** The submodule after `position`: the next in the lesson, the next lesson, or (after the last) the first. */
export function nextPosition(subject: CourseSubject, position: Position): Position {
  const lesson = subject.lessons[position.lessonIndex];
  if (lesson && position.submoduleIndex + 1 < lesson.submodules.length) {
    return { lessonIndex: position.lessonIndex, submoduleIndex: position.submoduleIndex + 1 };
  }
  const nextLesson = position.lessonIndex + 1 < subject.lessons.length ? position.lessonIndex + 1 : 0;
  return { lessonIndex: nextLesson, submoduleIndex: 0 };
}

/**
 * Why advancing to `target` is blocked, or null. Premium students are never blocked. A lesson
 * already in progress stays open — in particular a subject with 3 lessons in progress counts as
 * fully opened, and its lessons can be finished at zero allowance. Entering a lesson not yet in
 * progress needs allowance left ('no-lessons-left'), and a lesson the allowance covers ('locked').
 */
export type AdvanceBlock = 'no-lessons-left' | 'locked';

export function advanceBlock(state: CourseState, target: Position): AdvanceBlock | null {
  const subject = state.subjectDetails;
  const lesson = subject?.lessons[target.lessonIndex];
  if (!subject || !lesson || state.isPremium) return null;
  if (isLessonInProgress(state.progress, { subjectId: subject.id, lessonId: lesson.id })) return null;
  if (state.progress.maxLessonsAvailable <= 0) return 'no-lessons-left';
  return lesson.locked ? 'locked' : null;
}

/** Spec: advance to the next submodule (wrapping after the last lesson) unless it is blocked. */
export function nextSubmodule(state: CourseState): { state: CourseState; blocked: AdvanceBlock | null } {
  const subject = state.subjectDetails;
  if (!subject) return { state, blocked: null };
  const target = nextPosition(subject, {
    lessonIndex: state.currentLessonIndex,
    submoduleIndex: state.currentSubmoduleIndex,
  });
  const blocked = advanceBlock(state, target);
  if (blocked) return { state, blocked };
  return {
    state: {
      ...state,
      currentLessonIndex: target.lessonIndex,
      currentSubmoduleIndex: target.submoduleIndex,
      currentTrivia: null,
    },
    blocked: null,
  };
}

/** Whether the blocked student already has the subject fully opened (3 lessons in progress). */
export const isSubjectFullyOpened = (state: CourseState): boolean =>
  state.subjectDetails ? subjectFullyOpened(state.progress, state.subjectDetails.id) : false;

/** Spec: reset clears progress to an empty list with the free allowance. */
export function resetCourse(state: CourseState): CourseState {
  return withProgress(
    { ...state, currentLessonIndex: 0, currentSubmoduleIndex: 0, currentTrivia: null, lastLesson: null },
    emptyProgress(),
  );
}

/**
 * The server's progress combined with completions this browser has not had accepted yet: every
 * completed submodule of either, and the server's allowance less the lessons only this browser
 * opened. Lesson and subject flags are the server's or this browser's, whichever says more.
 */
export function unionProgress(server: CourseProgress, local: CourseProgress): CourseProgress {
  const subjects = server.subjects.map((s) => ({ ...s, lessons: s.lessons.map((l) => ({ ...l })) }));
  let openedOnlyHere = 0;
  for (const localSubject of local.subjects) {
    let subject = subjects.find((s) => s.id === localSubject.id);
    if (!subject) {
      subject = { ...localSubject, lessons: [] };
      subjects.push(subject);
    }
    subject.progress_percent = Math.max(subject.progress_percent, localSubject.progress_percent);
    subject.complete = subject.complete || localSubject.complete;
    for (const localLesson of localSubject.lessons) {
      const doneHere = localLesson.submodules.filter((s) => s.complete === true);
      if (doneHere.length === 0) continue;
      const lesson = subject.lessons.find((l) => l.id === localLesson.id);
      if (!lesson?.submodules.some((s) => s.complete === true)) openedOnlyHere++;
      if (!lesson) {
        subject.lessons.push({ id: localLesson.id, complete: localLesson.complete, submodules: doneHere });
        continue;
      }
      const known = new Set(lesson.submodules.map((s) => s.id));
      lesson.submodules = [...lesson.submodules, ...doneHere.filter((s) => !known.has(s.id))];
      lesson.complete = lesson.complete || localLesson.complete;
    }
  }
  return { subjects, maxLessonsAvailable: Math.max(0, server.maxLessonsAvailable - openedOnlyHere) };
}

// ── Trivia ────────────────────────────────────────────────────────────────────────────────────

/** A fresh run over a submodule's trivia: nothing answered, nothing selected, the first question current. */
export function startTrivia(submodule: CourseSubmodule): TriviaRun {
  const questions = (submodule.trivia ?? []).map(
    (trivia, index): TriviaQuestionState => ({
      id: trivia.id,
      stem: trivia.stem,
      ...(trivia.image ? { image: trivia.image } : {}),
      explanation: trivia.explanation,
      answered: false,
      current: index === 0,
      wasCorrect: null,
      answers: trivia.alternatives.map((alternative) => ({
        id: alternative.id,
        type: alternative.type,
        ...(alternative.text !== undefined ? { text: alternative.text } : {}),
        ...(alternative.image !== undefined ? { image: alternative.image } : {}),
        correct: alternative.correct,
        selected: false,
        isCorrect: null,
      })),
    }),
  );
  return { questions, index: 0, progressPercent: 0 };
}

const updateCurrent = (
  run: TriviaRun,
  update: (q: TriviaQuestionState) => TriviaQuestionState,
): TriviaRun => ({
  ...run,
  questions: run.questions.map((q, i) => (i === run.index ? update(q) : q)),
});

/** Selects an alternative of the current question (until it is confirmed). */
export function selectAnswer(run: TriviaRun, answerId: string): TriviaRun {
  return updateCurrent(run, (question) =>
    question.answered || !question.answers.some((a) => a.id === answerId)
      ? question
      : { ...question, answers: question.answers.map((a) => ({ ...a, selected: a.id === answerId })) },
  );
}

/** Confirms the selected alternative: the question is answered, right or wrong; the percent is the answered share. */
export function confirmAnswer(run: TriviaRun): TriviaRun {
  const question = run.questions[run.index];
  const selected = question?.answers.find((a) => a.selected);
  if (!question || question.answered || !selected) return run;
  const next = updateCurrent(run, (q) => ({
    ...q,
    answered: true,
    wasCorrect: selected.correct,
    answers: q.answers.map((a) => ({ ...a, isCorrect: a.selected ? a.correct : null })),
  }));
  const answered = next.questions.filter((q) => q.answered).length;
  return { ...next, progressPercent: Math.round((100 * answered) / next.questions.length) };
}

/** The next question, once the current one is answered (the index stays within bounds). */
export function nextQuestion(run: TriviaRun): TriviaRun {
  const question = run.questions[run.index];
  if (!question?.answered || run.index + 1 >= run.questions.length) return run;
  const index = run.index + 1;
  return { ...run, index, questions: run.questions.map((q, i) => ({ ...q, current: i === index })) };
}

/** Spec: reset the trivia to its start. */
export function resetTrivia(run: TriviaRun): TriviaRun {
  return {
    index: 0,
    progressPercent: 0,
    questions: run.questions.map((q, i) => ({
      ...q,
      answered: false,
      current: i === 0,
      wasCorrect: null,
      answers: q.answers.map((a) => ({ ...a, selected: false, isCorrect: null })),
    })),
  };
}

export const triviaFinished = (run: TriviaRun): boolean =>
  run.questions.length > 0 && run.questions.every((q) => q.answered);

export function triviaSummary(run: TriviaRun): { total: number; answered: number; correct: number } {
  return {
    total: run.questions.length,
    answered: run.questions.filter((q) => q.answered).length,
    correct: run.questions.filter((q) => q.wasCorrect === true).length,
  };
}

// ── Study centre home ─────────────────────────────────────────────────────────────────────────

/** `subjectId/lessonId[/submoduleId]` as stored by `POST /api/user/lastLesson`. */
export function parseLastLesson(
  value: string | null | undefined,
): { subjectId: string; lessonId: string; submoduleId?: string } | null {
  const [subjectId, lessonId, submoduleId, ...rest] = (value ?? '').split('/');
  if (!subjectId || !lessonId || rest.length > 0) return null;
  return { subjectId, lessonId, ...(submoduleId ? { submoduleId } : {}) };
}

export const lastLessonOf = (ref: SubmoduleRef): string =>
  `${ref.subjectId}/${ref.lessonId}/${ref.submoduleId}`;

/** Whole days from `today` to `date` (both ISO dates); negative once the date has passed. */
export function daysUntil(date: string, today: string): number {
  const day = 86_400_000;
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / day);
}
