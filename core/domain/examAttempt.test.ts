import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCORE_SCALES } from '../content/scales';
import { EXAM_SUBMISSION_GRACE_MS, MAX_EXAM_MINUTES } from './constants';
import {
  type AttemptQuestionRef,
  acceptsAnswers,
  answersFromProgress,
  attemptDeadline,
  averageAttributes,
  averagesFromItem,
  estimateScore,
  examDurationMinutes,
  gradeAttempt,
  type KeyedQuestion,
  ProgressError,
  serializeProgress,
  timeUsedSeconds,
  versionKey,
} from './examAttempt';

const refs: AttemptQuestionRef[] = [
  { id: 'q1', version: 2, subSubject: 'alg', eje: 'Álgebra' },
  { id: 'q2', version: 1, subSubject: 'alg', eje: 'Números' },
  { id: 'q3', version: 1, subSubject: 'geo', eje: 'Geometría' },
  { id: 'q4', version: 1, subSubject: 'geo', eje: 'Geometría' },
];

const keyedOf = (id: string, version: number, key: string, count = 4): KeyedQuestion => ({
  id,
  version,
  alternatives: ['A', 'B', 'C', 'D', 'E'].slice(0, count).map((alt) => ({
    id: alt as 'A',
    ...(alt === key ? { correct: true } : {}),
  })),
});

const bank = new Map(
  [
    keyedOf('q1', 1, 'A'), // an older version with another key: must not be used
    keyedOf('q1', 2, 'C'),
    keyedOf('q2', 1, 'B'),
    keyedOf('q3', 1, 'D'),
    keyedOf('q4', 1, 'A'),
  ].map((q) => [versionKey(q.id, q.version), q]),
);

describe('deadline', () => {
  it('takes the test duration, and the spec’s 120 minutes when there is none', () => {
    expect(examDurationMinutes({ durationMinutes: 140 })).toBe(140);
    expect(examDurationMinutes({})).toBe(MAX_EXAM_MINUTES);
    expect(examDurationMinutes({ durationMinutes: 0 })).toBe(120);
    expect(examDurationMinutes({ durationMinutes: Number.NaN })).toBe(120);
  });

  it('accepts answers until the deadline plus the grace period, not a millisecond later', () => {
    const start = Date.UTC(2026, 5, 1, 12);
    const deadline = attemptDeadline(start, 150);
    expect(deadline - start).toBe(150 * 60_000);
    expect(acceptsAnswers(deadline, start)).toBe(true);
    expect(acceptsAnswers(deadline, deadline + EXAM_SUBMISSION_GRACE_MS)).toBe(true);
    expect(acceptsAnswers(deadline, deadline + EXAM_SUBMISSION_GRACE_MS + 1)).toBe(false);
  });

  it('counts the time used up to the deadline at most', () => {
    const start = 1_000_000;
    const deadline = attemptDeadline(start, 1);
    expect(timeUsedSeconds(start, deadline, start + 30_400)).toBe(30);
    expect(timeUsedSeconds(start, deadline, deadline + 90_000)).toBe(60);
  });
});

describe('answersFromProgress', () => {
  it('reads the spec’s answers[] and a plain selected, ignoring what the client says is correct', () => {
    const answers = answersFromProgress([
      { id: 'q1', answers: [{ id: 'A' }, { id: 'C', selected: true }] },
      { id: 'q2', selected: 'B' },
      { id: 'q3', answers: [{ id: 'A', selected: false }] },
      { id: 'q4', selected: null },
    ]);
    expect([...answers]).toEqual([
      ['q1', 'C'],
      ['q2', 'B'],
      ['q3', null],
      ['q4', null],
    ]);
  });

  it('refuses two marked alternatives or a question listed twice', () => {
    expect(() =>
      answersFromProgress([
        {
          id: 'q1',
          answers: [
            { id: 'A', selected: true },
            { id: 'B', selected: true },
          ],
        },
      ]),
    ).toThrow(ProgressError);
    expect(() =>
      answersFromProgress([{ id: 'q1', selected: 'A', answers: [{ id: 'B', selected: true }] }]),
    ).toThrow(/dos alternativas distintas/);
    expect(() => answersFromProgress([{ id: 'q1' }, { id: 'q1' }])).toThrow(/aparece dos veces/);
  });
});

