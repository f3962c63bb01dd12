/**
 * Issue 12's volume rule: the bank fills a full-length practice exam of every displayed PAES
 * test (and of M2, hidden by default), split by the test's sub-subject weights, with passages
 * kept whole — for many different random draws, not just one lucky one.
 */

import { assembleExam, splitByWeight } from '@core/domain/examAssembly';
import { describe, expect, it } from 'vitest';
import { validateContent } from './validate';

const { bundle } = validateContent();
const questions = bundle.questionFiles.flatMap(({ data }) => data.questions);
const mustFill = bundle.tests.filter(
  (t) => t.course === 'paes' && (t.display || t.slug === 'paes_competencia_matematica_m2'),
);

/** A small deterministic generator, so a failure names a reproducible seed. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('question bank volume', () => {
  it('covers every PAES test that must fill a full form', () => {
    expect(mustFill.map((t) => t.slug).sort()).toEqual(
      [
        'paes_ciencias_electiva_biologia',
        'paes_ciencias_electiva_fisica',
        'paes_ciencias_electiva_quimica',
        'paes_ciencias_tecnico_profesional',
        'paes_competencia_lectora',
        'paes_competencia_matematica_m1',
        'paes_competencia_matematica_m2',
        'paes_historia_ciencias_sociales',
      ].sort(),
    );
  });

  it.each(mustFill.map((t) => [t.slug, t] as const))(
    '%s has enough questions in every sub-subject',
    (_slug, test) => {
      const needed = splitByWeight(test.rules.questionCount, test.rules.weights);
      const available = Object.fromEntries(
        Object.keys(test.rules.weights).map((sub) => [
          sub,
          questions.filter((q) => q.subSubject === sub && q.tests.includes(test.slug)).length,
        ]),
      );
      for (const [sub, count] of Object.entries(needed)) {
        expect({ sub, available: available[sub] }).toEqual({ sub, available: expect.any(Number) });
        expect(
          available[sub],
          `${test.slug} › ${sub}: ${available[sub]} in the bank, ${count} needed`,
        ).toBeGreaterThanOrEqual(count);
      }
    },
  );

  it.each(mustFill.map((t) => [t.slug, t] as const))(
    '%s assembles a complete form on every draw',
    (_slug, test) => {
      const pools = Object.fromEntries(
        Object.keys(test.rules.weights).map((sub) => [
          sub,
          questions
            .map((q, seq) => ({ ...q, seq }))
            .filter((q) => q.subSubject === sub && q.tests.includes(test.slug)),
        ]),
      );
      for (let seed = 1; seed <= 25; seed++) {
        const exam = assembleExam(test.rules, pools, seeded(seed));
        expect({ seed, delivered: exam.delivered, complete: exam.complete }).toEqual({
          seed,
          delivered: test.rules.questionCount,
          complete: true,
        });
        expect(new Set(exam.questions.map((q) => q.id)).size).toBe(exam.delivered);
      }
    },
  );
});
