/** Fixtures of the study-centre tests: a subject as GET /api/subject/{id} answers it. */
import type { StudyTrivia, SubjectDetail, SubjectLesson } from '@core/domain/contentViews';
import type { CourseProgress } from '@core/domain/lessonProgress';
import { type CourseState, initialState } from '../../app/store';

export function triviaFixture(id: string, correct: 'A' | 'B' | 'C' = 'B'): StudyTrivia {
  return {
    id,
    stem: `Pregunta ${id}: ¿cuánto es $2+2$?`,
    alternatives: (['A', 'B', 'C'] as const).map((alt, i) => ({
      id: alt,
      type: 'text' as const,
      text: `$${3 + i}$`,
      correct: alt === correct,
    })),
    correct,
    explanation: `Explicación de ${id}.`,
  };
}

/** A subject of `lessons` lessons with three submodules of two trivia; lessons in `locked` come without content. */
export function subjectFixture(
  options: { lessons?: number; locked?: number[]; id?: string } = {},
): SubjectDetail {
  const id = options.id ?? 'algebra';
  const lessons = options.lessons ?? 5;
  return {
    _id: id,
    id,
    title: 'Álgebra',
    description: 'Expresiones, ecuaciones y funciones.',
    icon: 'images/subjects/algebra.svg',
    courses: ['paes'],
    tests: ['paes_competencia_matematica_m1'],
    order: 1,
    lessons: Array.from({ length: lessons }, (_, l): SubjectLesson => {
      const lessonId = `l${l + 1}`;
      const base = { id: lessonId, title: `Lección ${l + 1}`, summary: `Qué cubre la lección ${l + 1}.` };
      if (options.locked?.includes(l + 1)) {
        return {
          ...base,
          locked: true,
          submodules: [1, 2, 3].map((s) => ({ id: `${lessonId}-s${s}`, title: `Submódulo ${l + 1}.${s}` })),
        };
      }
      return {
        ...base,
        locked: false,
        submodules: [1, 2, 3].map((s) => ({
          id: `${lessonId}-s${s}`,
          title: `Submódulo ${l + 1}.${s}`,
          content: `Texto de estudio ${l + 1}.${s}`,
          trivia: [triviaFixture(`${lessonId}-s${s}-q1`), triviaFixture(`${lessonId}-s${s}-q2`, 'A')],
        })),
      };
    }),
  };
}

/** Progress with the given `[lesson, submodule]` pairs of one subject completed. */
export function progressFixture(
  completed: [number, number][],
  maxLessonsAvailable: number,
  subjectId = 'algebra',
): CourseProgress {
  if (completed.length === 0) return { subjects: [], maxLessonsAvailable };
  return {
    maxLessonsAvailable,
    subjects: [
      {
        id: subjectId,
        progress_percent: 0,
        complete: false,
        lessons: [...new Set(completed.map(([l]) => l))].map((l) => ({
          id: `l${l}`,
          complete: false,
          submodules: completed
            .filter(([cl]) => cl === l)
            .map(([, s]) => ({ id: `l${l}-s${s}`, complete: true })),
        })),
      },
    ],
  };
}

export function courseFixture(overrides: Partial<CourseState> = {}): CourseState {
  return { ...initialState().course, progressLoaded: true, ...overrides };
}
