import { describe, expect, it } from 'vitest';
import { FREE_TIER } from './constants';
import {
  applyCompletions,
  type CourseProgress,
  completedSubmodules,
  emptyProgress,
  lessonAccess,
  lessonsInProgress,
  type SubjectOutline,
  type SubmoduleRef,
  subjectFullyOpened,
} from './lessonProgress';

/** A subject with `lessons` lessons of three submodules each: l1/l1-s1 … */
function outline(id: string, lessons = 5): SubjectOutline {
  return {
    id,
    lessons: Array.from({ length: lessons }, (_, l) => ({
      id: `l${l + 1}`,
      submodules: [1, 2, 3].map((s) => ({ id: `l${l + 1}-s${s}` })),
    })),
  };
}

const algebra = outline('algebra');
const fisica = outline('fisica');
const outlines = new Map([
  [algebra.id, algebra],
  [fisica.id, fisica],
]);

const ref = (subjectId: string, lesson: number, submodule: number): SubmoduleRef => ({
  subjectId,
  lessonId: `l${lesson}`,
  submoduleId: `l${lesson}-s${submodule}`,
});

const complete = (progress: CourseProgress, refs: SubmoduleRef[], isPremium = false) =>
  applyCompletions(progress, refs, outlines, isPremium);

describe('lesson progress', () => {
  it('starts (and resets) empty with the free allowance of 3 lessons', () => {
    expect(emptyProgress()).toEqual({ subjects: [], maxLessonsAvailable: FREE_TIER.lessons });
    expect(FREE_TIER.lessons).toBe(3);
  });

  it('adds a completed submodule to the progress, with the subject percent', () => {
    const { progress, newlyCompleted, newlyOpened } = complete(emptyProgress(), [ref('algebra', 1, 1)]);
    expect(progress.subjects).toEqual([
      {
        id: 'algebra',
        progress_percent: 7, // 1 of 15 submodules
        complete: false,
        lessons: [{ id: 'l1', complete: false, submodules: [{ id: 'l1-s1', complete: true }] }],
      },
    ]);
    expect(newlyCompleted).toEqual([ref('algebra', 1, 1)]);
    expect(newlyOpened).toEqual([{ subjectId: 'algebra', lessonId: 'l1' }]);
  });

  it('completes a lesson when all of its submodules are, and the subject when all lessons are', () => {
    const two = complete(emptyProgress(), [ref('algebra', 1, 1), ref('algebra', 1, 2)]).progress;
    expect(two.subjects[0]?.lessons[0]?.complete).toBe(false);
    const three = complete(two, [ref('algebra', 1, 3)]).progress;
    expect(three.subjects[0]?.lessons[0]).toEqual({
      id: 'l1',
      complete: true,
      submodules: [1, 2, 3].map((s) => ({ id: `l1-s${s}`, complete: true })),
    });
    expect(three.subjects[0]?.progress_percent).toBe(20);
    const all = algebra.lessons.flatMap((lesson) =>
      lesson.submodules.map((s) => ({ subjectId: 'algebra', lessonId: lesson.id, submoduleId: s.id })),
    );
    const done = complete(emptyProgress(), all, true).progress.subjects[0];
    expect(done).toMatchObject({ progress_percent: 100, complete: true });
    expect(done?.lessons.every((lesson) => lesson.complete)).toBe(true);
  });

  describe('free allowance', () => {
    it('uses one lesson of the allowance for the completion that opens a lesson, none for the rest of it', () => {
      const first = complete(emptyProgress(), [ref('algebra', 1, 1)]).progress;
      expect(first.maxLessonsAvailable).toBe(2);
      const sameLesson = complete(first, [ref('algebra', 1, 2), ref('algebra', 1, 3)]).progress;
      expect(sameLesson.maxLessonsAvailable).toBe(2);
      const otherSubject = complete(sameLesson, [ref('fisica', 1, 1)]).progress;
      expect(otherSubject.maxLessonsAvailable).toBe(1);
    });

    it('completing an already complete submodule changes nothing', () => {
      const once = complete(emptyProgress(), [ref('algebra', 1, 1)]);
      const again = complete(once.progress, [ref('algebra', 1, 1)]);
      expect(again.newlyCompleted).toEqual([]);
      expect(again.progress).toEqual(once.progress);
    });

    it('never goes below 0, and says when the completions open more lessons than are left', () => {
      const atOne: CourseProgress = { ...emptyProgress(), maxLessonsAvailable: 1 };
      const result = complete(atOne, [ref('algebra', 1, 1), ref('algebra', 2, 1), ref('fisica', 1, 1)]);
      expect(result.overAllowance).toBe(true);
      expect(result.newlyOpened).toHaveLength(3);
      expect(result.progress.maxLessonsAvailable).toBe(0);
      const negative: CourseProgress = { ...emptyProgress(), maxLessonsAvailable: -4 };
      expect(complete(negative, []).progress.maxLessonsAvailable).toBe(0);
    });

    it('lets a free student at 0 finish the lessons already opened', () => {
      const opened = complete(emptyProgress(), [
        ref('algebra', 1, 1),
        ref('algebra', 2, 1),
        ref('algebra', 3, 1),
      ]);
      expect(opened.progress.maxLessonsAvailable).toBe(0);
      const finish = complete(opened.progress, [ref('algebra', 2, 2), ref('algebra', 3, 3)]);
      expect(finish.overAllowance).toBe(false);
      expect(finish.progress.maxLessonsAvailable).toBe(0);
      expect(complete(finish.progress, [ref('algebra', 4, 1)]).overAllowance).toBe(true);
    });

    it('does not limit premium students, nor charge them', () => {
      const all = [1, 2, 3, 4, 5].map((lesson) => ref('algebra', lesson, 1));
      const result = complete({ ...emptyProgress(), maxLessonsAvailable: 0 }, all, true);
      expect(result.overAllowance).toBe(false);
      expect(result.progress.maxLessonsAvailable).toBe(0);
      expect(complete(emptyProgress(), all, true).progress.maxLessonsAvailable).toBe(3);
    });
  });

  it('reports submodules that the content does not have, and leaves them out', () => {
    const result = complete(emptyProgress(), [
      ref('algebra', 9, 1),
      { subjectId: 'algebra', lessonId: 'l1', submoduleId: 'l1-s9' },
      ref('quimica', 1, 1),
      ref('algebra', 1, 1),
    ]);
    expect(result.unknown).toHaveLength(3);
    expect(completedSubmodules(result.progress)).toEqual([ref('algebra', 1, 1)]);
  });

  it('keeps subjects the completions do not touch as they were', () => {
    const base = complete(emptyProgress(), [ref('algebra', 1, 1)]).progress;
    const stranger = { id: 'historia', progress_percent: 40, complete: false, lessons: [] };
    const next = complete({ ...base, subjects: [...base.subjects, stranger] }, [
      ref('fisica', 2, 1),
    ]).progress;
    expect(next.subjects.map((s) => s.id)).toEqual(['algebra', 'historia', 'fisica']);
    expect(next.subjects[1]).toBe(stranger);
  });

  describe('which lessons a student may open', () => {
    it('opens every lesson to a premium student', () => {
      expect(lessonAccess(algebra, { ...emptyProgress(), maxLessonsAvailable: 0 }, true)).toEqual([
        true,
        true,
        true,
        true,
        true,
      ]);
    });

    it('opens to a free student the lessons in progress and as many more as the allowance covers, in order', () => {
      expect(lessonAccess(algebra, emptyProgress(), false)).toEqual([true, true, true, false, false]);
      const spent = complete(emptyProgress(), [ref('algebra', 2, 1), ref('fisica', 1, 1)]).progress;
      expect(spent.maxLessonsAvailable).toBe(1);
      expect(lessonAccess(algebra, spent, false)).toEqual([true, true, false, false, false]);
      const none = complete(spent, [ref('fisica', 2, 1)]).progress;
      expect(lessonAccess(algebra, none, false)).toEqual([false, true, false, false, false]);
    });
  });

  it('counts lessons in progress per subject; a subject is fully opened at 3', () => {
    const progress = complete(emptyProgress(), [
      ref('algebra', 1, 1),
      ref('algebra', 2, 1),
      ref('fisica', 1, 1),
    ]).progress;
    expect(lessonsInProgress(progress, 'algebra')).toEqual(['l1', 'l2']);
    expect(subjectFullyOpened(progress, 'algebra')).toBe(false);
    const three = complete({ ...progress, maxLessonsAvailable: 1 }, [ref('algebra', 4, 2)]).progress;
    expect(subjectFullyOpened(three, 'algebra')).toBe(true);
  });
});
