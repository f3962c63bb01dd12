/**
 * The exam routes' requests (lambdas/http/exam.ts validates with these) and the answers they send
 * (built by lambdas/services/examAttempts.ts and examHistory.ts from the rules of
 * core/domain/examAttempt.ts).
 */
import * as z from 'zod';
import { COURSES, type Course } from '../domain/constants';
import type {
  AlternativeId,
  ExamPaper,
  PublicPassage,
  QuestionDetail,
  TestSummary,
} from '../domain/contentViews';
import { ALTERNATIVE_IDS, type AttemptStatus, type BreakdownRow } from '../domain/examAttempt';
import { TIME_ORDERED_ID } from '../domain/ids';

export type { TestSummary } from '../domain/contentViews';
export type { ExamAverage } from '../domain/examAttempt';

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

export type SubmitBody = z.input<typeof submitBody>;
export type HistoryQuery = z.infer<typeof historyQuery>;

// ── Answers ─────────────────────────────────────────────────────────────────────────────────

export interface AttemptInfo {
  id: string;
  testSlug: string;
  status: AttemptStatus;
  /** ISO date-times of the server's clock. */
  startedAt: string;
  deadline: string;
  durationMinutes: number;
  /** The server's clock when it answered, so the browser can correct its own. */
  serverNow: string;
}

/** `GET /api/exam/{id}` and the start route: the running attempt's questions, without keys. */
export interface AttemptPaper extends ExamPaper {
  attempt: AttemptInfo;
}

/** The start route's answer: the paper, and the exams left (null for premium: not limited). */
export interface StartedAttempt extends AttemptPaper {
  resumed: boolean;
  examsAvailable: number | null;
}

interface EstimatedScore {
  value: number;
  min: number;
  max: number;
  scaleVersion: number;
  estimated: true;
}

/** One stored attempt as history lists it (`GET /api/exam/progress`). */
export interface ExamSummary {
  _id: string;
  id: string;
  examType: string;
  testTitle: string;
  course: string;
  status: 'submitted';
  startTime: string;
  endTime: string;
  submittedAt: string;
  deadline: string;
  durationMinutes: number;
  timeUsedSeconds: number;
  points: number;
  correct: number;
  wrong: number;
  omitted: number;
  total: number;
  requested: number;
  score: EstimatedScore | null;
  byEje: BreakdownRow[];
  bySubSubject: BreakdownRow[];
}

/** The stored result (`data.data[0]` of `POST /api/exam/progress`): the summary and `progress`. */
export interface ExamResult extends ExamSummary {
  /** JSON of `ProgressQuestion[]`, as the spec's client parses it. */
  progress: string;
}

/** A question of the review: the student's choice, the key and the explanation. */
export type ReviewQuestion = Extract<QuestionDetail, { kind: 'bank' }> & {
  selected: AlternativeId | null;
  isCorrect: boolean;
  /** The reading passage, sent once in the review's `passages` (its `passage` field stays null). */
  passageId?: string;
};

/** `GET /api/exam/progress/{id}` answers `[ExamReview]` (the spec reads `data[0].progress`). */
export interface ExamReview extends ExamResult {
  questions: ReviewQuestion[];
  passages: PublicPassage[];
}

/** A running attempt as `GET /api/exam` lists it (resume from another device). */
export interface RunningAttempt {
  attemptId: string;
  testSlug: string;
  deadline: string;
}

/** `GET /api/exam`: what the choose-a-test screen needs. */
export interface ExamCatalogue {
  course: Course;
  /** The course's displayed tests, in catalogue order. */
  tests: TestSummary[];
  /** The onboarding choice, limited to displayed tests of the course (empty before onboarding). */
  selectedTests: string[];
  /** null for premium students: not limited. */
  examsAvailable: number | null;
  isPremium: boolean;
  running: RunningAttempt[];
}

/** `GET /api/exam/progress`: the history, paged when asked. */
export interface ExamHistory {
  data: ExamSummary[];
  pagination?: { page: number; limit: number; total: number; pages: number };
}

/** `DELETE /api/exam/{id}/attempt`. */
export interface CancelledAttempt {
  cancelled: boolean;
  attemptId?: string;
}
