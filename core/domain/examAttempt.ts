/**
 * Practice-exam attempts (issue 8): the deadline, grading against the question versions an attempt
 * fixed, the estimated score, the breakdown by eje temático and the averages; the answers
 * of the exam routes are in core/api/exam.ts. Pure: repositories and handlers bring the data and the clock.
 */
import type { ScoreScale } from '../content/scales';
import { EXAM_SUBMISSION_GRACE_MS, MAX_EXAM_MINUTES } from './constants';
import type { AlternativeId } from './contentViews';

export type AttemptStatus = 'running' | 'submitted' | 'expired' | 'cancelled';

export const ALTERNATIVE_IDS = ['A', 'B', 'C', 'D', 'E'] as const satisfies readonly AlternativeId[];

/** A question an attempt fixed: which version it shows and grades with. */
export interface AttemptQuestionRef {
  id: string;
  version: number;
  subSubject: string;
  eje: string;
  passageId?: string;
  passageVersion?: number;
}

// ── Time ────────────────────────────────────────────────────────────────────────────────────

/** The test's duration, or the spec's 120-minute maximum when the test has none. */
export function examDurationMinutes(test: { durationMinutes?: number | null | undefined }): number {
  const minutes = test.durationMinutes;
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0 ? minutes : MAX_EXAM_MINUTES;
}

export const attemptDeadline = (startedAtMs: number, durationMinutes: number): number =>
  startedAtMs + durationMinutes * 60_000;

/** Answers are taken until the deadline plus the grace period, and refused after it. */
export const acceptsAnswers = (deadlineMs: number, nowMs: number): boolean =>
  nowMs <= deadlineMs + EXAM_SUBMISSION_GRACE_MS;

/** Seconds from start to submission, never more than the time the test allows. */
export function timeUsedSeconds(startedAtMs: number, deadlineMs: number, submittedAtMs: number): number {
  return Math.max(0, Math.round((Math.min(submittedAtMs, deadlineMs) - startedAtMs) / 1000));
}

// ── What the student sent ───────────────────────────────────────────────────────────────────

/**
 * One question of the `progress` the browser sends: the spec's client shape (`answers[]` with
 * `selected`) or a plain `selected`. Anything else it holds (`answered`, `correct`, texts) is
 * ignored: the server decides what is correct.
 */
export interface SubmittedQuestion {
  id: string;
  selected?: AlternativeId | null | undefined;
  answers?: { id: AlternativeId; selected?: boolean | undefined }[] | undefined;
}

export class ProgressError extends Error {}

/** The alternative the student chose for each question id (null: left blank). */
export function answersFromProgress(
  questions: readonly SubmittedQuestion[],
): Map<string, AlternativeId | null> {
  const answers = new Map<string, AlternativeId | null>();
  for (const question of questions) {
    const chosen = question.answers?.filter((a) => a.selected === true).map((a) => a.id) ?? [];
    if (chosen.length > 1)
      throw new ProgressError(`la pregunta ${question.id} tiene más de una alternativa marcada`);
    if (question.selected && chosen[0] && chosen[0] !== question.selected)
      throw new ProgressError(`la pregunta ${question.id} marca dos alternativas distintas`);
    if (answers.has(question.id)) throw new ProgressError(`la pregunta ${question.id} aparece dos veces`);
    answers.set(question.id, question.selected ?? chosen[0] ?? null);
  }
  return answers;
}

// ── Grading ─────────────────────────────────────────────────────────────────────────────────

/** A bank question with its key, in the version an attempt fixed. */
export interface KeyedQuestion {
  id: string;
  version: number;
  alternatives: readonly { id: AlternativeId; correct?: boolean | undefined }[];
}

export const versionKey = (id: string, version: number) => `${id}#${version}`;

export interface GradedQuestion {
  id: string;
  version: number;
  subSubject: string;
  eje: string;
  /** The alternative the student chose, or null when left blank. */
  selected: AlternativeId | null;
  /** The key of the version the attempt fixed. */
  key: AlternativeId;
  isCorrect: boolean;
  /** The alternatives the question offered, in order (the spec's `answers[]`). */
  alternatives: AlternativeId[];
}

export interface BreakdownRow {
  /** The eje temático, or the sub-subject slug in `bySubSubject`. */
  name: string;
  label: string;
  total: number;
  correct: number;
  wrong: number;
  omitted: number;
}

export interface GradeSummary {
  questions: GradedQuestion[];
  /** The spec's `points`: the number of correct answers. */
  points: number;
  correct: number;
  wrong: number;
  omitted: number;
  total: number;
  byEje: BreakdownRow[];
  bySubSubject: BreakdownRow[];
}

/**
 * Grades the attempt's questions, in the attempt's order, against `keyed` (by `versionKey`).
 * Answers to ids the attempt does not hold are ignored; a choice the question does not offer
 * counts as blank. A fixed version missing from the bank is an integrity failure and throws.
 */
