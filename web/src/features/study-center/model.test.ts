import { FREE_TIER } from '@core/domain/constants';
import { describe, expect, it } from 'vitest';
import {
  advanceBlock,
  completeCurrentSubmodule,
  confirmAnswer,
  daysUntil,
  firstIncomplete,
  isSubjectFullyOpened,
  loadSubjectDetails,
  nextPosition,
  nextQuestion,
  nextSubmodule,
  parseLastLesson,
  resetCourse,
  resetTrivia,
  selectAnswer,
  selectSubmodule,
  startTrivia,
  triviaFinished,
  triviaSummary,
  unionProgress,
} from './model';
import { courseFixture, progressFixture, subjectFixture } from './testData';

const at = (lesson: number, submodule: number) => ({
  lessonIndex: lesson - 1,
  submoduleIndex: submodule - 1,
});

describe('loading a subject’s details', () => {
  it('marks the submodules already in progress complete, and a lesson complete when all of its are', () => {
    const state = loadSubjectDetails(
      courseFixture({
        progress: progressFixture(
          [
            [1, 1],
            [1, 2],
            [1, 3],
            [2, 1],
          ],
          1,
        ),
      }),
      subjectFixture(),
    );
    const [l1, l2, l3] = state.subjectDetails?.lessons ?? [];
    expect(l1?.submodules.map((s) => s.complete)).toEqual([true, true, true]);
    expect(l1?.complete).toBe(true);
    expect(l2?.submodules.map((s) => s.complete)).toEqual([true, false, false]);
    expect(l2?.complete).toBe(false);
    expect(l3?.submodules.every((s) => !s.complete)).toBe(true);
  });

  it('makes the first incomplete submodule current for a premium student, locked or not', () => {
    const state = loadSubjectDetails(
      courseFixture({
        isPremium: true,
        progress: progressFixture(
          [
            [1, 1],
            [1, 2],
            [1, 3],
            [2, 1],
          ],
          0,
        ),
      }),
      subjectFixture(),
    );
    expect([state.currentLessonIndex, state.currentSubmoduleIndex]).toEqual([1, 1]);
  });

  it('starts a free student at the first incomplete submodule of an open lesson', () => {
    const complete = [1, 2, 3].map((s) => [1, s] as [number, number]);
    const state = loadSubjectDetails(
      courseFixture({ progress: progressFixture(complete, 0) }),
      subjectFixture({ locked: [2, 3, 4, 5] }),
    );
    // Lesson 1 is done and everything else is locked: nothing open is left, so the start.
    expect(firstIncomplete(state.subjectDetails as never, true)).toBeNull();
    expect([state.currentLessonIndex, state.currentSubmoduleIndex]).toEqual([0, 0]);
    const withAllowance = loadSubjectDetails(
      courseFixture({ progress: progressFixture(complete, 1) }),
      subjectFixture({ locked: [3, 4, 5] }),
    );
    expect([withAllowance.currentLessonIndex, withAllowance.currentSubmoduleIndex]).toEqual([1, 0]);
  });

  it('shows lessons locked when the server sent them without content or the allowance no longer covers them', () => {
    const state = loadSubjectDetails(courseFixture(), subjectFixture({ locked: [4, 5] }));
    expect(state.subjectDetails?.lessons.map((l) => l.locked)).toEqual([false, false, false, true, true]);
    const spent = loadSubjectDetails(
      courseFixture({ progress: progressFixture([[2, 1]], 0) }),
      subjectFixture({ locked: [4, 5] }),
    );
    expect(spent.subjectDetails?.lessons.map((l) => l.locked)).toEqual([true, false, true, true, true]);
    // A locked lesson cannot be selected.
    expect(selectSubmodule(spent, at(1, 1))).toBe(spent);
    expect(selectSubmodule(spent, at(2, 3)).currentSubmoduleIndex).toBe(2);
  });
});

