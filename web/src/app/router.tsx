import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../features/public/NotFoundPage';
import { AppShell } from './AppShell';

/** The routes of the app. A route is added here when its screen exists. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [{ path: '*', element: <NotFoundPage /> }],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
