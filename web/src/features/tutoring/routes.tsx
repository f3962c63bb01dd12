import type { RouteObject } from 'react-router';
import { RequireSignedIn } from '../../app/guards';
import { TutoringPage } from './TutoringPage';

/** The tutoring screen, inside the study centre (signed-in students only). */
export const tutoringRoutes: RouteObject[] = [
  {
    path: '/centro-estudio/tutorias',
    element: (
      <RequireSignedIn>
        <TutoringPage />
      </RequireSignedIn>
    ),
  },
];
