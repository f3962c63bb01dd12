import type { RouteObject } from 'react-router';
import { AfterSessionCheck, RequireSignedIn } from '../../app/guards';
import { AccountPage } from './AccountPage';
import { RecoveryCodePage, RecoveryRequestPage } from './RecoveryPages';
import { SignInPage } from './SignInPage';
import { SignUpPage } from './SignUpPage';
import { VerifyPage } from './VerifyPage';

/** The account screens. Page names the spec leaves open are listed in the README. */
export const authRoutes: RouteObject[] = [
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
        <AccountPage />
      </RequireSignedIn>
    ),
  },
];
