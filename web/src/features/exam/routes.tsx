import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RequireSignedIn } from '../../app/guards';
import { lazyPage } from '../../app/lazyPage';
import type { RouteHandle } from '../../app/pageMeta';
import { examText } from '../../i18n/exam';

/** Each screen downloaded when first shown: the exam and the review bring KaTeX, the history its chart. */
const ExamListPage = lazyPage(() => import('./ExamListPage').then((m) => m.ExamListPage));
const ExamHistoryPage = lazyPage(() => import('./ExamHistoryPage').then((m) => m.ExamHistoryPage));
const ExamReviewPage = lazyPage(() => import('./ExamReviewPage').then((m) => m.ExamReviewPage));
const ExamIntroPage = lazyPage(() => import('./ExamIntroPage').then((m) => m.ExamIntroPage));
const ExamPage = lazyPage(() => import('./ExamPage').then((m) => m.ExamPage));
const ExamResultPage = lazyPage(() => import('./ExamResultPage').then((m) => m.ExamResultPage));

const page = (path: string, title: string, element: ReactNode): RouteObject => ({
  path,
  element: <RequireSignedIn>{element}</RequireSignedIn>,
  handle: { meta: { title } } satisfies RouteHandle,
});

/** The practice exams, inside the study centre (signed-in students only). */
export const examRoutes: RouteObject[] = [
  page('/centro-estudio/ensayos', examText.meta.list, <ExamListPage />),
  page('/centro-estudio/ensayos/historial', examText.meta.history, <ExamHistoryPage />),
  page('/centro-estudio/ensayos/revision/:attemptId', examText.meta.review, <ExamReviewPage />),
  page('/centro-estudio/ensayos/:slug', examText.meta.intro, <ExamIntroPage />),
  page('/centro-estudio/ensayos/:slug/rendir', examText.meta.take, <ExamPage />),
  // The spec's result screen after finishing an exam.
  page('/centro-estudio/ensayo/completo', examText.meta.result, <ExamResultPage />),
];
