/**
 * The validator on fixtures (never the real bank, which its authors may be editing): each rule
 * rejects what it should, and names the file, the item and the field.
 */

import { evaluateCheck } from '@core/content/schema';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FixtureFiles,
  fixtureImages,
  validFixtureFiles,
  writeContentFixture,
} from '../test/helpers/contentFixture';
import { type ContentProblem, validateContent } from './validate';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function validate(
  change: (files: FixtureFiles) => void = () => undefined,
  images?: (list: string[]) => string[],
) {
  const files = validFixtureFiles();
  const imageList = fixtureImages(files);
  change(files);
  const { dir, cleanup } = writeContentFixture(files, { images: images ? images(imageList) : imageList });
  cleanups.push(cleanup);
  return validateContent(dir);
}

const algebra = (files: FixtureFiles) => files['questions/m1/algebra.json'];
const reading = (files: FixtureFiles) => files['questions/lectora/p01.json'];
const subject = (files: FixtureFiles) => files['subjects/algebra.json'];

function expectProblem(
  problems: ContentProblem[],
  expected: Omit<Partial<ContentProblem>, 'message'> & { message?: RegExp | string },
) {
  const { message, ...rest } = expected;
  expect(problems).toContainEqual(
    expect.objectContaining({
      ...rest,
      ...(message
        ? { message: expect.stringMatching(message instanceof RegExp ? message : new RegExp(message)) }
        : {}),
    }),
  );
}

