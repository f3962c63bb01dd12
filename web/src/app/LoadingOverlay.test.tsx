import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from './LoadingOverlay';
import { useAppStore } from './store';

describe('LoadingOverlay', () => {
  it('shows while the loading flag is set', () => {
    render(<LoadingOverlay />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => useAppStore.getState().setLoading(true));
    screen.getByRole('progressbar', { name: 'Cargando…' });
    act(() => useAppStore.getState().setLoading(false));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
