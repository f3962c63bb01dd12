import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AfterSessionCheck, RequireSignedIn } from './guards';
import { initialState, useAppStore } from './store';

function Where() {
  const location = useLocation();
  return <p>en {`${location.pathname}${location.search}`}</p>;
}

const renderAt = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            path: '/centro-estudio/cuenta',
            element: (
              <RequireSignedIn>
                <p>privado</p>
              </RequireSignedIn>
            ),
          },
          {
            path: '/registro',
            element: (
              <AfterSessionCheck>
                <p>formulario</p>
              </AfterSessionCheck>
            ),
          },
          { path: '/inicio-sesion', element: <Where /> },
        ],
        { initialEntries: [path] },
      )}
    />,
  );

beforeEach(() => useAppStore.setState(initialState()));

describe('route rules', () => {
  it('waits for the session check before deciding', () => {
    renderAt('/centro-estudio/cuenta');
    screen.getByRole('status');
    expect(screen.queryByText('privado')).toBeNull();
  });

  it('sends a visitor to /inicio-sesion and remembers where they wanted to go', () => {
    useAppStore.setState({ auth: { currentUser: null, isSigned: false, fetchPending: false } });
    renderAt('/centro-estudio/cuenta');
    screen.getByText('en /inicio-sesion?redirect=%2Fcentro-estudio%2Fcuenta');
  });

  it('shows study-centre pages to a signed-in student', () => {
    useAppStore.setState({ auth: { currentUser: { username: 'u' }, isSigned: true, fetchPending: false } });
    renderAt('/centro-estudio/cuenta');
    screen.getByText('privado');
  });

  it('keeps other pages hidden until the check ends', () => {
    renderAt('/registro');
    expect(screen.queryByText('formulario')).toBeNull();
    useAppStore.getState().finishSessionCheck();
  });
});
