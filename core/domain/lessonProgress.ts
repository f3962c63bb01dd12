/**
 * Lesson progress of the study centre (spec sections 3, 4 "Course", 6 and 9): what a student has
 * completed, which lessons they may open, and what a completion costs a free student. Pure: the
 * progress save, the subject route and the browser decide with the same functions.
 *
 * A lesson is *in progress* (opened) once one of its submodules is complete. The free allowance
 * (`maxLessonsAvailable`) counts lessons a free student may still open: the completion that opens a
 * lesson uses one, further submodules of an opened lesson cost nothing (docs/decisions.md).
 */
import { FREE_TIER, LESSONS_TO_OPEN_SUBJECT } from './constants';

export interface SubmoduleProgress {
  id: string;
  complete: boolean;
}

export interface LessonProgressEntry {
  id: string;
  complete: boolean;
  submodules: SubmoduleProgress[];
}

export interface SubjectProgress {
  id: string;
  /** Completed submodules over all submodules of the subject, 0–100. */
  progress_percent: number;
  complete: boolean;
  /** Lessons in progress, in the subject's order; each lists its completed submodules. */
  lessons: LessonProgressEntry[];
}

/** The `progress` of the spec: `{ subjects[…], maxLessonsAvailable }`. */
export interface CourseProgress {
  subjects: SubjectProgress[];
  maxLessonsAvailable: number;
}

/** The shape of a subject: enough to check ids and to tell what is complete. */
export interface SubjectOutline {
  id: string;
  lessons: readonly { id: string; submodules: readonly { id: string }[] }[];
}

export interface SubmoduleRef {
  subjectId: string;
  lessonId: string;
  submoduleId: string;
}

export interface LessonRef {
  subjectId: string;
  lessonId: string;
}

/** The progress a student starts with, and what a reset returns to: nothing done, the free allowance. */
export const emptyProgress = (): CourseProgress => ({ subjects: [], maxLessonsAvailable: FREE_TIER.lessons });

const submoduleKey = (ref: SubmoduleRef) => `${ref.subjectId}/${ref.lessonId}/${ref.submoduleId}`;
const lessonKey = (ref: LessonRef) => `${ref.subjectId}/${ref.lessonId}`;

/** Every submodule marked complete, in progress order. */
export function completedSubmodules(progress: CourseProgress): SubmoduleRef[] {
  return progress.subjects.flatMap((subject) =>
    subject.lessons.flatMap((lesson) =>
      lesson.submodules
        .filter((submodule) => submodule.complete === true)
        .map((submodule) => ({ subjectId: subject.id, lessonId: lesson.id, submoduleId: submodule.id })),
    ),
  );
}

/** Ids of a subject's lessons in progress (one complete submodule or more). */
export function lessonsInProgress(progress: CourseProgress, subjectId: string): string[] {
  const subject = progress.subjects.find((s) => s.id === subjectId);
  return (subject?.lessons ?? [])
    .filter((lesson) => lesson.submodules.some((submodule) => submodule.complete === true))
    .map((lesson) => lesson.id);
}

export const isLessonInProgress = (progress: CourseProgress, ref: LessonRef): boolean =>
  lessonsInProgress(progress, ref.subjectId).includes(ref.lessonId);

/** Spec section 9: a subject counts as fully opened at 3 lessons in progress. */
export const subjectFullyOpened = (progress: CourseProgress, subjectId: string): boolean =>
  lessonsInProgress(progress, subjectId).length >= LESSONS_TO_OPEN_SUBJECT;

/**
 * Which lessons of a subject the student may open, by index. Premium: all. Free: the lessons in
 * progress, and as many of the others as the allowance still covers, in the subject's order.
 * The server sends study content and trivia only for these.
 */
export function lessonAccess(
  outline: SubjectOutline,
  progress: CourseProgress,
  isPremium: boolean,
): boolean[] {
  if (isPremium) return outline.lessons.map(() => true);
  const opened = new Set(lessonsInProgress(progress, outline.id));
  let unopenedLeft = Math.max(0, progress.maxLessonsAvailable);
  return outline.lessons.map((lesson) => {
    if (opened.has(lesson.id)) return true;
    if (unopenedLeft > 0) {
      unopenedLeft--;
      return true;
    }
    return false;
  });
}

