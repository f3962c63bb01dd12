import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AfterSessionCheck, RequireSignedIn } from '../../app/guards';
import { lazyPage } from '../../app/lazyPage';
import { SignInPage } from './SignInPage';

/**
 * Downloaded when shown: the account page (signed in), and the account flows other than signing in
 * (they wait for the session check anyway). The sign-in page stays in the first load.
 */
const AccountPage = lazyPage(() => import('./AccountPage').then((m) => m.AccountPage));
const SignUpPage = lazyPage(() => import('./SignUpPage').then((m) => m.SignUpPage));
const VerifyPage = lazyPage(() => import('./VerifyPage').then((m) => m.VerifyPage));
const RecoveryRequestPage = lazyPage(() => import('./RecoveryPages').then((m) => m.RecoveryRequestPage));
const RecoveryCodePage = lazyPage(() => import('./RecoveryPages').then((m) => m.RecoveryCodePage));

/**
 * The account screens. Page names the spec leaves open are listed in the README.
 * `accountSections` are sections of other features shown on the account page (composed by the app).
 */
export const createAuthRoutes = ({
  accountSections,
}: {
  accountSections?: ReactNode;
} = {}): RouteObject[] => [
  {
    path: '/registro',
    element: (
      <AfterSessionCheck>
        <SignUpPage />
      </AfterSessionCheck>
    ),
  },
  {
    path: '/registro/verificacion',
    element: (
      <AfterSessionCheck>
        <VerifyPage />
      </AfterSessionCheck>
    ),
  },
  {
    path: '/inicio-sesion',
    element: (
      <AfterSessionCheck>
        <SignInPage />
      </AfterSessionCheck>
    ),
  },
  {
    path: '/inicio-sesion/recuperacion',
    element: (
      <AfterSessionCheck>
        <RecoveryRequestPage />
      </AfterSessionCheck>
    ),
  },
  {
    path: '/inicio-sesion/recuperacion/codigo',
    element: (
      <AfterSessionCheck>
        <RecoveryCodePage />
      </AfterSessionCheck>
    ),
  },
  {
    path: '/centro-estudio/cuenta',
    element: (
      <RequireSignedIn>
        <AccountPage extraSections={accountSections} />
      </RequireSignedIn>
    ),
  },
];