describe('content validator (fixtures)', () => {
  it('accepts the valid fixture and returns its bundle', () => {
    const { problems, bundle } = validate();
    expect(problems).toEqual([]);
    expect(bundle.tests).toHaveLength(3);
    expect(bundle.questionFiles.flatMap((f) => f.data.questions)).toHaveLength(7);
    expect(bundle.subjects).toHaveLength(1);
  });

  it('rejects a distractor without its rationale, but not a key or a trivia option without one', () => {
    const { problems } = validate((files) => {
      delete algebra(files).questions[0].alternatives[0].rationale;
    });
    expectProblem(problems, {
      file: 'questions/m1/algebra.json',
      item: 'm1-alg-001',
      field: 'questions.0.alternatives.0.rationale',
      message: 'necesita «rationale»',
    });
    expect(problems).toHaveLength(1);
  });

  it('rejects a skill of another test area and an eje the blueprint does not list', () => {
    const { problems } = validate((files) => {
      algebra(files).questions[1].skill = 'localizar';
      reading(files).questions[0].eje = 'Localizar';
    });
    expectProblem(problems, {
      file: 'questions/m1/algebra.json',
      item: 'm1-alg-002',
      field: 'questions.1.skill',
      message: '«localizar» no es una habilidad de matematica',
    });
    expectProblem(problems, {
      file: 'questions/lectora/p01.json',
      item: 'lec-p01-q1',
      field: 'questions.0.eje',
      message: 'no es un eje de «comprension_lectora» en el blueprint',
    });
    const missing = validate((files) => {
      delete algebra(files).questions[2].skill;
    }).problems;
    expectProblem(missing, {
      file: 'questions/m1/algebra.json',
      item: 'm1-geo-001',
      field: 'questions.2.skill',
    });
  });

  it('rejects a blueprint whose counts do not add up to the form, or that misses a displayed test', () => {
    const { problems } = validate((files) => {
      const blueprints = files['catalogue/blueprints.json'].blueprints;
      blueprints.paes_competencia_matematica_m1.ejes.numeros_algebra_funciones.Números = 3;
      blueprints.paes_competencia_matematica_m1.skills.localizar = 1;
      blueprints.paes_competencia_matematica_m1.difficulty.alta = 0;
      delete blueprints.paes_competencia_lectora;
    });
    const field = (f: string) => `blueprints.paes_competencia_matematica_m1.${f}`;
    expectProblem(problems, {
      file: 'catalogue/blueprints.json',
      field: field('ejes.numeros_algebra_funciones'),
      message: 'suman 4',
    });
    expectProblem(problems, {
      field: field('skills.localizar'),
      message: 'no es una habilidad de matematica',
    });
    expectProblem(problems, { field: field('skills'), message: 'suman 5, no 4' });
    expectProblem(problems, { field: field('difficulty'), message: 'suma 3, no 4' });
    expectProblem(problems, { item: 'paes_competencia_lectora', message: 'necesita su blueprint' });
  });

  it('rejects a question with no correct alternative', () => {
    const { problems } = validate((files) => {
      delete algebra(files).questions[1].alternatives[1].correct;
    });
    expectProblem(problems, {
      file: 'questions/m1/algebra.json',
      item: 'm1-alg-002',
      field: 'questions.1.alternatives',
      message: 'exactamente una alternativa correcta \\(hay 0\\)',
    });
  });

  it('rejects a question with two correct alternatives', () => {
    const { problems } = validate((files) => {
      algebra(files).questions[0].alternatives[3].correct = true;
    });
    expectProblem(problems, {
      file: 'questions/m1/algebra.json',
      item: 'm1-alg-001',
      field: 'questions.0.alternatives',
      message: 'hay 2',
    });
  });

  it('rejects a trivia question with two correct alternatives', () => {
    const { problems } = validate((files) => {
      subject(files).lessons[0].submodules[2].trivia[4].alternatives[0].correct = true;
    });
    expectProblem(problems, {
      file: 'subjects/algebra.json',
      item: 'algebra-l1-s3-q5',
      field: 'lessons.0.submodules.2.trivia.4.alternatives',
    });
  });

  it('rejects a missing explanation, in the bank and in trivia', () => {
    const { problems } = validate((files) => {
      delete reading(files).questions[2].explanation;
      subject(files).lessons[0].submodules[0].trivia[0].explanation = '   ';
    });
    expectProblem(problems, {
      file: 'questions/lectora/p01.json',
      item: 'lec-p01-q3',
      field: 'questions.2.explanation',
    });
    expectProblem(problems, {
      file: 'subjects/algebra.json',
      item: 'algebra-l1-s1-q1',
      field: 'lessons.0.submodules.0.trivia.0.explanation',
    });
  });

  it('rejects an unknown test slug in a question and in a subject', () => {
    const { problems } = validate((files) => {
      algebra(files).questions[2].tests.push('paes_matematica_m3');
      subject(files).tests = ['psu_matematica'];
    });
    expectProblem(problems, {
      file: 'questions/m1/algebra.json',
      item: 'm1-geo-001',
      field: 'questions.2.tests.2',
      message: 'prueba desconocida «paes_matematica_m3»',
    });
    expectProblem(problems, {
      file: 'subjects/algebra.json',
      item: 'algebra',
      field: 'tests.0',
      message: 'prueba desconocida «psu_matematica»',
    });
  });

  it('rejects a sub-subject that is not in the weights of every listed test', () => {
    const { problems } = validate((files) => {
      algebra(files).questions[0].subSubject = 'comprension_lectora';
      reading(files).questions[0].tests.push('paes_competencia_matematica_m1');
    });
    expectProblem(problems, {
      file: 'questions/m1/algebra.json',
      item: 'm1-alg-001',
      field: 'questions.0.subSubject',
      message: '«comprension_lectora» no es un subeje de «paes_competencia_matematica_m1»',
    });
    expectProblem(problems, {
      file: 'questions/lectora/p01.json',
      item: 'lec-p01-q1',
      field: 'questions.0.subSubject',
      message: 'no es un subeje de «paes_competencia_matematica_m1»',
    });
  });

  it('rejects duplicate ids across files, and between the bank and trivia', () => {
    const { problems } = validate((files) => {
      files['questions/m1/geometria.json'] = { questions: [{ ...algebra(files).questions[2] }] };
      subject(files).lessons[0].submodules[1].trivia[0].id = 'm1-alg-002';
    });
    expectProblem(problems, {
      file: 'questions/m1/geometria.json',
      item: 'm1-geo-001',
      field: 'questions.0.id',
      message: 'id repetido: ya existe en questions/m1/algebra.json',
    });
    expectProblem(problems, {
      file: 'subjects/algebra.json',
      item: 'm1-alg-002',
      field: 'lessons.0.submodules.1.trivia.0.id',
      message: 'id repetido',
    });
  });

  it('rejects an unknown passage and a passage with fewer than 4 questions', () => {
    const { problems } = validate((files) => {
      reading(files).questions[3].passageId = 'lec-p99';
    });
    expectProblem(problems, {
      file: 'questions/lectora/p01.json',
      item: 'lec-p01-q4',
      field: 'questions.3.passageId',
      message: 'texto desconocido «lec-p99»',
    });
    expectProblem(problems, {
      file: 'questions/lectora/p01.json',
      item: 'lec-p01',
      field: 'passages.0',
      message: 'entre 4 y 8 preguntas \\(tiene 3\\)',
    });
  });

  it('rejects images that are not on disk, in fields and in Markdown', () => {
    const { problems } = validate(
      (files) => {
        algebra(files).questions[1].stem += '\n\n![Triángulo](images/questions/no-existe.svg)';
      },
      (images) =>
        images.filter(
          (i) => i !== 'images/tests/paes_competencia_lectora-ribbon.svg' && !i.includes('algebra'),
        ),
    );
    expectProblem(problems, {
      file: 'catalogue/tests.json',
      item: 'paes_competencia_lectora',
      field: 'tests.2.ribbonImage',
    });
    expectProblem(problems, { file: 'subjects/algebra.json', item: 'algebra', field: 'icon' });
    expectProblem(problems, {
      file: 'subjects/algebra.json',
      item: 'ecuaciones-s1',
      field: 'lessons.0.submodules.0.content',
      message: 'images/lessons/algebra/figura.svg',
    });
    expectProblem(problems, {
      file: 'questions/m1/algebra.json',
      item: 'm1-alg-002',
      field: 'questions.1.stem',
      message: 'no-existe.svg',
    });
  });

  it('rejects a machine check that disagrees with the key', () => {
    const { problems } = validate((files) => {
      algebra(files).questions[0].check.expression = '2*3';
    });
    expectProblem(problems, { file: 'questions/m1/algebra.json', item: 'm1-alg-001', field: 'check' });
  });

  it('reads scientific notation in machine checks as numbers, not names', () => {
    expect(evaluateCheck('6e8/3e-2')).toBeCloseTo(2e10);
    expect(evaluateCheck('1.5E3 + sqrt(4)')).toBe(1502);
    expect(() => evaluateCheck('e8 * 2')).toThrow(/función desconocida «e»/);
  });

  it('checks the catalogue: labels match weights, profiles offer only displayed tests of their course, «Otra» closes the dates', () => {
    const { problems } = validate((files) => {
      const [m1] = files['catalogue/tests.json'].tests;
      m1.rules.subjectLabels = { numeros_algebra_funciones: 'Números' };
      const [paes] = files['catalogue/courses.json'].courses;
      paes.profiles[0].tests.push('paes_competencia_matematica_m2', 'matematica');
      paes.availableDates.reverse();
    });
    expectProblem(problems, {
      file: 'catalogue/tests.json',
      item: 'paes_competencia_matematica_m1',
      field: 'tests.0.rules.subjectLabels',
    });
    expectProblem(problems, {
      file: 'catalogue/courses.json',
      item: 'paes',
      field: 'courses.0.availableDates',
      message: 'Otra',
    });
  });

  it('rejects profiles that offer hidden or unknown tests', () => {
    const { problems } = validate((files) => {
      files['catalogue/courses.json'].courses[0].profiles[0].tests.push(
        'paes_competencia_matematica_m2',
        'matematica',
      );
    });
    expectProblem(problems, {
      file: 'catalogue/courses.json',
      item: 'emch-cientifico-humanista',
      field: 'courses.0.profiles.0.tests.2',
      message: 'no se muestra',
    });
    expectProblem(problems, {
      file: 'catalogue/courses.json',
      item: 'emch-cientifico-humanista',
      field: 'courses.0.profiles.0.tests.3',
      message: 'prueba desconocida «matematica»',
    });
  });

  it('reports a missing catalogue and invalid JSON', () => {
    const { problems } = validate((files) => {
      delete files['catalogue/courses.json'];
      files['questions/m1/roto.json'] = '{ "questions": [';
    });
    expectProblem(problems, { file: 'catalogue/courses.json', message: 'falta el archivo del catálogo' });
    expectProblem(problems, {
      file: 'questions/m1/roto.json',
      item: '-',
      field: '-',
      message: 'JSON inválido',
    });
  });
});
