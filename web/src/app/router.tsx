import { createBrowserRouter, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { NotFoundPage } from '../features/public/NotFoundPage';
import { AppShell } from './AppShell';

/** The routes of the app, composed from the features. A route is added when its screen exists. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [...authRoutes, { path: '*', element: <NotFoundPage /> }],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
