/**
 * The schema of every content file (validated by content/validate.ts and its tests).
 *
 * - content/catalogue/tests.json, courses.json: the tests and course configs (TestsCatalogueSchema, CoursesCatalogueSchema)
 * - content/questions/<area>/*.json: practice-exam questions and reading passages (QuestionFileSchema)
 * - content/subjects/<subjectId>.json: a lesson subject with lessons, submodules and trivia (SubjectSchema)
 *
 * Text fields are Markdown with KaTeX math (`$x^2$` inline, `$$…$$` display). Images are paths
 * relative to content/ (e.g. `images/questions/m1-geo-012.svg`) of files kept in the repository.
 */
import { z } from 'zod';

/**
 * The PAES skills (habilidades) each test measures, by test area, as DEMRE's temarios name them
 * (sources in docs/content.md). Every bank question carries exactly one, of its test's area.
 */
export const SKILLS = {
  matematica: {
    resolver_problemas: 'Resolver problemas',
    modelar: 'Modelar',
    representar: 'Representar',
    argumentar: 'Argumentar',
  },
  lectora: {
    localizar: 'Localizar',
    interpretar: 'Interpretar',
    evaluar: 'Evaluar',
  },
  historia: {
    pensamiento_temporal: 'Pensamiento temporal',
    pensamiento_espacial: 'Pensamiento espacial',
    analisis_fuentes: 'Análisis de fuentes',
    pensamiento_critico: 'Pensamiento crítico',
  },
  ciencias: {
    observar_plantear_preguntas: 'Observar y plantear preguntas',
    planificar_conducir_investigacion: 'Planificar y conducir una investigación',
    procesar_analizar_evidencia: 'Procesar y analizar la evidencia',
    evaluar: 'Evaluar',
    aplicar_conocimiento: 'Aplicar el conocimiento científico',
  },
} as const;

export type SkillArea = keyof typeof SKILLS;
export const SKILL_IDS = [...new Set(Object.values(SKILLS).flatMap((skills) => Object.keys(skills)))] as [
  string,
  ...string[],
];

/** The skills of a test area, in the order of the temario. */
export function skillsOf(area: SkillArea): string[] {
  return Object.keys(SKILLS[area]);
}

/** The label a student reads for a skill id of an area. */
export function skillLabel(area: SkillArea, skill: string): string {
  return (SKILLS[area] as Record<string, string>)[skill] ?? skill;
}

export const DIFFICULTIES = ['baja', 'media', 'alta'] as const;

const slug = z.string().regex(/^[a-z0-9]+(?:[_-][a-z0-9]+)*$/, 'usa minúsculas, números, «-» o «_»');
const markdown = z.string().trim().min(1);
const imagePath = z
  .string()
  .regex(/^images\/[\w\-/]+\.(svg|png|jpg|webp)$/, 'ruta de imagen dentro de content/images');

/** One alternative of a question. `value` is the numeric value it states, used by machine checks. */
export const AlternativeSchema = z
  .object({
    id: z.enum(['A', 'B', 'C', 'D', 'E']),
    text: z.string().trim().optional(),
    image: imagePath.optional(),
    correct: z.literal(true).optional(),
    value: z.number().optional(),
    /**
     * Why a student picks this distractor and why it is wrong (the typical mistake behind it).
     * Required on every distractor of a bank question: options are shuffled per attempt, so
     * explanations never point at a letter; each option carries its own reason.
     */
    rationale: markdown.optional(),
  })
  .strict()
  .refine((a) => Boolean(a.text) || Boolean(a.image), { message: 'una alternativa necesita texto o imagen' });

/**
 * A machine check for a computed answer: `expression` is evaluated (JavaScript arithmetic with
 * Math functions in scope, e.g. `sqrt(2)*3`, `(4/5)*100`) and must equal the `value` of the
 * correct alternative, and of no other alternative (tolerance 1e-6 relative).
 */
export const MachineCheckSchema = z.object({ expression: z.string().min(1) }).strict();

