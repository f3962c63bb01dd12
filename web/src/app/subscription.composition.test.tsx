/** The app's composition of the subscription feature: the plan panel sits on the auth feature's account page. */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, it, vi } from 'vitest';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));
const apiMock = vi.hoisted(() => ({ getUser: vi.fn() }));
vi.mock('../api/client', async (original) => ({
  ...(await original<typeof import('../api/client')>()),
  api: apiMock,
}));

import { newUserRecord } from '@core/domain/user';
import { appRoutes } from './router';
import { initialState, useAppStore } from './store';

beforeEach(() => {
  vi.clearAllMocks();
  window.scrollTo = vi.fn() as never;
  useAppStore.setState({
    ...initialState(),
    auth: { currentUser: { username: 'u-1' }, isSigned: true, fetchPending: false },
  });
  apiMock.getUser.mockResolvedValue(newUserRecord());
});

describe('subscription in the app', () => {
  it('shows the plan panel on the account page', async () => {
    render(
      <RouterProvider
        router={createMemoryRouter(appRoutes, { initialEntries: ['/centro-estudio/cuenta'] })}
      />,
    );
    // The account page and its sections are downloaded on demand (app/lazyPage.tsx).
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
    await screen.findByRole('heading', { level: 2, name: 'Mi plan' });
    await screen.findByText('Plan gratuito');
  });
});
