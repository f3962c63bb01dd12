/**
 * A small, valid content directory for tests of the validator and the loader: two displayed tests
 * and a hidden one, a course, a few math questions, a reading passage with its questions, and a
 * lesson subject. Tests change the returned objects, then write them to a temporary directory.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// biome-ignore lint/suspicious/noExplicitAny: tests reach into the JSON freely to break it.
export type FixtureFiles = Record<string, any>;

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>\n';

function test(slug: string, area: string, display: boolean, order: number, rules: object) {
  return {
    slug,
    course: 'paes',
    area,
    title: `Prueba ${slug}`,
    shortTitle: slug.slice(-2).toUpperCase(),
    color: '#2563eb',
    image: `images/tests/${slug}.svg`,
    activeImage: `images/tests/${slug}-active.svg`,
    ribbonImage: `images/tests/${slug}-ribbon.svg`,
    durationMinutes: 140,
    display,
    order,
    rules,
  };
}

const MATH_RULES = {
  questionCount: 4,
  weights: { numeros_algebra_funciones: 50, geometria_probabilidad_estadistica: 50 },
  subjectLabels: {
    numeros_algebra_funciones: 'Números, álgebra y funciones',
    geometria_probabilidad_estadistica: 'Geometría, probabilidad y estadística',
  },
};

/** Bank alternatives carry a rationale on every distractor; trivia ones need none. */
function alternatives(correct: string, values?: number[], rationales = true) {
  return ['A', 'B', 'C', 'D'].map((id, i) => ({
    id,
    text: values ? `$${values[i]}$` : `Opción ${id}`,
    ...(id === correct ? { correct: true } : {}),
    ...(id !== correct && rationales ? { rationale: `Error típico detrás de la opción ${i + 1}.` } : {}),
    ...(values ? { value: values[i] } : {}),
  }));
}

function mathQuestion(id: string, subSubject: string, extra: object = {}) {
  return {
    id,
    version: 1,
    tests: ['paes_competencia_matematica_m1', 'paes_competencia_matematica_m2'],
    subSubject,
    eje: subSubject === 'numeros_algebra_funciones' ? 'Álgebra y funciones' : 'Geometría',
    skill: 'resolver_problemas',
    difficulty: 'media',
    stem: `Enunciado de ${id}: ¿cuánto es $2+3$?`,
    alternatives: alternatives('B', [4, 5, 6, 7]),
    explanation: 'Se suman: $2+3=5$.',
    check: { expression: '2+3' },
    ...extra,
  };
}

function readingQuestion(n: number) {
  return {
    id: `lec-p01-q${n}`,
    version: 1,
    tests: ['paes_competencia_lectora'],
    subSubject: 'comprension_lectora',
    eje: 'Textos literarios',
    skill: 'localizar',
    difficulty: 'baja',
    passageId: 'lec-p01',
    stem: `Pregunta ${n} sobre el texto.`,
    alternatives: alternatives('A'),
    explanation: 'El texto lo dice en el segundo párrafo.',
  };
}

function trivia(id: string) {
  return {
    id,
    stem: `Trivia ${id}: ¿cuánto es $3\\cdot 4$?`,
    alternatives: alternatives('C', [7, 1, 12, 34], false),
    explanation: 'Se multiplica: $3\\cdot4=12$.',
    check: { expression: '3*4' },
  };
}

