/**
 * The app's composition of the public site and the onboarding: public pages render before the
 * session check, the onboarding needs a session, and saving it ends the registration through
 * the auth feature's action.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  getCurrentUser: vi.fn(),
  fetchUserAttributes: vi.fn(),
}));
const apiMock = vi.hoisted(() => ({
  saveOnboarding: vi.fn(),
  // Screens that refresh the record on mount wait forever: the test sets the store itself.
  getUser: vi.fn(() => new Promise(() => undefined)),
}));
vi.mock('../api/client', async (original) => ({
  ...(await original<typeof import('../api/client')>()),
  api: apiMock,
}));

import { PUBLIC_PATHS } from './publicPages';
import { appRoutes } from './router';
import { initialState, STORAGE_KEY, useAppStore } from './store';

const renderAt = (path: string) => {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  window.scrollTo = vi.fn() as never;
  useAppStore.setState(initialState());
});
afterEach(() => vi.useRealTimers());

describe('public pages', () => {
  it.each([...PUBLIC_PATHS])('%s renders at once, without waiting for the session check', (path) => {
    expect(useAppStore.getState().auth.fetchPending).toBe(true);
    renderAt(path);
    screen.getByRole('heading', { level: 1 });
    expect(screen.queryByText('Página no encontrada')).toBeNull();
    expect(document.title).not.toBe('Página no encontrada | Preu PAES');
    expect(document.head.querySelector('meta[property="og:title"]')).not.toBeNull();
  });

  it('shows the auth feature’s sign-up form on each landing page', () => {
    for (const path of ['/landing/registro', '/landing/registro-ensayo', '/landing/preparate-paes']) {
      const { unmount } = render(
        <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />,
      );
      screen.getByRole('form', { name: 'Crea tu cuenta' });
      screen.getByLabelText(/Contraseña/);
      unmount();
    }
  });

  it('keeps the Spanish 404 for unknown paths', () => {
    renderAt('/no-existe');
    screen.getByRole('heading', { name: 'Página no encontrada' });
  });
});

describe('onboarding in the app', () => {
  it('sends a visitor to sign in first, and back afterwards', () => {
    useAppStore.setState({ auth: { currentUser: null, isSigned: false, fetchPending: false } });
    const router = renderAt('/registro/completo');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/inicio-sesion?redirect=%2Fregistro%2Fcompleto',
    );
  });

  it('ends the registration when the onboarding is saved: pending sign-up cleared, study centre next', async () => {
    const choice = {
      course: 'pdt',
      profile: 'emch-cientifico-humanista',
      selectedTests: ['comprension_lectora'],
      date: 'otra',
      targetPoints: 640,
    };
    apiMock.saveOnboarding.mockResolvedValue({ ...initialState().root.userExtraData, onboarding: choice });
    useAppStore.setState((state) => ({
      auth: { currentUser: { username: 'u-1' }, isSigned: true, fetchPending: false },
      user: {
        ...state.user,
        pendingSignUp: {
          email: 'ana@ejemplo.cl',
          firstname: 'Ana',
          lastname: 'Pérez',
          phone: '+56987654321',
          pathname: '/landing/registro',
        },
        registrationPending: true,
      },
    }));
    const router = renderAt('/registro/completo');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^PDT/ }));
    await user.click(screen.getByRole('radio', { name: 'Científico Humanista' }));
    await user.click(screen.getByRole('checkbox', { name: /Comprensión Lectora/ }));
    await user.click(screen.getByRole('radio', { name: /Otra fecha/ }));
    await user.type(screen.getByRole('textbox', { name: '¿Qué puntaje quieres lograr?' }), '640');
    await user.click(screen.getByRole('button', { name: 'Guardar y continuar' }));

    expect(apiMock.saveOnboarding).toHaveBeenCalledWith(choice);
    expect(router.state.location.pathname).toBe('/centro-estudio');
    const { user: userArea } = useAppStore.getState();
    expect(userArea.pendingSignUp).toBeNull();
    expect(userArea.registrationPending).toBe(false);
    const persisted = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').state;
    expect(persisted.user.pendingSignUp).toBeNull();
    expect(persisted.onboarding).toEqual(choice);
  });

  it('lets the student open the edit from the account page', async () => {
    useAppStore.setState({
      auth: { currentUser: { username: 'u-1' }, isSigned: true, fetchPending: false },
      onboarding: {
        course: 'paes',
        profile: 'emtp-tecnico-profesional',
        selectedTests: ['paes_competencia_matematica_m1', 'paes_competencia_lectora'],
        date: 'otra',
        targetPoints: 720,
      },
    });
    const router = renderAt('/centro-estudio/cuenta');
    await screen.findByText('Técnico Profesional');
    screen.getByText('720 puntos');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Cambiar mi prueba y mi meta' }));
    expect(router.state.location.pathname).toBe('/centro-estudio/cuenta/preparacion');
    await screen.findByRole('heading', { level: 1, name: 'Tu prueba y tu meta' });
  });
});