const alternativesRule = (alternatives: z.infer<typeof AlternativeSchema>[], ctx: z.RefinementCtx) => {
  const correct = alternatives.filter((a) => a.correct).length;
  if (correct !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['alternatives'],
      message: `debe haber exactamente una alternativa correcta (hay ${correct})`,
    });
  }
  const ids = alternatives.map((a) => a.id);
  const expected = ['A', 'B', 'C', 'D', 'E'].slice(0, alternatives.length);
  if (ids.join() !== expected.join()) {
    ctx.addIssue({
      code: 'custom',
      path: ['alternatives'],
      message: `las alternativas deben ser ${expected.join(', ')} en orden`,
    });
  }
};

/** A practice-exam question of the bank. */
export const QuestionSchema = z
  .object({
    /** Stable and unique across the whole bank, e.g. `m1-alg-001`. Never reuse an id. */
    id: slug,
    /** Raise when the wording or key changes: attempts keep the version they were graded with. */
    version: z.number().int().min(1),
    /** Test slugs (section 3 of the spec) whose practice exams may use the question. */
    tests: z.array(slug).min(1),
    /** Sub-subject slug of the test rules (the keys of the weight map). */
    subSubject: slug,
    /** Eje temático as the temario names it: one of the ejes of its tests' blueprints. */
    eje: z.string().trim().min(3),
    /** The PAES skill the question measures: one of SKILLS of its tests' area. */
    skill: z.enum(SKILL_IDS),
    difficulty: z.enum(DIFFICULTIES),
    passageId: slug.optional(),
    stem: markdown,
    image: imagePath.optional(),
    alternatives: z.array(AlternativeSchema).min(4).max(5),
    explanation: markdown,
    check: MachineCheckSchema.optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    alternativesRule(q.alternatives, ctx);
    for (const [i, alternative] of q.alternatives.entries()) {
      if (!alternative.correct && !alternative.rationale) {
        ctx.addIssue({
          code: 'custom',
          path: ['alternatives', i, 'rationale'],
          message: `la alternativa ${alternative.id} necesita «rationale»: el error típico que lleva a elegirla y por qué es incorrecta`,
        });
      }
    }
  });

/** A shared reading passage (Competencia Lectora): 4–8 questions refer to it by `passageId`. */
export const PassageSchema = z
  .object({
    id: slug,
    version: z.number().int().min(1),
    title: z.string().trim().min(1),
    genre: z.enum(['literario', 'no literario']),
    /** e.g. "cuento", "poema", "columna de opinión", "noticia", "texto expositivo", "infografía". */
    textType: z.string().trim().min(3),
    source: z.string().trim().optional(),
    text: markdown,
  })
  .strict();

export const QuestionFileSchema = z
  .object({
    passages: z.array(PassageSchema).optional(),
    questions: z.array(QuestionSchema).min(1),
  })
  .strict();

/** A trivia question inside a lesson submodule. */
export const TriviaQuestionSchema = z
  .object({
    id: slug,
    stem: markdown,
    image: imagePath.optional(),
    alternatives: z.array(AlternativeSchema).min(3).max(5),
    explanation: markdown,
    check: MachineCheckSchema.optional(),
  })
  .strict()
  .superRefine((q, ctx) => alternativesRule(q.alternatives, ctx));

export const SubmoduleSchema = z
  .object({
    id: slug,
    title: z.string().trim().min(3),
    /** The study text: a short explanation with worked examples (Markdown + KaTeX, SVG figures). */
    content: markdown,
    trivia: z.array(TriviaQuestionSchema).min(5),
  })
  .strict();

export const LessonSchema = z
  .object({
    id: slug,
    title: z.string().trim().min(3),
    /** What the lesson covers: shown even when the lesson is locked. */
    summary: z.string().trim().min(10),
    submodules: z.array(SubmoduleSchema).min(3),
  })
  .strict();

export const SubjectSchema = z
  .object({
    id: slug,
    title: z.string().trim().min(3),
    description: z.string().trim().min(10),
    icon: imagePath,
    courses: z.array(z.enum(['paes', 'pdt'])).min(1),
    /** Test slugs this subject prepares for. */
    tests: z.array(slug).min(1),
    order: z.number().int().min(0),
    lessons: z.array(LessonSchema).min(1),
  })
  .strict();

