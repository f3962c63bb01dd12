import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppShell } from './AppShell';
import { useAppStore } from './store';

describe('site menu', () => {
  it('opens with its button and closes again after navigating', async () => {
    useAppStore.setState({ auth: { currentUser: { username: 'u' }, isSigned: true, fetchPending: false } });
    const router = createMemoryRouter(
      [{ element: <AppShell />, children: [{ path: '*', element: <p>página</p> }] }],
      { initialEntries: ['/centro-estudio'] },
    );
    render(<RouterProvider router={router} />);
    const toggle = screen.getByRole('button', { name: 'Menú' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Cerrar menú' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Menú principal' }).className).toContain('site-nav--open');
    await act(() => router.navigate('/centro-estudio/ensayos'));
    expect(screen.getByRole('button', { name: 'Menú' }).getAttribute('aria-expanded')).toBe('false');
  });
});
