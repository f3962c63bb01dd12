/** Papers, results and reviews for the exam feature's tests (shapes of core/domain/examAttempt.ts). */

import type { AttemptPaper, ExamResult, ExamReview, ExamSummary, ReviewQuestion } from '@core/api/exam';
import type { PublicQuestion, TestSummary } from '@core/domain/contentViews';
import type { ExamAverage } from '@core/domain/examAttempt';

export const testM1: TestSummary = {
  slug: 'paes_competencia_matematica_m1',
  course: 'paes',
  area: 'matematica',
  title: 'Competencia Matemática 1 (M1)',
  shortTitle: 'M1',
  color: '#2563eb',
  image: 'images/tests/m1.svg',
  activeImage: 'images/tests/m1-active.svg',
  ribbonImage: 'images/tests/m1-ribbon.svg',
  durationMinutes: 140,
  display: true,
  order: 0,
  questionCount: 4,
};

export const testLectora: TestSummary = {
  ...testM1,
  slug: 'paes_competencia_lectora',
  area: 'lectora',
  title: 'Competencia Lectora',
  shortTitle: 'Lectora',
  durationMinutes: 150,
  order: 2,
};

export function question(n: number, extra: Partial<PublicQuestion> = {}): PublicQuestion {
  return {
    id: `q${n}`,
    version: 1,
    subSubject: n <= 2 ? 'numeros' : 'geometria',
    eje: n <= 2 ? 'Álgebra y funciones' : 'Geometría',
    skill: 'resolver_problemas',
    difficulty: 'media',
    stem: `Enunciado de la pregunta ${n}: ¿cuánto es $${n}+${n}$?`,
    alternatives: ['A', 'B', 'C', 'D'].map((id, i) => ({
      id: id as 'A',
      type: 'text',
      text: `${n * 2 + i - 1}`,
    })),
    ...extra,
  };
}

export const ATTEMPT_ID = '01JZ8X0000000000000000000A';

export function paper(
  options: { serverNow?: number; deadlineIn?: number; count?: number } = {},
): AttemptPaper {
  const serverNow = options.serverNow ?? Date.now();
  const count = options.count ?? 4;
  const startedAt = serverNow - 60_000;
  return {
    test: testM1,
    questions: Array.from({ length: count }, (_, i) => question(i + 1)),
    passages: [],
    requested: 4,
    delivered: count,
    complete: count === 4,
    subSubjects: [],
    attempt: {
      id: ATTEMPT_ID,
      testSlug: testM1.slug,
      status: 'running',
      startedAt: new Date(startedAt).toISOString(),
      deadline: new Date(serverNow + (options.deadlineIn ?? 139 * 60_000)).toISOString(),
      durationMinutes: 140,
      serverNow: new Date(serverNow).toISOString(),
    },
  };
}

export function result(overrides: Partial<ExamResult> = {}): ExamResult {
  return {
    _id: ATTEMPT_ID,
    id: ATTEMPT_ID,
    examType: testM1.slug,
    testTitle: testM1.title,
    course: 'paes',
    status: 'submitted',
    startTime: '2026-05-04T14:00:00.000Z',
    endTime: '2026-05-04T15:15:30.000Z',
    submittedAt: '2026-05-04T15:15:30.000Z',
    deadline: '2026-05-04T16:20:00.000Z',
    durationMinutes: 140,
    timeUsedSeconds: 75 * 60 + 30,
    points: 2,
    correct: 2,
    wrong: 1,
    omitted: 1,
    total: 4,
    requested: 4,
    score: { value: 612, min: 100, max: 1000, scaleVersion: 1, estimated: true },
    byEje: [
      {
        name: 'Álgebra y funciones',
        label: 'Álgebra y funciones',
        total: 2,
        correct: 2,
        wrong: 0,
        omitted: 0,
      },
      { name: 'Geometría', label: 'Geometría', total: 2, correct: 0, wrong: 1, omitted: 1 },
    ],
    bySubSubject: [],
    progress: JSON.stringify(
      [1, 2, 3, 4].map((n) => ({
        id: `q${n}`,
        version: 1,
        answered: n !== 4,
        correct: n <= 2,
        answers: ['A', 'B', 'C', 'D'].map((id) => ({
          id,
          selected: n <= 2 ? id === 'B' : n === 3 ? id === 'A' : false,
          correct: id === 'B',
        })),
      })),
    ),
    ...overrides,
  };
}

export function review(): ExamReview {
  const base = result();
  const questions: ReviewQuestion[] = [1, 2, 3, 4].map((n) => {
    const q = question(n);
    const selected = n <= 2 ? 'B' : n === 3 ? 'A' : null;
    return {
      kind: 'bank',
      _id: q.id,
      id: q.id,
      version: 1,
      tests: [testM1.slug],
      subSubject: q.subSubject,
      eje: q.eje,
      skill: 'resolver_problemas',
      difficulty: 'media',
      stem: q.stem,
      passage: null,
      alternatives: q.alternatives.map((a) =>
        a.id === 'B' ? { ...a, correct: true } : { ...a, correct: false, rationale: `Error típico ${a.id}.` },
      ),
      correct: 'B',
      explanation: `Se suma: $${n}+${n}=${2 * n}$.`,
      selected,
      isCorrect: selected === 'B',
    };
  });
  return { ...base, questions, passages: [] };
}

export function summary(id: string, submittedAt: string, score: number, testSlug = testM1.slug): ExamSummary {
  const { progress: _p, ...base } = result();
  return {
    ...base,
    _id: id,
    id,
    examType: testSlug,
    testTitle: testSlug === testM1.slug ? testM1.title : testLectora.title,
    submittedAt,
    startTime: submittedAt,
    endTime: submittedAt,
    score: { value: score, min: 100, max: 1000, scaleVersion: 1, estimated: true },
  };
}

export const averages: ExamAverage[] = [
  {
    examType: testM1.slug,
    count: 2,
    averageScore: 580,
    bestScore: 640,
    averagePoints: 30,
    bestPoints: 35,
    bestAttemptId: '01JZ8X0000000000000000000B',
  },
];