export type Alternative = z.infer<typeof AlternativeSchema>;
export type Question = z.infer<typeof QuestionSchema>;
export type Passage = z.infer<typeof PassageSchema>;
export type QuestionFile = z.infer<typeof QuestionFileSchema>;
export type TriviaQuestion = z.infer<typeof TriviaQuestionSchema>;
export type Submodule = z.infer<typeof SubmoduleSchema>;
export type Lesson = z.infer<typeof LessonSchema>;
export type Subject = z.infer<typeof SubjectSchema>;

/** Evaluates a machine-check expression: arithmetic and Math functions only. */
export function evaluateCheck(expression: string): number {
  if (!/^[\d\s+\-*/().,^a-zA-Z_]*$/.test(expression))
    throw new Error(`caracteres no permitidos en «${expression}»`);
  const names = Object.getOwnPropertyNames(Math);
  // Scientific notation (`6e8`, `1.5E-3`) is a number, not a name.
  const withoutNumbers = expression.replace(/(?:\d+\.?\d*|\.\d+)e[+-]?\d+/gi, '0');
  for (const word of withoutNumbers.match(/[a-zA-Z_]+/g) ?? []) {
    if (!names.includes(word)) throw new Error(`función desconocida «${word}» en «${expression}»`);
  }
  const scope = names.map((name) => `const ${name} = Math.${name};`).join('');
  const result = new Function(`${scope} return (${expression.replace(/\^/g, '**')});`)();
  if (typeof result !== 'number' || !Number.isFinite(result))
    throw new Error(`«${expression}» no da un número`);
  return result;
}

/** Whether the machine check agrees with the keyed alternative and no other; null when nothing to check. */
export function checkAgainstKey(item: {
  check?: { expression: string };
  alternatives: Alternative[];
}): string | null {
  if (!item.check) return null;
  const value = evaluateCheck(item.check.expression);
  const close = (a: number) => Math.abs(a - value) <= 1e-6 * Math.max(1, Math.abs(value));
  const keyed = item.alternatives.find((a) => a.correct);
  if (keyed?.value === undefined) return 'la alternativa correcta necesita «value» para la verificación';
  if (!close(keyed.value)) return `la verificación da ${value} pero la clave vale ${keyed.value}`;
  const twin = item.alternatives.find((a) => !a.correct && a.value !== undefined && close(a.value));
  if (twin) return `la alternativa ${twin.id} también vale ${value}`;
  return null;
}

// ── Catalogue (content/catalogue/tests.json, content/catalogue/courses.json) ──────────────────

export const COURSE_IDS = ['paes', 'pdt'] as const;

/** Which family of section 9's constants (duration, question count) a test belongs to. */
export const TEST_AREAS = ['matematica', 'lectora', 'historia', 'ciencias'] as const;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'color hexadecimal #rrggbb');

/** The rules of a test's practice exam: how many questions and how they split by sub-subject. */
export const TestRulesSchema = z
  .object({
    questionCount: z.number().int().min(1),
    /** Sub-subject slug → weight. Weights are relative (33/33/33 splits like 1/1/1). */
    weights: z.record(slug, z.number().positive()),
    /** Sub-subject slug → the label a student reads. Same keys as `weights`. */
    subjectLabels: z.record(slug, z.string().trim().min(3)),
  })
  .strict()
  .superRefine((rules, ctx) => {
    const weights = Object.keys(rules.weights);
    const labels = Object.keys(rules.subjectLabels);
    if (weights.length === 0) ctx.addIssue({ code: 'custom', path: ['weights'], message: 'sin subejes' });
    if (weights.join() !== labels.join()) {
      ctx.addIssue({
        code: 'custom',
        path: ['subjectLabels'],
        message: `las etiquetas deben tener las mismas claves que los pesos, en el mismo orden (${weights.join(', ')})`,
      });
    }
  });

/** A test (prueba) of section 3, keyed by its exact slug. */
export const TestSchema = z
  .object({
    slug,
    course: z.enum(COURSE_IDS),
    area: z.enum(TEST_AREAS),
    title: z.string().trim().min(3),
    /** Short label for tight spaces (ribbons, chips): "M1", "Lectora". */
    shortTitle: z.string().trim().min(1).max(16),
    color: hexColor,
    image: imagePath,
    activeImage: imagePath,
    ribbonImage: imagePath,
    durationMinutes: z.number().int().min(1),
    /** Hidden tests are not offered to students but stay loadable by slug (old history). */
    display: z.boolean(),
    /** Position in lists of the course's tests. */
    order: z.number().int().min(0),
    rules: TestRulesSchema,
  })
  .strict();

