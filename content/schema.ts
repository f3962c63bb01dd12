/**
 * The schema of every content file (validated by content/validate.ts and its tests).
 *
 * - content/catalogue/*.json: tests, courses (see CatalogueSchema below)
 * - content/questions/<area>/*.json: practice-exam questions and reading passages (QuestionFileSchema)
 * - content/subjects/<subjectId>.json: a lesson subject with lessons, submodules and trivia (SubjectSchema)
 *
 * Text fields are Markdown with KaTeX math (`$x^2$` inline, `$$…$$` display). Images are paths
 * relative to content/ (e.g. `images/questions/m1-geo-012.svg`) of files kept in the repository.
 */
import { z } from 'zod';

export const TAXONOMY_LEVELS = ['apli', 'cono', 'comp'] as const;

const slug = z.string().regex(/^[a-z0-9]+(?:[_-][a-z0-9]+)*$/, 'usa minúsculas, números, «-» o «_»');
const markdown = z.string().trim().min(1);
const imagePath = z.string().regex(/^images\/[\w\-/]+\.(svg|png|jpg|webp)$/, 'ruta de imagen dentro de content/images');

/** One alternative of a question. `value` is the numeric value it states, used by machine checks. */
export const AlternativeSchema = z
  .object({
    id: z.enum(['A', 'B', 'C', 'D', 'E']),
    text: z.string().trim().optional(),
    image: imagePath.optional(),
    correct: z.literal(true).optional(),
    value: z.number().optional(),
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
    ctx.addIssue({ code: 'custom', path: ['alternatives'], message: `debe haber exactamente una alternativa correcta (hay ${correct})` });
  }
  const ids = alternatives.map((a) => a.id);
  const expected = ['A', 'B', 'C', 'D', 'E'].slice(0, alternatives.length);
  if (ids.join() !== expected.join()) {
    ctx.addIssue({ code: 'custom', path: ['alternatives'], message: `las alternativas deben ser ${expected.join(', ')} en orden` });
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
    /** Eje temático, as a student reads it: "Álgebra y funciones", "Formación ciudadana"… */
    eje: z.string().trim().min(3),
    taxonomy: z.enum(TAXONOMY_LEVELS),
    difficulty: z.enum(['baja', 'media', 'alta']),
    passageId: slug.optional(),
    stem: markdown,
    image: imagePath.optional(),
    alternatives: z.array(AlternativeSchema).min(4).max(5),
    explanation: markdown,
    check: MachineCheckSchema.optional(),
  })
  .strict()
  .superRefine((q, ctx) => alternativesRule(q.alternatives, ctx));

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
  if (!/^[\d\s+\-*/().,^a-zA-Z_]*$/.test(expression)) throw new Error(`caracteres no permitidos en «${expression}»`);
  const names = Object.getOwnPropertyNames(Math);
  for (const word of expression.match(/[a-zA-Z_]+/g) ?? []) {
    if (!names.includes(word)) throw new Error(`función desconocida «${word}» en «${expression}»`);
  }
  const scope = names.map((name) => `const ${name} = Math.${name};`).join('');
  const result = new Function(`${scope} return (${expression.replace(/\^/g, '**')});`)();
  if (typeof result !== 'number' || !Number.isFinite(result)) throw new Error(`«${expression}» no da un número`);
  return result;
}

/** Whether the machine check agrees with the keyed alternative and no other; null when nothing to check. */
export function checkAgainstKey(item: { check?: { expression: string }; alternatives: Alternative[] }): string | null {
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
