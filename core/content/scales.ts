/**
 * The estimated raw-to-scale tables of content/scales/ (one JSON file per test, built and
 * documented by scripts/buildScales.ts and content/scales/README.md). They are imported, so the
 * exam Lambda bundles them, and validated when this module loads: a broken table fails at start,
 * never in the middle of grading.
 */
import * as z from 'zod';
import ciencias_electiva_biologia from '../../content/scales/ciencias_electiva_biologia.json';
import ciencias_electiva_fisica from '../../content/scales/ciencias_electiva_fisica.json';
import ciencias_electiva_quimica from '../../content/scales/ciencias_electiva_quimica.json';
import ciencias_tecnico_profesional from '../../content/scales/ciencias_tecnico_profesional.json';
import comprension_lectora from '../../content/scales/comprension_lectora.json';
import historia_ciencias_sociales from '../../content/scales/historia_ciencias_sociales.json';
import matematica from '../../content/scales/matematica.json';
import paes_ciencias_electiva_biologia from '../../content/scales/paes_ciencias_electiva_biologia.json';
import paes_ciencias_electiva_fisica from '../../content/scales/paes_ciencias_electiva_fisica.json';
import paes_ciencias_electiva_quimica from '../../content/scales/paes_ciencias_electiva_quimica.json';
import paes_ciencias_tecnico_profesional from '../../content/scales/paes_ciencias_tecnico_profesional.json';
import paes_competencia_lectora from '../../content/scales/paes_competencia_lectora.json';
import paes_competencia_matematica_m1 from '../../content/scales/paes_competencia_matematica_m1.json';
import paes_competencia_matematica_m2 from '../../content/scales/paes_competencia_matematica_m2.json';
import paes_historia_ciencias_sociales from '../../content/scales/paes_historia_ciencias_sociales.json';

/**
 * A table: `table[c]` is the estimated score of `c` correct answers of `questionCount`. It starts
 * at the scale minimum, ends at its maximum and never goes down.
 */
export const ScoreScaleSchema = z
  .object({
    test: z.string().regex(/^[a-z0-9]+(?:_[a-z0-9]+)*$/),
    /** Raise when the table changes: attempts keep the version they were scored with. */
    version: z.number().int().min(1),
    /** Always true: these are approximations, never DEMRE's official tables. */
    estimated: z.literal(true),
    scale: z
      .object({ min: z.number().int().min(0), max: z.number().int().max(1000) })
      .strict()
      .refine((s) => s.min < s.max, { message: 'min debe ser menor que max' }),
    questionCount: z.number().int().min(1),
    method: z.string().trim().min(20),
    source: z.string().trim().min(10),
    table: z.array(z.number().int()),
  })
  .strict()
  .superRefine((s, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['table'], message });
    if (s.table.length !== s.questionCount + 1)
      issue(`debe tener questionCount + 1 = ${s.questionCount + 1} valores (tiene ${s.table.length})`);
    if (s.table[0] !== s.scale.min) issue(`0 correctas debe dar el mínimo ${s.scale.min}`);
    if (s.table.at(-1) !== s.scale.max) issue(`todas correctas debe dar el máximo ${s.scale.max}`);
    for (let i = 1; i < s.table.length; i++) {
      if ((s.table[i] ?? 0) < (s.table[i - 1] ?? 0)) issue(`baja entre ${i - 1} y ${i} correctas`);
    }
  });

export type ScoreScale = z.infer<typeof ScoreScaleSchema>;

const files: Record<string, unknown> = {
  paes_competencia_matematica_m1,
  paes_competencia_matematica_m2,
  paes_competencia_lectora,
  paes_historia_ciencias_sociales,
  paes_ciencias_tecnico_profesional,
  paes_ciencias_electiva_biologia,
  paes_ciencias_electiva_fisica,
  paes_ciencias_electiva_quimica,
  matematica,
  comprension_lectora,
  historia_ciencias_sociales,
  ciencias_tecnico_profesional,
  ciencias_electiva_biologia,
  ciencias_electiva_fisica,
  ciencias_electiva_quimica,
};

/** Validates every table; throws naming the first file that breaks a rule. */
export function loadScoreScales(source: Record<string, unknown> = files): ReadonlyMap<string, ScoreScale> {
  const scales = new Map<string, ScoreScale>();
  for (const [slug, data] of Object.entries(source)) {
    const result = ScoreScaleSchema.safeParse(data);
    if (!result.success) {
      const first = result.error.issues[0];
      throw new Error(`content/scales/${slug}.json: ${first?.path.join('.')} ${first?.message}`);
    }
    if (result.data.test !== slug)
      throw new Error(`content/scales/${slug}.json: test es «${result.data.test}»`);
    scales.set(slug, result.data);
  }
  return scales;
}

export const SCORE_SCALES = loadScoreScales();

export const scoreScaleFor = (testSlug: string): ScoreScale | null => SCORE_SCALES.get(testSlug) ?? null;