describe('completing a submodule', () => {
  const studying = (overrides: Parameters<typeof courseFixture>[0], position = at(1, 1)) =>
    selectSubmodule(
      loadSubjectDetails(courseFixture(overrides), subjectFixture({ locked: [4, 5] })),
      position,
    );

  it('adds progress, and completes the lesson with its last submodule', () => {
    let state = studying({});
    for (const submodule of [1, 2, 3]) {
      state = completeCurrentSubmodule(selectSubmodule(state, at(1, submodule)));
    }
    expect(state.progress.subjects[0]).toMatchObject({
      id: 'algebra',
      progress_percent: 20,
      lessons: [{ id: 'l1', complete: true }],
    });
    expect(state.subjectDetails?.lessons[0]?.complete).toBe(true);
  });

  it('uses one free lesson when it opens a lesson, none for the rest of it, never below 0', () => {
    let state = completeCurrentSubmodule(studying({}));
    expect(state.progress.maxLessonsAvailable).toBe(FREE_TIER.lessons - 1);
    state = completeCurrentSubmodule(selectSubmodule(state, at(1, 2)));
    expect(state.progress.maxLessonsAvailable).toBe(2);
    const atZero = completeCurrentSubmodule(studying({ progress: progressFixture([[2, 1]], 0) }, at(2, 2)));
    expect(atZero.progress.maxLessonsAvailable).toBe(0);
  });

  it('never charges a premium student', () => {
    const state = completeCurrentSubmodule(studying({ isPremium: true }, at(1, 1)));
    expect(state.progress.maxLessonsAvailable).toBe(3);
  });
});

describe('advancing to the next submodule', () => {
  const subject = subjectFixture();
  const free = (
    completed: [number, number][],
    max: number,
    position: { lessonIndex: number; submoduleIndex: number },
  ) =>
    selectSubmodule(
      loadSubjectDetails(courseFixture({ progress: progressFixture(completed, max) }), subject),
      position,
    );

  it('goes to the next submodule, then the next lesson, and wraps to the first after the last lesson', () => {
    const marked = loadSubjectDetails(courseFixture({ isPremium: true }), subject).subjectDetails;
    if (!marked) throw new Error('no subject');
    expect(nextPosition(marked, at(1, 1))).toEqual(at(1, 2));
    expect(nextPosition(marked, at(1, 3))).toEqual(at(2, 1));
    expect(nextPosition(marked, at(5, 3))).toEqual(at(1, 1));
    const last = selectSubmodule(loadSubjectDetails(courseFixture({ isPremium: true }), subject), at(5, 3));
    const wrapped = nextSubmodule(last);
    expect(wrapped.blocked).toBeNull();
    expect([wrapped.state.currentLessonIndex, wrapped.state.currentSubmoduleIndex]).toEqual([0, 0]);
  });

  it('blocks a free student with no lessons left from entering a lesson not in progress', () => {
    const state = free(
      [
        [1, 1],
        [1, 2],
        [1, 3],
      ],
      0,
      at(1, 3),
    );
    const result = nextSubmodule(state);
    expect(result.blocked).toBe('no-lessons-left');
    expect(result.state).toBe(state);
  });

  it('lets a free student at zero allowance go on inside a subject fully opened at 3 lessons', () => {
    const state = free(
      [
        [1, 1],
        [2, 1],
        [3, 1],
      ],
      0,
      at(3, 1),
    );
    expect(isSubjectFullyOpened(state)).toBe(true);
    const result = nextSubmodule(state);
    expect(result.blocked).toBeNull();
    expect([result.state.currentLessonIndex, result.state.currentSubmoduleIndex]).toEqual([2, 1]);
    // The lessons it opened stay open; the fourth one does not open by itself.
    expect(advanceBlock(state, at(2, 2))).toBeNull();
    expect(advanceBlock(state, at(4, 1))).toBe('no-lessons-left');
  });

  it('blocks a free student whose subject has fewer than 3 lessons in progress once the allowance is spent elsewhere', () => {
    const spentElsewhere = free([[1, 1]], 0, at(1, 3));
    expect(isSubjectFullyOpened(spentElsewhere)).toBe(false);
    expect(nextSubmodule(spentElsewhere).blocked).toBe('no-lessons-left');
    // Finishing the lesson it opened is never blocked.
    expect(nextSubmodule(free([[1, 1]], 0, at(1, 1))).blocked).toBeNull();
  });

  it('lets a free student with allowance left open the next lesson, but not one the allowance does not cover', () => {
    const state = free([[1, 1]], 2, at(1, 3));
    expect(nextSubmodule(state).blocked).toBeNull();
    const outOfOrder = selectSubmodule(
      loadSubjectDetails(
        courseFixture({ progress: progressFixture([[3, 1]], 1) }),
        subjectFixture({ locked: [4, 5] }),
      ),
      at(3, 3),
    );
    // The allowance covers lesson 1 (the first not opened), not lesson 4.
    expect(nextSubmodule(outOfOrder).blocked).toBe('locked');
  });

  it('never blocks a premium student', () => {
    const state = selectSubmodule(
      loadSubjectDetails(courseFixture({ isPremium: true, progress: progressFixture([], 0) }), subject),
      at(3, 3),
    );
    expect(nextSubmodule(state).blocked).toBeNull();
  });
});

