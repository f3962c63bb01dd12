import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AfterSessionCheck, RequireSignedIn } from '../../app/guards';
import { AccountPage } from './AccountPage';
import { RecoveryCodePage, RecoveryRequestPage } from './RecoveryPages';
import { SignInPage } from './SignInPage';
import { SignUpPage } from './SignUpPage';
import { VerifyPage } from './VerifyPage';

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

export const authRoutes: RouteObject[] = createAuthRoutes();