export const TestsCatalogueSchema = z.object({ tests: z.array(TestSchema).min(1) }).strict();

/**
 * A sitting a student can say they are preparing for. `date` is the approximate first day of the
 * sitting (ISO), absent only for "Otra". `past` marks sittings already held when the list was
 * written; onboarding also drops any whose date has gone by (see lambdas/domain/catalogue.ts).
 */
export const AvailableDateSchema = z
  .object({
    id: slug,
    label: z.string().trim().min(3),
    season: z.enum(['verano', 'invierno']).optional(),
    date: z.iso.date().optional(),
    approximate: z.boolean().optional(),
    past: z.boolean(),
  })
  .strict();

export const ProfileSchema = z
  .object({
    id: slug,
    label: z.string().trim().min(3),
    /** Test slugs offered to a student of this profile (displayed tests of the same course). */
    tests: z.array(slug).min(1),
  })
  .strict();

export const CourseConfigSchema = z
  .object({
    id: z.enum(COURSE_IDS),
    title: z.string().trim().min(3),
    targetPoints: z
      .object({ min: z.number().int().min(0), max: z.number().int().min(1) })
      .strict()
      .refine((t) => t.min < t.max, { message: 'min debe ser menor que max' }),
    availableDates: z.array(AvailableDateSchema).min(1),
    profiles: z.array(ProfileSchema).min(1),
  })
  .strict()
  .superRefine((course, ctx) => {
    const ids = course.availableDates.map((d) => d.id);
    for (const [i, id] of ids.entries()) {
      if (ids.indexOf(id) !== i)
        ctx.addIssue({ code: 'custom', path: ['availableDates', i, 'id'], message: `id repetido «${id}»` });
    }
    const last = course.availableDates.at(-1);
    if (last?.id !== 'otra' || last.label !== 'Otra') {
      ctx.addIssue({
        code: 'custom',
        path: ['availableDates'],
        message: 'la última fecha debe ser { "id": "otra", "label": "Otra" }',
      });
    }
    for (const [i, entry] of course.availableDates.entries()) {
      if (entry.id !== 'otra' && !entry.date) {
        ctx.addIssue({
          code: 'custom',
          path: ['availableDates', i, 'date'],
          message: 'falta la fecha (aproximada) de la rendición',
        });
      }
    }
  });

export const CoursesCatalogueSchema = z.object({ courses: z.array(CourseConfigSchema).min(1) }).strict();

export type CourseConfig = z.infer<typeof CourseConfigSchema>;
export type CourseId = (typeof COURSE_IDS)[number];
export type AvailableDate = z.infer<typeof AvailableDateSchema>;
export type Test = z.infer<typeof TestSchema>;

// ── Blueprints (content/catalogue/blueprints.json) ─────────────────────────────────────────────

const countMap = z.record(z.string().trim().min(2), z.number().int().min(0));

/**
 * What a full form of a test holds: items per sub-subject and eje, per skill, per difficulty.
 * The assembly draws by it; `npm run content:report` checks the bank against it. `notes` says
 * where each figure comes from (DEMRE's published proportions, or the reasoned choice).
 */
export const BlueprintSchema = z
  .object({
    /** Sub-subject slug (keys of the test's weights) → eje → items of a full form. */
    ejes: z.record(slug, countMap),
    /** Skill id (of the test's area) → items of a full form. */
    skills: countMap,
    difficulty: z
      .object({
        baja: z.number().int().min(0),
        media: z.number().int().min(0),
        alta: z.number().int().min(0),
      })
      .strict(),
    /**
     * Volume floor of the gate: the bank must hold at least this many full forms' worth of
     * items for the test. Raised by each content issue as it lands.
     */
    minForms: z.number().min(0),
    notes: z.string().trim().min(20),
  })
  .strict();

export const BlueprintsSchema = z.object({ blueprints: z.record(slug, BlueprintSchema) }).strict();

export type Blueprint = z.infer<typeof BlueprintSchema>;
