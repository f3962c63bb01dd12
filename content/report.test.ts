/**
 * The content gate: each measure on small cases and on a fixture bank (so a broken measure fails
 * here, not silently in the figures), then the real bank against every threshold.
 */

import type { Alternative } from '@core/content/schema';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureFiles, validFixtureFiles, writeContentFixture } from '../test/helpers/contentFixture';
import {
  buildReport,
  citesLetter,
  formalAddress,
  gateFailures,
  jaccard,
  keyMuchLonger,
  keyStrictlyLongest,
  keyStrictlyShortest,
  numberFormatSlips,
  shingles,
  visibleText,
} from './report';
import { formatProblem, validateContent } from './validate';

const options = (texts: string[], key: number): Alternative[] =>
  texts.map((text, i) => ({
    id: (['A', 'B', 'C', 'D'] as const)[i] ?? 'A',
    text,
    ...(i === key ? { correct: true as const } : { rationale: 'porque sí' }),
  }));

describe('content gate measures', () => {
  it('measures what a student reads, not the markup', () => {
    expect(visibleText('**Hola** $\\frac{1}{2}$ y $\\text{cm}^3$')).toBe('Hola 12 y cm3');
  });

  it('flags a key strictly longer than every distractor, and one 1.5× the mean distractor', () => {
    const longest = options(['corto', 'más largo que todos', 'medio', 'otro'], 1);
    expect(keyStrictlyLongest(longest)).toBe(true);
    expect(keyMuchLonger(longest)).toBe(true);
    const tied = options(['igual de largo', 'igual de largo', 'corto', 'otro'], 0);
    expect(keyStrictlyLongest(tied)).toBe(false);
    expect(
      keyStrictlyShortest(options(['corto', 'más largo', 'más largo aún', 'el más largo de todos'], 0)),
    ).toBe(true);
    expect(keyStrictlyShortest(options(['corto', 'más largo', 'otro', 'igual'], 0))).toBe(false);
    expect(keyMuchLonger(options(['una opción', 'una opción más', 'otra opción', 'una tercera'], 1))).toBe(
      false,
    );
  });

  it('finds explanations that point at an option by its letter', () => {
    for (const text of [
      '**Respuesta: D.** El texto lo dice.',
      'La alternativa B confunde área con perímetro.',
      'A contradice el texto, que reconoce que la fruta se pudrirá.',
      'La opción C olvida la raíz.',
      'Por eso B) es incorrecta.',
      'B y D son posteriores a 1945.',
    ]) {
      expect(citesLetter(text), text).toBe(true);
    }
    for (const text of [
      'A diferencia del cuento, la crónica informa.',
      'La Segunda Guerra Mundial terminó en 1945.',
      'El punto A está en el eje X.',
      'Se suma: $A = 2$ y luego $B = 3$.',
      'Por la regla, $P(A\\mid B)=\\dfrac{P(A\\cap B)}{P(B)}$.',
    ]) {
      expect(citesLetter(text), text).toBe(false);
    }
  });

  it('finds formal address and numbers outside the es-CL format', () => {
    expect(formalAddress('Observe el gráfico. ¿Qué opina usted?')).toEqual(['usted', 'Observe']);
    expect(formalAddress('Observa el gráfico. ¿Qué opinan ustedes?')).toEqual([]);
    expect(numberFormatSlips('Cuesta $15000 y mide 3.5 m; en 1973 eran 12 500')).toEqual([
      '3.5',
      '15000',
      '12 500',
    ]);
    expect(numberFormatSlips('Cuesta $15.000 y mide 3,5 m; $0{,}00074$ y $\\log_3 243$; en 1973')).toEqual(
      [],
    );
  });

  it('compares items by word shingles', () => {
    const a = shingles('¿Cuál es el área de un círculo de radio 3 cm?');
    expect(jaccard(a, shingles('¿Cuál es el área de un círculo de radio 3 cm?'))).toBe(1);
    expect(jaccard(a, shingles('Un tren recorre 300 km en 2 horas: ¿cuál es su rapidez?'))).toBe(0);
  });
});

describe('content gate on a fixture bank', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  function report(change: (files: FixtureFiles) => void) {
    const files = validFixtureFiles();
    change(files);
    const { dir, cleanup } = writeContentFixture(files);
    cleanups.push(cleanup);
    const { problems, bundle } = validateContent(dir);
    expect(problems.map(formatProblem)).toEqual([]);
    return buildReport(bundle);
  }

  it('counts volume, ejes, skills, key positions and cues per test', () => {
    const result = report((files) => {
      const questions = files['questions/m1/algebra.json'].questions;
      // Keys on A, B, C: three items, four letters — D never holds the key.
      questions[0].alternatives = options(['$5$', '$4$', '$6$', '$7$'], 0);
      questions[2].alternatives = options(['$4$', '$6$', '$5$', '$7$'], 2);
      questions[2].check = undefined;
      questions[0].check = undefined;
      questions[1].explanation = 'La alternativa A suma mal.';
      questions[1].stem = questions[0].stem;
    });
    const m1 = result.tests.find((t) => t.slug === 'paes_competencia_matematica_m1');
    expect(m1).toMatchObject({ items: 3, forms: 0.75, keyPositions: { A: 1, B: 1, C: 1, D: 0 } });
    expect(m1?.ejes).toContainEqual({
      subSubject: 'numeros_algebra_funciones',
      eje: 'Álgebra y funciones',
      bank: 2,
      form: 1,
    });
    expect(m1?.skills).toContainEqual({ skill: 'resolver_problemas', bank: 3, form: 2 });
    expect(m1?.lettersInExplanations).toEqual(['m1-alg-002']);
    const failures = gateFailures(result);
    expect(failures).toContainEqual(expect.stringMatching(/m1: la clave es D en 0.0%/));
    expect(failures).toContainEqual(
      expect.stringMatching(/nombran alternativas por su letra \(1\): m1-alg-002/),
    );
    expect(failures).toContainEqual(expect.stringMatching(/duplicado: m1-alg-001 ≡ m1-alg-002/));
  });

  it('flags a trivia that repeats a bank item and a key given away by another stem', () => {
    const result = report((files) => {
      const [q1, q2] = files['questions/lectora/p01.json'].questions;
      q1.alternatives = options(
        [
          'el faro guiaba a los botes de la costa',
          'nadie vivía cerca',
          'el mar estaba en calma',
          'era de noche',
        ],
        0,
      );
      q2.stem = 'Si el faro guiaba a los botes de la costa, ¿qué hacía el farero de noche?';
      const trivia = files['subjects/algebra.json'].lessons[0].submodules[0].trivia[0];
      trivia.stem = files['questions/m1/algebra.json'].questions[0].stem;
    });
    const lectora = result.tests.find((t) => t.slug === 'paes_competencia_lectora');
    expect(lectora?.possibleCues).toContainEqual(
      expect.objectContaining({ item: 'lec-p01-q1', givenAwayBy: 'lec-p01-q2' }),
    );
    expect(result.exactDuplicates).toContainEqual(
      expect.objectContaining({ a: 'm1-alg-001', b: 'algebra-l1-s1-q1' }),
    );
  });
});

describe('the real bank', () => {
  // content.test.ts checks that it validates; the gate reads only the files that do.
  it('meets every threshold of docs/content.md', () => {
    expect(gateFailures(buildReport(validateContent().bundle))).toEqual([]);
  });
});
