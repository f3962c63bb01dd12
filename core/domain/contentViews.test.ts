import { describe, expect, it } from 'vitest';
import type { Question, Subject, TriviaQuestion } from '../content/schema';
import {
  bankQuestionDetail,
  publicQuestion,
  publicTrivia,
  subjectDetail,
  subjectSummary,
  triviaDetail,
} from './contentViews';

const question: Question = {
  id: 'm1-alg-001',
  version: 2,
  tests: ['paes_competencia_matematica_m1'],
  subSubject: 'numeros_algebra_funciones',
  eje: 'Álgebra y funciones',
  skill: 'resolver_problemas',
  difficulty: 'media',
  stem: '¿Cuánto es $2+3$?',
  alternatives: [
    { id: 'A', text: '$4$', value: 4 },
    { id: 'B', text: '$5$', value: 5, correct: true },
    { id: 'C', image: 'images/questions/m1-alg-001-c.svg' },
    { id: 'D', text: '$7$', value: 7 },
  ],
  explanation: 'Se suman.',
  check: { expression: '2+3' },
};

const trivia: TriviaQuestion = {
  id: 'algebra-l1-s1-q1',
  stem: '¿Cuánto es $3\\cdot4$?',
  alternatives: [
    { id: 'A', text: '$7$' },
    { id: 'B', text: '$12$', correct: true },
    { id: 'C', text: '$34$' },
  ],
  explanation: 'Se multiplica.',
};

/** Every key of a JSON value, at any depth. */
function keysDeep(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysDeep);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [k, ...keysDeep(v)]);
  }
  return [];
}

const SECRET_KEYS = ['correct', 'value', 'check', 'explanation'];

describe('content views', () => {
  it('shows an exam question without key, values, check or explanation', () => {
    const view = publicQuestion({ ...question, secret: 'x' } as Question);
    expect(keysDeep(view).filter((k) => SECRET_KEYS.includes(k) || k === 'secret')).toEqual([]);
    expect(view.alternatives.map((a) => [a.id, a.type])).toEqual([
      ['A', 'text'],
      ['B', 'text'],
      ['C', 'image'],
      ['D', 'text'],
    ]);
    expect(view).toMatchObject({ id: 'm1-alg-001', version: 2, stem: question.stem });
  });

  it('shows an open lesson with study text and keyed trivia, a locked one with titles only', () => {
    const lesson = (id: string) => ({
      id,
      title: `Lección ${id}`,
      summary: `Qué cubre ${id}.`,
      submodules: [{ id: `${id}-s1`, title: 'Despejar', content: `Texto ${id}`, trivia: [trivia] }],
    });
    const subject: Subject = {
      id: 'algebra',
      title: 'Álgebra',
      description: 'Expresiones y ecuaciones.',
      icon: 'images/subjects/algebra.svg',
      courses: ['paes'],
      tests: ['paes_competencia_matematica_m1'],
      order: 1,
      lessons: [lesson('ecuaciones'), lesson('funciones')],
    };
    const withValues = {
      ...subject,
      lessons: subject.lessons.map((l) => ({
        ...l,
        submodules: l.submodules.map((s) => ({
          ...s,
          trivia: s.trivia.map((t) => ({
            ...t,
            check: { expression: '3*4' },
            alternatives: t.alternatives.map((a, i) => ({ ...a, value: i })),
          })),
        })),
      })),
    };
    const { lessons, ...header } = withValues;
    const detail = subjectDetail(header, lessons, [true, false]);
    expect(detail).toMatchObject({ _id: 'algebra', id: 'algebra' });
    const [open, locked] = detail.lessons;
    expect(open).toMatchObject({
      id: 'ecuaciones',
      locked: false,
      submodules: [
        {
          id: 'ecuaciones-s1',
          content: 'Texto ecuaciones',
          trivia: [{ id: trivia.id, correct: 'B', explanation: 'Se multiplica.' }],
        },
      ],
    });
    expect(locked).toEqual({
      id: 'funciones',
      title: 'Lección funciones',
      summary: 'Qué cubre funciones.',
      locked: true,
      submodules: [{ id: 'funciones-s1', title: 'Despejar' }],
    });
    expect(JSON.stringify(locked)).not.toContain('Texto');
    expect(keysDeep(detail)).not.toContain('value');
    expect(keysDeep(detail)).not.toContain('check');
    // A lesson is locked unless it is explicitly allowed.
    expect(subjectDetail(header, lessons, []).lessons.every((l) => l.locked)).toBe(true);
    expect(keysDeep(publicTrivia(trivia)).filter((k) => SECRET_KEYS.includes(k))).toEqual([]);
    expect(subjectSummary(header, 1)).toEqual({ ...header, _id: 'algebra', lessonCount: 1 });
  });

  it('reveals the key and explanation in the detail, still without machine-check data', () => {
    const detail = bankQuestionDetail(question, null);
    expect(detail).toMatchObject({
      kind: 'bank',
      _id: 'm1-alg-001',
      correct: 'B',
      explanation: 'Se suman.',
      passage: null,
    });
    expect(detail.alternatives.map((a) => a.correct)).toEqual([false, true, false, false]);
    expect(keysDeep(detail)).not.toContain('value');
    expect(keysDeep(detail)).not.toContain('check');
    expect(
      triviaDetail(trivia, { subjectId: 'algebra', lessonId: 'ecuaciones', submoduleId: 's1' }),
    ).toMatchObject({
      kind: 'trivia',
      correct: 'B',
      subjectId: 'algebra',
    });
  });
});
