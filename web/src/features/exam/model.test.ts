import { describe, expect, it } from 'vitest';
import { initialExamState } from '../../app/store';
import {
  answerQuestion,
  cancelExam,
  clearAnswer,
  compareWithTarget,
  crossedMilestone,
  enterReview,
  examCounts,
  finishExam,
  goToQuestion,
  loadQuestions,
  nextQuestion,
  onClientClock,
  previousQuestion,
  remainingMs,
  restoreSnapshot,
  reviewState,
  selectExam,
  snapshotOf,
  startExam,
  storeResults,
  submissionOf,
  toggleFlag,
} from './model';
import { ATTEMPT_ID, paper, result, review } from './testData';

const NOW = Date.UTC(2026, 4, 4, 14, 1);
const loaded = () =>
  loadQuestions(
    selectExam(initialExamState(), 'paes_competencia_matematica_m1'),
    paper({ serverNow: NOW }),
    NOW,
  );

describe('exam transitions (spec section 4)', () => {
  it('selects an exam and loads its questions unanswered, with nothing selected', () => {
    const exam = loaded();
    expect(exam.selectedExam).toBe('paes_competencia_matematica_m1');
    expect(exam.questions).toHaveLength(4);
    for (const q of exam.questions) {
      expect(q).toMatchObject({ answered: false, correct: null, flagged: false });
      expect(q.answers.every((a) => !a.selected && a.correct === null)).toBe(true);
    }
    expect(exam.currentQuestionIndex).toBe(0);
    expect(exam.examIsComplete).toBe(false);
  });

  it('reads the server’s deadline and start on this browser’s clock, whatever its skew', () => {
    const skewed = NOW + 90_000; // the browser runs 90 s ahead
    const exam = loadQuestions(initialExamState(), paper({ serverNow: NOW, deadlineIn: 600_000 }), skewed);
    expect(exam.deadline).toBe(skewed + 600_000);
    const started = startExam(
      exam,
      onClientClock(paper({ serverNow: NOW }).attempt.startedAt, new Date(NOW).toISOString(), skewed),
    );
    expect(started.startTime).toBe(skewed - 60_000);
    expect(remainingMs(exam.deadline, skewed + 100_000)).toBe(500_000);
    expect(remainingMs(exam.deadline, skewed + 700_000)).toBe(0);
  });

  it('answers, changes and clears an answer, and flags, without ever claiming to know if it is right', () => {
    let exam = answerQuestion(loaded(), 'C');
    expect(exam.questions[0]).toMatchObject({ answered: true, correct: null });
    expect(exam.questions[0]?.answers.map((a) => a.selected)).toEqual([false, false, true, false]);
    exam = answerQuestion(exam, 'A');
    expect(exam.questions[0]?.answers.map((a) => a.selected)).toEqual([true, false, false, false]);
    exam = toggleFlag(exam);
    expect(exam.questions[0]?.flagged).toBe(true);
    exam = clearAnswer(exam);
    expect(exam.questions[0]).toMatchObject({ answered: false, flagged: true });
    expect(answerQuestion(exam, 'E')).toBe(exam); // not an alternative of this question
  });

  it('changes only the answered question (the others keep their identity, so they do not re-render)', () => {
    const exam = loaded();
    const next = answerQuestion(exam, 'B', 2);
    expect(next.questions[0]).toBe(exam.questions[0]);
    expect(next.questions[2]).not.toBe(exam.questions[2]);
  });

  it('clamps next and previous at the bounds, and jumps anywhere from the map', () => {
    let exam = previousQuestion(loaded());
    expect(exam.currentQuestionIndex).toBe(0);
    exam = nextQuestion(nextQuestion(nextQuestion(nextQuestion(nextQuestion(exam)))));
    expect(exam.currentQuestionIndex).toBe(3);
    expect(goToQuestion(exam, 1).currentQuestionIndex).toBe(1);
    expect(goToQuestion(exam, 99).currentQuestionIndex).toBe(3);
    expect(goToQuestion(exam, -5).currentQuestionIndex).toBe(0);
  });

  it('derives answered, unanswered and flagged counts; correct and wrong once graded', () => {
    let exam = answerQuestion(answerQuestion(answerQuestion(loaded(), 'B', 0), 'B', 1), 'A', 2);
    exam = toggleFlag(exam, 3);
    expect(examCounts(exam.questions)).toEqual({
      total: 4,
      answered: 3,
      unanswered: 1,
      flagged: 1,
      correct: null,
      wrong: null,
    });
    const graded = storeResults(finishExam(exam, NOW), result());
    expect(examCounts(graded.questions)).toMatchObject({ correct: 2, wrong: 1, unanswered: 1 });
    expect(graded.questions[0]?.answers.find((a) => a.correct)?.id).toBe('B');
  });

  it('finishes (complete, end time, review off), then takes no more answers', () => {
    const exam = finishExam(answerQuestion(loaded(), 'B'), NOW + 5000);
    expect(exam).toMatchObject({ examIsComplete: true, endTime: NOW + 5000, isReview: false });
    expect(answerQuestion(exam, 'C', 1)).toBe(exam);
    expect(toggleFlag(exam, 1)).toBe(exam);
  });

  it('enters review with the key and explanation of each question, and walks it clamped', () => {
    let exam = enterReview(storeResults(finishExam(loaded(), NOW), result()), review());
    expect(exam.isReview).toBe(true);
    expect(exam.questionDetail).toMatchObject({ id: 'q1', correct: 'B', selected: 'B' });
    exam = goToQuestion(exam, 10);
    expect(exam.questionDetail).toMatchObject({ id: 'q4', selected: null });
    expect(reviewState(exam.questionDetail as never)).toBe('omitted');
    expect(reviewState({ selected: 'A', isCorrect: false })).toBe('wrong');
    expect(reviewState({ selected: 'B', isCorrect: true })).toBe('correct');
  });

  it('cancels by clearing everything', () => {
    expect(cancelExam()).toEqual(initialExamState());
  });
});

