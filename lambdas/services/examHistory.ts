/**
 * What a student reads of their practice exams: the tests they may take, the history of submitted
 * attempts, one attempt's review (keys and explanations) and the averages kept on write.
 */
import type {
  ExamCatalogue,
  ExamHistory,
  ExamResult,
  ExamReview,
  ExamSummary,
  HistoryQuery,
  ReviewQuestion,
} from '@core/api/exam';
import type { Course } from '@core/domain/constants';
import { bankQuestionDetail, publicPassage, type TestSummary } from '@core/domain/contentViews';
import { averagesFromItem, type ExamAverage } from '@core/domain/examAttempt';
import { TIME_ORDERED_ID } from '@core/domain/ids';
import { listCourseTests } from '../data/catalogueRepository';
import type { CourseTestItem } from '../data/contentItems';
import {
  type AttemptItem,
  getAttempt,
  getAveragesItem,
  listAttempts,
  listRunningPointers,
} from '../data/examRepository';
import { getProfile } from '../data/userRepository';
import { NotFoundError } from '../lib/errors';
import { attemptPassages, attemptQuestions } from './examQuestions';

const UNKNOWN_ATTEMPT = 'No encontramos ese ensayo.';

export function summaryOf(item: AttemptItem): ExamSummary {
  const submittedAt = item.submittedAt ?? item.deadline;
  const endMs = Math.min(Date.parse(submittedAt), Date.parse(item.deadline));
  return {
    _id: item.attemptId,
    id: item.attemptId,
    examType: item.testSlug,
    testTitle: item.testTitle,
    course: item.course,
    status: 'submitted',
    startTime: item.startedAt,
    endTime: new Date(endMs).toISOString(),
    submittedAt,
    deadline: item.deadline,
    durationMinutes: item.durationMinutes,
    timeUsedSeconds: item.timeUsedSeconds ?? 0,
    points: item.points ?? 0,
    correct: item.correct ?? 0,
    wrong: item.wrong ?? 0,
    omitted: item.omitted ?? 0,
    total: item.total ?? 0,
    requested: item.requested,
    score:
      typeof item.score === 'number'
        ? {
            value: item.score,
            min: item.scaleMin ?? 100,
            max: item.scaleMax ?? 1000,
            scaleVersion: item.scaleVersion ?? 1,
            estimated: true,
          }
        : null,
    byEje: item.byEje ?? [],
    bySubSubject: item.bySubSubject ?? [],
  };
}

export const resultOf = (item: AttemptItem): ExamResult => ({
  ...summaryOf(item),
  progress: item.progress ?? '[]',
});

/** A course's test item as the API shows it (an allow-list: storage fields stay behind). */
function summaryOfTest(item: CourseTestItem): TestSummary {
  return {
    slug: item.slug,
    course: item.course,
    area: item.area,
    title: item.title,
    shortTitle: item.shortTitle,
    color: item.color,
    image: item.image,
    activeImage: item.activeImage,
    ribbonImage: item.ribbonImage,
    durationMinutes: item.durationMinutes,
    display: item.display,
    order: item.order,
    questionCount: item.questionCount,
  };
}

/** The course's displayed tests (default: the onboarding choice), the student's choice, exams left and running attempts. */
export async function examCatalogue(sub: string, course?: Course): Promise<ExamCatalogue> {
  const profile = await getProfile(sub);
  const chosen: Course = course ?? profile?.onboarding?.course ?? 'paes';
  const [tests, pointers] = await Promise.all([listCourseTests(chosen), listRunningPointers(sub)]);
  const displayed = tests.filter((t) => t.display).sort((a, b) => a.order - b.order);
  const slugs = new Set(displayed.map((t) => t.slug));
  const now = Date.now();
  const isPremium = profile?.is_premium === true;
  const catalogue: ExamCatalogue = {
    course: chosen,
    tests: displayed.map(summaryOfTest),
    selectedTests: (profile?.onboarding?.selectedTests ?? []).filter((s) => slugs.has(s)),
    examsAvailable: isPremium ? null : (profile?.exams_available ?? 0),
    isPremium,
    running: pointers
      .filter((p) => p.expiresAt >= now)
      .map((p) => ({ attemptId: p.attemptId, testSlug: p.testSlug, deadline: p.deadline })),
  };
  return catalogue;
}

/** Submitted attempts, newest first; `pagination=true&limit&page` pages them. */
export async function examHistory(sub: string, query: HistoryQuery): Promise<ExamHistory> {
  const submitted = (await listAttempts(sub)).filter((a) => a.status === 'submitted').map(summaryOf);
  if (query.pagination !== 'true') return { data: submitted };
  const start = (query.page - 1) * query.limit;
  return {
    data: submitted.slice(start, start + query.limit),
    pagination: {
      page: query.page,
      limit: query.limit,
      total: submitted.length,
      pages: Math.max(1, Math.ceil(submitted.length / query.limit)),
    },
  };
}

/**
 * One submitted attempt of the student with every question, their choice, the key and the
 * explanation. Another student's id, a running attempt or an unknown id: 404 alike.
 */
export async function examReview(sub: string, attemptId: string): Promise<ExamReview> {
  if (!TIME_ORDERED_ID.test(attemptId)) throw new NotFoundError(UNKNOWN_ATTEMPT);
  const attempt = await getAttempt(sub, attemptId);
  if (attempt?.status !== 'submitted') throw new NotFoundError(UNKNOWN_ATTEMPT);
  const fixed = await attemptQuestions(attempt.attemptId, attempt.questions);
  const questions = fixed.map(({ ref, item }): ReviewQuestion => {
    const detail = bankQuestionDetail(item, null);
    if (detail.kind !== 'bank') throw new Error('a bank question became trivia');
    const selected = attempt.answers?.[ref.id] ?? null;
    return {
      ...detail,
      ...(ref.passageId ? { passageId: ref.passageId } : {}),
      selected,
      isCorrect: selected !== null && selected === detail.correct,
    };
  });
  const { passages } = await attemptPassages(attempt.questions);
  return { ...resultOf(attempt), questions, passages: passages.map(publicPassage) };
}

/** Per test, the average and best score, read from counters kept on write. */
export async function examAverages(sub: string): Promise<ExamAverage[]> {
  return averagesFromItem(await getAveragesItem(sub));
}
