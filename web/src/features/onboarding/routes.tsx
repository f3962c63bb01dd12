import type { RouteObject } from 'react-router';
import { RequireSignedIn } from '../../app/guards';
import { lazyPage } from '../../app/lazyPage';
import type { RouteHandle } from '../../app/pageMeta';
import { onboardingText } from '../../i18n/onboarding';

const OnboardingPage = lazyPage(() => import('./OnboardingPage').then((m) => m.OnboardingPage));

const meta = (title: string): RouteHandle => ({
  meta: { title, description: onboardingText.meta.description },
});

/**
 * The onboarding after verification (signed-in only: a visitor goes to /inicio-sesion and comes
 * back), and its edit from the account page. `onRegistered` ends the registration.
 */
export function onboardingRoutes({ onRegistered }: { onRegistered: () => void }): RouteObject[] {
  return [
    {
      path: '/registro/completo',
      handle: meta(onboardingText.meta.title),
      element: (
        <RequireSignedIn>
          <OnboardingPage mode="registration" onRegistered={onRegistered} />
        </RequireSignedIn>
      ),
    },
    {
      path: '/centro-estudio/cuenta/preparacion',
      handle: meta(onboardingText.meta.editTitle),
      element: (
        <RequireSignedIn>
          <OnboardingPage mode="edit" />
        </RequireSignedIn>
      ),
    },
  ];
}
