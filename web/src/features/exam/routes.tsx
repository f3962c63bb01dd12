import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RequireSignedIn } from '../../app/guards';
import type { RouteHandle } from '../../app/pageMeta';
import { examText } from '../../i18n/exam';
import { ExamHistoryPage } from './ExamHistoryPage';
import { ExamIntroPage } from './ExamIntroPage';
import { ExamListPage } from './ExamListPage';
import { ExamPage } from './ExamPage';
import { ExamResultPage } from './ExamResultPage';
import { ExamReviewPage } from './ExamReviewPage';

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
