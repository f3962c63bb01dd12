import type { RouteObject } from 'react-router';
import { RequireSignedIn } from '../../app/guards';
import { lazyPage } from '../../app/lazyPage';

const TutoringPage = lazyPage(() => import('./TutoringPage').then((m) => m.TutoringPage));

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
