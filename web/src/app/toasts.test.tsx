import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts, toast, useToasts } from './toasts';

afterEach(() => {
  vi.useRealTimers();
  useToasts.setState({ toasts: [] });
});

describe('toasts', () => {
  it('closes a toast by itself after 5 seconds', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => {
      toast.success('Tus datos han sido actualizados');
    });
    expect(screen.getByRole('status')).toHaveProperty('textContent', expect.stringContaining('Tus datos'));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces errors assertively and can be closed by the student', async () => {
    render(<Toasts />);
    act(() => {
      toast.error('Nombre de usuario o contraseña incorrectos.');
    });
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('aria-live')).toBe('assertive');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
