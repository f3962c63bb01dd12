/** The study-content routes' requests (lambdas/http/subject.ts, question.ts) and their answers. */
import * as z from 'zod';
import { COURSES } from '../domain/constants';

export type { QuestionAnswer, SubjectDetail, SubjectSummary } from '../domain/contentViews';

/** `?course=`: optional, default `paes`, case-insensitive (spec section 7). */
export const subjectsQuery = z.object({
  course: z
    .string()
    .optional()
    .transform((value) => (value?.trim() || 'paes').toLowerCase())
    .pipe(z.enum(COURSES)),
});

export const subjectPath = z.object({ id: z.string().trim().min(1).max(200) });

export const questionPath = z.object({ id: z.string().trim().min(1).max(200) });