describe('gradeAttempt', () => {
  it('grades with the versions the attempt fixed and counts correct, wrong and blank', () => {
    const answers = new Map([
      ['q1', 'C' as const], // right for v2 (v1's key was A)
      ['q2', 'A' as const], // wrong
      ['q4', 'A' as const], // right
      ['not-in-attempt', 'A' as const], // ignored
    ]);
    const graded = gradeAttempt(refs, bank, answers, { alg: 'Álgebra y funciones', geo: 'Geometría' });
    expect(graded).toMatchObject({ points: 2, correct: 2, wrong: 1, omitted: 1, total: 4 });
    expect(graded.questions.map((q) => [q.id, q.selected, q.key, q.isCorrect])).toEqual([
      ['q1', 'C', 'C', true],
      ['q2', 'A', 'B', false],
      ['q3', null, 'D', false],
      ['q4', 'A', 'A', true],
    ]);
    expect(graded.byEje).toEqual([
      { name: 'Álgebra', label: 'Álgebra', total: 1, correct: 1, wrong: 0, omitted: 0 },
      { name: 'Números', label: 'Números', total: 1, correct: 0, wrong: 1, omitted: 0 },
      { name: 'Geometría', label: 'Geometría', total: 2, correct: 1, wrong: 0, omitted: 1 },
    ]);
    expect(graded.bySubSubject.map((r) => [r.label, r.total, r.correct])).toEqual([
      ['Álgebra y funciones', 2, 1],
      ['Geometría', 2, 1],
    ]);
  });

  it('counts a choice the question does not offer as blank', () => {
    const graded = gradeAttempt([refs[1] as AttemptQuestionRef], bank, new Map([['q2', 'E' as const]]));
    expect(graded).toMatchObject({ correct: 0, wrong: 0, omitted: 1 });
  });

  it('fails loudly when a fixed version is missing from the bank', () => {
    expect(() =>
      gradeAttempt([{ id: 'q9', version: 3, subSubject: 'x', eje: 'y' }], bank, new Map()),
    ).toThrow(/q9 v3 is missing/);
  });

  it('keeps correct + wrong + omitted = total and points = correct for any answers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'E', null), { minLength: 4, maxLength: 4 }),
        (picks) => {
          const answers = new Map(refs.map((r, i) => [r.id, picks[i] as 'A' | null]));
          const g = gradeAttempt(refs, bank, answers);
          expect(g.correct + g.wrong + g.omitted).toBe(g.total);
          expect(g.points).toBe(g.correct);
          expect(g.byEje.reduce((n, r) => n + r.total, 0)).toBe(g.total);
        },
      ),
    );
  });

  it('serialises progress in the spec’s client shape, graded by the server', () => {
    const graded = gradeAttempt(refs.slice(0, 2), bank, new Map([['q1', 'C' as const]]));
    expect(JSON.parse(serializeProgress(graded.questions))).toEqual([
      {
        id: 'q1',
        version: 2,
        answered: true,
        correct: true,
        answers: [
          { id: 'A', selected: false, correct: false },
          { id: 'B', selected: false, correct: false },
          { id: 'C', selected: true, correct: true },
          { id: 'D', selected: false, correct: false },
        ],
      },
      {
        id: 'q2',
        version: 1,
        answered: false,
        correct: false,
        answers: [
          { id: 'A', selected: false, correct: false },
          { id: 'B', selected: false, correct: true },
          { id: 'C', selected: false, correct: false },
          { id: 'D', selected: false, correct: false },
        ],
      },
    ]);
  });
});

describe('estimateScore (raw to scale)', () => {
  const m1 = SCORE_SCALES.get('paes_competencia_matematica_m1');
  if (!m1) throw new Error('the M1 table is missing');

  it('reads the table for a full form: 0 → 100, all → 1000', () => {
    expect(estimateScore(m1, 0, 65)).toBe(100);
    expect(estimateScore(m1, 65, 65)).toBe(1000);
    expect(estimateScore(m1, 30, 65)).toBe(m1.table[30]);
  });

  it('reads a short form at the same share of the test, between table entries', () => {
    // 30 of 60 delivered is 32.5 of 65: halfway between table[32] and table[33].
    const expected = Math.round(((m1.table[32] ?? 0) + (m1.table[33] ?? 0)) / 2);
    expect(estimateScore(m1, 30, 60)).toBe(expected);
    expect(estimateScore(m1, 60, 60)).toBe(1000);
    expect(estimateScore(m1, 0, 0)).toBe(100);
  });

  it('never goes down as correct answers go up, and stays on the scale, for every table', () => {
    for (const scale of SCORE_SCALES.values()) {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: scale.questionCount }), fc.nat(), (delivered, seed) => {
          const c = seed % (delivered + 1);
          const here = estimateScore(scale, c, delivered);
          expect(here).toBeGreaterThanOrEqual(scale.scale.min);
          expect(here).toBeLessThanOrEqual(scale.scale.max);
          if (c < delivered) expect(estimateScore(scale, c + 1, delivered)).toBeGreaterThanOrEqual(here);
        }),
        { numRuns: 60 },
      );
    }
  });
});

describe('averagesFromItem', () => {
  it('turns the counters kept on write into an average and best per test', () => {
    const m1 = averageAttributes('paes_competencia_matematica_m1');
    const cl = averageAttributes('paes_competencia_lectora');
    const item = {
      pk: 'USER#1',
      sk: 'AVERAGES',
      [m1.count]: 3,
      [m1.scored]: 3,
      [m1.sumScore]: 1801,
      [m1.sumPoints]: 100,
      [m1.best]: 700,
      [m1.bestPoints]: 40,
      [m1.bestAttempt]: '01J',
      [cl.count]: 1,
      [cl.scored]: 1,
      [cl.sumScore]: 500,
      [cl.sumPoints]: 30,
      [cl.best]: 500,
      [cl.bestPoints]: 30,
      [cl.bestAttempt]: '01K',
      counted: new Set(['01J', '01K']),
    };
    expect(averagesFromItem(item, ['paes_competencia_lectora', 'paes_competencia_matematica_m1'])).toEqual([
      {
        examType: 'paes_competencia_lectora',
        count: 1,
        averageScore: 500,
        bestScore: 500,
        averagePoints: 30,
        bestPoints: 30,
        bestAttemptId: '01K',
      },
      {
        examType: 'paes_competencia_matematica_m1',
        count: 3,
        averageScore: 600,
        bestScore: 700,
        averagePoints: 33.3,
        bestPoints: 40,
        bestAttemptId: '01J',
      },
    ]);
    expect(averagesFromItem(null)).toEqual([]);
  });
});