export function validFixtureFiles(): FixtureFiles {
  // A deep copy: tests mutate the result and must not reach the shared constants.
  return structuredClone({
    'catalogue/tests.json': {
      tests: [
        test('paes_competencia_matematica_m1', 'matematica', true, 0, MATH_RULES),
        test('paes_competencia_matematica_m2', 'matematica', false, 1, MATH_RULES),
        test('paes_competencia_lectora', 'lectora', true, 2, {
          questionCount: 4,
          weights: { comprension_lectora: 100 },
          subjectLabels: { comprension_lectora: 'Comprensión lectora' },
        }),
      ],
    },
    'catalogue/blueprints.json': {
      blueprints: {
        paes_competencia_matematica_m1: {
          ejes: {
            numeros_algebra_funciones: { Números: 1, 'Álgebra y funciones': 1 },
            geometria_probabilidad_estadistica: { Geometría: 1, 'Probabilidad y estadística': 1 },
          },
          skills: { resolver_problemas: 2, modelar: 1, representar: 1, argumentar: 0 },
          difficulty: { baja: 1, media: 2, alta: 1 },
          minForms: 0.5,
          notes: 'Una forma de cuatro preguntas para las pruebas.',
        },
        paes_competencia_lectora: {
          ejes: { comprension_lectora: { 'Textos literarios': 2, 'Textos no literarios': 2 } },
          skills: { localizar: 1, interpretar: 2, evaluar: 1 },
          difficulty: { baja: 1, media: 2, alta: 1 },
          minForms: 1,
          notes: 'Una forma de cuatro preguntas para las pruebas.',
        },
      },
    },
    'catalogue/courses.json': {
      courses: [
        {
          id: 'paes',
          title: 'PAES',
          targetPoints: { min: 100, max: 1000 },
          availableDates: [
            { id: 'verano-2022', label: 'Verano 2022', season: 'verano', date: '2022-11-28', past: true },
            { id: 'otra', label: 'Otra', past: false },
          ],
          profiles: [
            {
              id: 'emch-cientifico-humanista',
              label: 'Científico Humanista',
              tests: ['paes_competencia_matematica_m1', 'paes_competencia_lectora'],
            },
          ],
        },
      ],
    },
    'questions/m1/algebra.json': {
      questions: [
        mathQuestion('m1-alg-001', 'numeros_algebra_funciones', { image: 'images/questions/m1-alg-001.svg' }),
        mathQuestion('m1-alg-002', 'numeros_algebra_funciones'),
        mathQuestion('m1-geo-001', 'geometria_probabilidad_estadistica'),
      ],
    },
    'questions/lectora/p01.json': {
      passages: [
        {
          id: 'lec-p01',
          version: 1,
          title: 'El faro',
          genre: 'literario',
          textType: 'cuento',
          text: 'Había una vez un faro en la costa de Chiloé.\n\nSu luz guiaba a los botes.',
        },
      ],
      questions: [1, 2, 3, 4].map(readingQuestion),
    },
    'subjects/algebra.json': {
      id: 'algebra',
      title: 'Álgebra',
      description: 'Expresiones algebraicas y ecuaciones.',
      icon: 'images/subjects/algebra.svg',
      courses: ['paes'],
      tests: ['paes_competencia_matematica_m1'],
      order: 1,
      lessons: [
        {
          id: 'ecuaciones',
          title: 'Ecuaciones lineales',
          summary: 'Resolver ecuaciones de primer grado.',
          submodules: [1, 2, 3].map((s) => ({
            id: `ecuaciones-s${s}`,
            title: `Submódulo ${s}`,
            content: `Contenido ${s}: $x + 1 = 2$.\n\n![Figura](images/lessons/algebra/figura.svg)`,
            trivia: [1, 2, 3, 4, 5].map((q) => trivia(`algebra-l1-s${s}-q${q}`)),
          })),
        },
      ],
    },
  });
}

/** Image files the valid fixture refers to. */
export function fixtureImages(files: FixtureFiles): string[] {
  const tests = (files['catalogue/tests.json']?.tests ?? []) as {
    image: string;
    activeImage: string;
    ribbonImage: string;
  }[];
  return [
    ...tests.flatMap((t) => [t.image, t.activeImage, t.ribbonImage]),
    'images/subjects/algebra.svg',
    'images/questions/m1-alg-001.svg',
    'images/lessons/algebra/figura.svg',
  ];
}

/** Writes the files (and the fixture's images) to a new temporary directory. */
export function writeContentFixture(
  files: FixtureFiles,
  options: { images?: string[] } = {},
): {
  dir: string;
  cleanup(): void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'preu-content-'));
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), typeof data === 'string' ? data : JSON.stringify(data, null, 2));
  }
  for (const image of options.images ?? fixtureImages(files)) {
    mkdirSync(path.dirname(path.join(dir, image)), { recursive: true });
    writeFileSync(path.join(dir, image), SVG);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
