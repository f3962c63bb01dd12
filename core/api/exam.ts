/**
 * The exam routes' requests (lambdas/http/exam.ts validates with these) and the answers they send.
 * The answer shapes are the domain's (core/domain/examAttempt.ts); they are listed here so that
 * one module names the whole contract of the routes.
 */
import * as z from 'zod';
import { COURSES } from '../domain/constants';
import { ALTERNATIVE_IDS } from '../domain/examAttempt';
import { TIME_ORDERED_ID } from '../domain/ids';

export type { TestSummary } from '../domain/contentViews';
export type {
  AttemptPaper,
  ExamAverage,
  ExamCatalogue,
  ExamResult,
  ExamReview,
  ExamSummary,
  StartedAttempt,
} from '../domain/examAttempt';

export const slug = z.string().trim().min(1).max(100);
export const testPath = z.object({ id: slug });
export const attemptPath = z.object({ id: z.string().trim().max(40) });

const alternative = z.enum(ALTERNATIVE_IDS);
const submittedQuestion = z
  .object({
    id: z.string().trim().min(1).max(200),
    selected: alternative.nullable().optional(),
    answers: z
      .array(z.object({ id: alternative, selected: z.boolean().optional() }).loose())
      .max(5)
      .optional(),
  })
  .loose();
export const progressList = z.array(submittedQuestion).max(200);
const clientTime = z
  .union([z.number().finite(), z.string().max(40)])
  .nullable()
  .optional();

/** The spec's fields, plus the attempt id the start route gave (without it: the test's running attempt). */
export const submitBody = z
  .object({
    attemptId: z.string().regex(TIME_ORDERED_ID, 'no es un id de ensayo').optional(),
    examType: slug,
    startTime: clientTime,
    endTime: clientTime,
    points: z.number().finite().nullable().optional(),
    course: z.string().max(10).nullable().optional(),
    progress: z.union([z.string().max(250_000), progressList]),
  })
  .strict();

export const historyQuery = z.object({
  pagination: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const catalogueQuery = z.object({
  course: z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(COURSES))
    .optional(),
});

export type SubmitBody = z.infer<typeof submitBody>;
export type HistoryQuery = z.infer<typeof historyQuery>;