export function gradeAttempt(
  refs: readonly AttemptQuestionRef[],
  keyed: ReadonlyMap<string, KeyedQuestion>,
  answers: ReadonlyMap<string, AlternativeId | null>,
  subSubjectLabels: Readonly<Record<string, string>> = {},
): GradeSummary {
  const questions = refs.map((ref): GradedQuestion => {
    const bank = keyed.get(versionKey(ref.id, ref.version));
    if (!bank) throw new Error(`question ${ref.id} v${ref.version} is missing from the bank`);
    const key = bank.alternatives.find((a) => a.correct === true)?.id;
    if (!key) throw new Error(`question ${ref.id} v${ref.version} has no key`);
    const offered = bank.alternatives.map((a) => a.id);
    const answer = answers.get(ref.id) ?? null;
    const selected = answer && offered.includes(answer) ? answer : null;
    return {
      id: ref.id,
      version: ref.version,
      subSubject: ref.subSubject,
      eje: ref.eje,
      selected,
      key,
      isCorrect: selected === key,
      alternatives: offered,
    };
  });
  const correct = questions.filter((q) => q.isCorrect).length;
  const omitted = questions.filter((q) => q.selected === null).length;
  return {
    questions,
    points: correct,
    correct,
    wrong: questions.length - correct - omitted,
    omitted,
    total: questions.length,
    byEje: breakdown(
      questions,
      (q) => q.eje,
      (name) => name,
    ),
    bySubSubject: breakdown(
      questions,
      (q) => q.subSubject,
      (name) => subSubjectLabels[name] ?? name,
    ),
  };
}

function breakdown(
  questions: readonly GradedQuestion[],
  group: (q: GradedQuestion) => string,
  label: (name: string) => string,
): BreakdownRow[] {
  const rows = new Map<string, BreakdownRow>();
  for (const question of questions) {
    const name = group(question);
    let row = rows.get(name);
    if (!row) {
      row = { name, label: label(name), total: 0, correct: 0, wrong: 0, omitted: 0 };
      rows.set(name, row);
    }
    row.total++;
    if (question.isCorrect) row.correct++;
    else if (question.selected === null) row.omitted++;
    else row.wrong++;
  }
  return [...rows.values()];
}

/** The spec's `progress`: the questions as the client state holds them, graded, serialised. */
export interface ProgressQuestion {
  id: string;
  version: number;
  answered: boolean;
  correct: boolean;
  answers: { id: AlternativeId; selected: boolean; correct: boolean }[];
}

export function serializeProgress(questions: readonly GradedQuestion[]): string {
  const progress: ProgressQuestion[] = questions.map((q) => ({
    id: q.id,
    version: q.version,
    answered: q.selected !== null,
    correct: q.isCorrect,
    answers: q.alternatives.map((id) => ({ id, selected: id === q.selected, correct: id === q.key })),
  }));
  return JSON.stringify(progress);
}

// ── Estimated score ─────────────────────────────────────────────────────────────────────────

export type ScaleTable = Pick<ScoreScale, 'questionCount' | 'table' | 'scale'>;

/**
 * The estimated score of `correct` answers out of `delivered` questions. A full form reads the
 * table; a shorter one (the bank could not fill the test) is read at the same share of the
 * test's count, interpolating between the two neighbouring entries.
 */
export function estimateScore(scale: ScaleTable, correct: number, delivered: number): number {
  if (delivered <= 0) return scale.scale.min;
  const clamped = Math.min(Math.max(correct, 0), delivered);
  const equivalent = (clamped * scale.questionCount) / delivered;
  const below = Math.floor(equivalent);
  const low = scale.table[below] ?? scale.scale.max;
  const high = scale.table[Math.min(below + 1, scale.questionCount)] ?? scale.scale.max;
  return Math.round(low + (high - low) * (equivalent - below));
}

// ── Averages, maintained on write ───────────────────────────────────────────────────────────

/** One test's line of `GET /api/exam/averages`. */
export interface ExamAverage {
  examType: string;
  count: number;
  averageScore: number | null;
  bestScore: number | null;
  averagePoints: number;
  /** Correct answers of the best-scored attempt. */
  bestPoints: number | null;
  bestAttemptId: string | null;
}

/** Attribute names of one test's counters in the `AVERAGES` item (flat, so `ADD` needs no map). */
export const averageAttributes = (slug: string) => ({
  count: `count_${slug}`,
  sumScore: `sumScore_${slug}`,
  scored: `scored_${slug}`,
  sumPoints: `sumPoints_${slug}`,
  best: `best_${slug}`,
  bestPoints: `bestPoints_${slug}`,
  bestAttempt: `bestAttempt_${slug}`,
});

const PREFIX = 'count_';

/** Reads the `AVERAGES` item into one line per test, in the order given (or by slug). */
export function averagesFromItem(
  item: Record<string, unknown> | null,
  order: readonly string[] = [],
): ExamAverage[] {
  if (!item) return [];
  const num = (value: unknown) => (typeof value === 'number' ? value : 0);
  const slugs = Object.keys(item)
    .filter((k) => k.startsWith(PREFIX))
    .map((k) => k.slice(PREFIX.length));
  const rank = (slug: string) => (order.includes(slug) ? order.indexOf(slug) : order.length);
  slugs.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return slugs.flatMap((slug) => {
    const names = averageAttributes(slug);
    const count = num(item[names.count]);
    if (count <= 0) return [];
    const scored = num(item[names.scored]);
    const best = item[names.best];
    return [
      {
        examType: slug,
        count,
        averageScore: scored > 0 ? Math.round(num(item[names.sumScore]) / scored) : null,
        bestScore: typeof best === 'number' ? best : null,
        averagePoints: Math.round((num(item[names.sumPoints]) / count) * 10) / 10,
        bestPoints: typeof item[names.bestPoints] === 'number' ? (item[names.bestPoints] as number) : null,
        bestAttemptId:
          typeof item[names.bestAttempt] === 'string' ? (item[names.bestAttempt] as string) : null,
      },
    ];
  });
}