describe('reset and reconciliation', () => {
  it('reset clears the progress to an empty list with the free allowance', () => {
    const state = loadSubjectDetails(
      courseFixture({ progress: progressFixture([[1, 1]], 0) }),
      subjectFixture(),
    );
    const reset = resetCourse(state);
    expect(reset.progress).toEqual({ subjects: [], maxLessonsAvailable: 3 });
    expect(reset.subjectDetails?.lessons.every((l) => l.submodules.every((s) => !s.complete))).toBe(true);
  });

  it('combines the server’s progress with completions not yet accepted, charging lessons opened only here', () => {
    const server = progressFixture(
      [
        [1, 1],
        [2, 1],
      ],
      1,
    );
    const local = progressFixture(
      [
        [1, 1],
        [1, 2],
        [3, 1],
      ],
      1,
    );
    const union = unionProgress(server, local);
    expect(union.maxLessonsAvailable).toBe(0);
    expect(union.subjects[0]?.lessons.map((l) => [l.id, l.submodules.map((s) => s.id)])).toEqual([
      ['l1', ['l1-s1', 'l1-s2']],
      ['l2', ['l2-s1']],
      ['l3', ['l3-s1']],
    ]);
    expect(unionProgress(server, server)).toEqual(server);
  });
});

describe('trivia', () => {
  const subject = loadSubjectDetails(courseFixture(), subjectFixture()).subjectDetails;
  const submodule = subject?.lessons[0]?.submodules[0];
  if (!submodule) throw new Error('no submodule');

  it('starts with nothing answered or selected, the first question current', () => {
    const run = startTrivia(submodule);
    expect(run.index).toBe(0);
    expect(run.progressPercent).toBe(0);
    expect(run.questions.map((q) => [q.current, q.answered, q.wasCorrect])).toEqual([
      [true, false, null],
      [false, false, null],
    ]);
    expect(run.questions[0]?.answers.map((a) => [a.id, a.type, a.selected, a.correct])).toEqual([
      ['A', 'text', false, false],
      ['B', 'text', false, true],
      ['C', 'text', false, false],
    ]);
  });

  it('selects, confirms (right or wrong, percent = answered share), moves on and finishes', () => {
    let run = startTrivia(submodule);
    expect(confirmAnswer(run)).toBe(run); // nothing selected yet
    run = selectAnswer(run, 'C');
    run = selectAnswer(run, 'B');
    expect(run.questions[0]?.answers.filter((a) => a.selected).map((a) => a.id)).toEqual(['B']);
    expect(nextQuestion(run)).toBe(run); // not answered yet
    run = confirmAnswer(run);
    expect(run.questions[0]).toMatchObject({ answered: true, wasCorrect: true });
    expect(run.questions[0]?.answers.map((a) => a.isCorrect)).toEqual([null, true, null]);
    expect(run.progressPercent).toBe(50);
    expect(selectAnswer(run, 'A')).toEqual(run); // a confirmed answer does not change
    run = nextQuestion(run);
    expect([run.index, run.questions[1]?.current, run.questions[0]?.current]).toEqual([1, true, false]);
    run = confirmAnswer(selectAnswer(run, 'C'));
    expect(run.questions[1]).toMatchObject({ answered: true, wasCorrect: false });
    expect(run.progressPercent).toBe(100);
    expect(nextQuestion(run).index).toBe(1); // clamped at the last question
    expect(triviaFinished(run)).toBe(true);
    expect(triviaSummary(run)).toEqual({ total: 2, answered: 2, correct: 1 });
    const reset = resetTrivia(run);
    expect(reset).toEqual(startTrivia(submodule));
  });
});

describe('study centre helpers', () => {
  it('parses the stored last lesson', () => {
    expect(parseLastLesson('algebra/l2/l2-s1')).toEqual({
      subjectId: 'algebra',
      lessonId: 'l2',
      submoduleId: 'l2-s1',
    });
    expect(parseLastLesson('algebra/l2')).toEqual({ subjectId: 'algebra', lessonId: 'l2' });
    expect(parseLastLesson(null)).toBeNull();
    expect(parseLastLesson('algebra')).toBeNull();
  });

  it('counts the days left to the test', () => {
    expect(daysUntil('2026-11-30', '2026-11-22')).toBe(8);
    expect(daysUntil('2026-11-22', '2026-11-22')).toBe(0);
    expect(daysUntil('2026-11-20', '2026-11-22')).toBe(-2);
  });
});