/** The subject's entry built from its outline and the completed submodules (only those it lists). */
export function summarizeSubject(outline: SubjectOutline, completed: ReadonlySet<string>): SubjectProgress {
  let total = 0;
  let done = 0;
  const lessons: LessonProgressEntry[] = [];
  for (const lesson of outline.lessons) {
    const submodules = lesson.submodules.filter((submodule) =>
      completed.has(submoduleKey({ subjectId: outline.id, lessonId: lesson.id, submoduleId: submodule.id })),
    );
    total += lesson.submodules.length;
    done += submodules.length;
    if (submodules.length === 0) continue;
    lessons.push({
      id: lesson.id,
      complete: submodules.length === lesson.submodules.length,
      submodules: submodules.map((submodule) => ({ id: submodule.id, complete: true })),
    });
  }
  return {
    id: outline.id,
    progress_percent: total === 0 ? 0 : Math.round((100 * done) / total),
    complete: total > 0 && done === total,
    lessons,
  };
}

export interface CompletionResult {
  /** The progress with the completions applied (the allowance never below 0). */
  progress: CourseProgress;
  /** Completions that were not complete before, each once. */
  newlyCompleted: SubmoduleRef[];
  /** Lessons these completions open (not in progress before). */
  newlyOpened: LessonRef[];
  /** A free student would open more lessons than the allowance permits. */
  overAllowance: boolean;
  /** Completions naming a subject, lesson or submodule the outlines do not have. */
  unknown: SubmoduleRef[];
}

/**
 * Completing submodules (spec "Course"): each adds progress; a lesson is complete when all its
 * submodules are; for a free student each lesson opened uses one of the allowance, never below 0.
 * Premium students are not limited. Subjects the completions do not touch keep their entry.
 */
export function applyCompletions(
  progress: CourseProgress,
  completions: readonly SubmoduleRef[],
  outlines: ReadonlyMap<string, SubjectOutline>,
  isPremium: boolean,
): CompletionResult {
  const completed = new Set(completedSubmodules(progress).map(submoduleKey));
  const opened = new Set(
    progress.subjects.flatMap((s) =>
      lessonsInProgress(progress, s.id).map((lessonId) => `${s.id}/${lessonId}`),
    ),
  );
  const newlyCompleted: SubmoduleRef[] = [];
  const newlyOpened: LessonRef[] = [];
  const unknown: SubmoduleRef[] = [];
  for (const ref of completions) {
    const key = submoduleKey(ref);
    if (completed.has(key)) continue;
    const lesson = outlines.get(ref.subjectId)?.lessons.find((l) => l.id === ref.lessonId);
    if (!lesson?.submodules.some((s) => s.id === ref.submoduleId)) {
      unknown.push(ref);
      continue;
    }
    completed.add(key);
    newlyCompleted.push({ subjectId: ref.subjectId, lessonId: ref.lessonId, submoduleId: ref.submoduleId });
    if (!opened.has(lessonKey(ref))) {
      opened.add(lessonKey(ref));
      newlyOpened.push({ subjectId: ref.subjectId, lessonId: ref.lessonId });
    }
  }
  const allowance = Math.max(0, progress.maxLessonsAvailable);
  const touched = new Set(newlyCompleted.map((ref) => ref.subjectId));
  const subjects = progress.subjects.map((subject) => {
    const outline = outlines.get(subject.id);
    return touched.has(subject.id) && outline ? summarizeSubject(outline, completed) : subject;
  });
  for (const subjectId of touched) {
    const outline = outlines.get(subjectId);
    if (outline && !subjects.some((s) => s.id === subjectId))
      subjects.push(summarizeSubject(outline, completed));
  }
  return {
    progress: {
      subjects,
      maxLessonsAvailable: isPremium ? allowance : Math.max(0, allowance - newlyOpened.length),
    },
    newlyCompleted,
    newlyOpened,
    overAllowance: !isPremium && newlyOpened.length > allowance,
    unknown,
  };
}
