import { createBrowserRouter, type RouteObject } from 'react-router';
import { createAuthRoutes } from '../features/auth/routes';
import { SignUpForm } from '../features/auth/SignUpForm';
import { finishRegistration } from '../features/auth/service';
import { examRoutes } from '../features/exam/routes';
import { onboardingRoutes } from '../features/onboarding/routes';
import { NotFoundPage } from '../features/public/NotFoundPage';
import { publicRoutes } from '../features/public/routes';
import { studyCenterRoutes } from '../features/study-center/routes';
import { subscriptionRoutes } from '../features/subscription/routes';
import { tutoringRoutes } from '../features/tutoring/routes';
import { es } from '../i18n/es';
import { AppShell } from './AppShell';
import { lazyPage } from './lazyPage';
import type { RouteHandle } from './pageMeta';

/** Sections of the account page that other features own; downloaded with that signed-in page. */
const OnboardingSummary = lazyPage(() =>
  import('../features/onboarding/OnboardingSummary').then((m) => m.OnboardingSummary),
);
const SubscriptionPanel = lazyPage(() =>
  import('../features/subscription/SubscriptionPanel').then((m) => m.SubscriptionPanel),
);

/** The routes of the app, composed from the features. A route is added when its screen exists. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      ...publicRoutes({ signUpForm: (submitLabel) => <SignUpForm submitLabel={submitLabel} /> }),
      ...createAuthRoutes({
        accountSections: (
          <>
            <OnboardingSummary />
            <SubscriptionPanel />
          </>
        ),
      }),
      ...onboardingRoutes({ onRegistered: finishRegistration }),
      ...subscriptionRoutes,
      ...studyCenterRoutes,
      ...examRoutes,
      ...tutoringRoutes,
      {
        path: '*',
        element: <NotFoundPage />,
        handle: { meta: { title: es.notFound.title, noindex: true } } satisfies RouteHandle,
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
