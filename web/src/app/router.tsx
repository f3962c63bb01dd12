import { createBrowserRouter, type RouteObject } from 'react-router';
import { createAuthRoutes } from '../features/auth/routes';
import { SignUpForm } from '../features/auth/SignUpForm';
import { finishRegistration } from '../features/auth/service';
import { examRoutes } from '../features/exam/routes';
import { OnboardingSummary } from '../features/onboarding/OnboardingSummary';
import { onboardingRoutes } from '../features/onboarding/routes';
import { NotFoundPage } from '../features/public/NotFoundPage';
import { publicRoutes } from '../features/public/routes';
import { studyCenterRoutes } from '../features/study-center/routes';
import { subscriptionRoutes } from '../features/subscription/routes';
import { SubscriptionPanel } from '../features/subscription/SubscriptionPanel';
import { tutoringRoutes } from '../features/tutoring/routes';
import { es } from '../i18n/es';
import { AppShell } from './AppShell';
import type { RouteHandle } from './pageMeta';

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