describe('what the browser keeps and sends', () => {
  it('snapshots answers, flags and position, and restores them only onto the same attempt', () => {
    let exam = answerQuestion(answerQuestion(loaded(), 'C', 0), 'A', 2);
    exam = goToQuestion(toggleFlag(exam, 1), 2);
    const snapshot = snapshotOf(exam);
    expect(snapshot).toEqual({
      version: 1,
      attemptId: ATTEMPT_ID,
      testSlug: 'paes_competencia_matematica_m1',
      answers: { q1: 'C', q3: 'A' },
      flagged: ['q2'],
      currentQuestionIndex: 2,
    });
    const reloaded = restoreSnapshot(loaded(), JSON.parse(JSON.stringify(snapshot)));
    expect(snapshotOf(reloaded)).toEqual(snapshot);
    if (!snapshot) throw new Error('no snapshot');
    expect(restoreSnapshot(loaded(), { ...snapshot, attemptId: 'another' })).toEqual(loaded());
  });

  it('sends the spec’s fields with the selections only, never a score', () => {
    const exam = startExam(answerQuestion(loaded(), 'D', 1), NOW - 60_000);
    const body = submissionOf(exam, NOW);
    expect(body).toMatchObject({
      attemptId: ATTEMPT_ID,
      examType: 'paes_competencia_matematica_m1',
      startTime: NOW - 60_000,
      endTime: NOW,
      points: null,
      course: 'paes',
    });
    const progress = JSON.parse(body?.progress ?? '[]');
    expect(progress[1]).toEqual({
      id: 'q2',
      answered: true,
      answers: [
        { id: 'A', selected: false },
        { id: 'B', selected: false },
        { id: 'C', selected: false },
        { id: 'D', selected: true },
      ],
    });
    expect(body?.progress).not.toMatch(/correct/);
  });
});

describe('timer milestones and the target', () => {
  it('speaks once when the time left crosses 60, 30, 15, 10, 5 and 1 minutes', () => {
    expect(crossedMilestone(30 * 60_000 + 500, 30 * 60_000 - 500)).toBe(30);
    expect(crossedMilestone(29 * 60_000, 28 * 60_000)).toBeNull();
    expect(crossedMilestone(61_000, 60_000)).toBe(1);
    expect(crossedMilestone(60_000, 59_000)).toBeNull();
  });

  it('compares the estimated score with the target points', () => {
    expect(compareWithTarget(612, 700)).toEqual({ kind: 'below', points: 88 });
    expect(compareWithTarget(712, 700)).toEqual({ kind: 'above', points: 12 });
    expect(compareWithTarget(700, 700)).toEqual({ kind: 'on', points: 0 });
    expect(compareWithTarget(700, undefined)).toEqual({ kind: 'none' });
  });
});
