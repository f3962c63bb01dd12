import type { RouteObject } from 'react-router';
import { RequireSignedIn } from '../../app/guards';
import { lazyPage } from '../../app/lazyPage';
import type { RouteHandle } from '../../app/pageMeta';
import { studyText } from '../../i18n/study';

/** Signed-in pages, each downloaded when first shown (the subject page brings KaTeX). */
const StudyCenterPage = lazyPage(() => import('./StudyCenterPage').then((m) => m.StudyCenterPage));
const SubjectPage = lazyPage(() => import('./SubjectPage').then((m) => m.SubjectPage));

/** The study centre: the signed-in home and a subject's lessons with the submodule player. */
export const studyCenterRoutes: RouteObject[] = [
  {
    path: '/centro-estudio',
    element: (
      <RequireSignedIn>
        <StudyCenterPage />
      </RequireSignedIn>
    ),
    handle: { meta: { title: studyText.home.title } } satisfies RouteHandle,
  },
  {
    path: '/centro-estudio/asignaturas/:subjectId',
    element: (
      <RequireSignedIn>
        <SubjectPage />
      </RequireSignedIn>
    ),
    handle: { meta: { title: studyText.subject.pageTitle } } satisfies RouteHandle,
  },
];
