import type { RouteObject } from 'react-router';
import { RequireSignedIn } from '../../app/guards';
import type { RouteHandle } from '../../app/pageMeta';
import { studyText } from '../../i18n/study';
import { StudyCenterPage } from './StudyCenterPage';
import { SubjectPage } from './SubjectPage';

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
