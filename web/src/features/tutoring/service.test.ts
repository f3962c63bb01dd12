import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));
const apiMock = vi.hoisted(() => ({
  getTutoring: vi.fn(),
  requestTutoring: vi.fn(),
  cancelTutoring: vi.fn(),
}));
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  api: apiMock,
}));

import { ApiError } from '../../api/client';
import { initialState, useAppStore } from '../../app/store';
import { useToasts } from '../../app/toasts';
import { cancelTutoring, loadTutoring, page, requestTutoring } from './service';

const toastMessages = () => useToasts.getState().toasts.map((t) => `${t.kind}:${t.message}`);
const tutorial = {
  id: '01JY0000000000000000000000',
  state: 'solicitada' as const,
  scheduleOptions: { A: { date: '2025-07-07', start: '15:00', end: '17:00' } },
  doubts: 'Fracciones',
  createdAt: '2025-07-01T12:00:00.000Z',
  scheduledAt: null,
  cancelledAt: null,
  cancellable: true,
};
const body = { scheduleOptions: tutorial.scheduleOptions, doubts: 'Fracciones' };

let reload: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  useAppStore.setState(initialState());
  useToasts.setState({ toasts: [] });
  reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('tutoring flows', () => {
  it('loads the requests and allowance into the tutoring area (and the subscription count)', async () => {
    apiMock.getTutoring.mockResolvedValue({
      tutorials: [tutorial],
      tutorials_available: 0,
      end_date: '2025-08-01T04:00:00.000Z',
    });
    await expect(loadTutoring()).resolves.toBe(true);
    const state = useAppStore.getState();
    expect(state.tutoring).toEqual({
      tutoringList: [tutorial],
      end_date: '2025-08-01T04:00:00.000Z',
      tutorialAvailable: 0,
    });
    expect(state.subscription.tutorialAvailable).toBe(0);
  });

  it('only logs a failed load (spec section 8)', async () => {
    apiMock.getTutoring.mockRejectedValue(new ApiError(500, 'x', null));
    await expect(loadTutoring()).resolves.toBe(false);
    expect(toastMessages()).toEqual([]);
    expect(console.error).toHaveBeenCalled();
  });

  it('reloads the page after a request, 1 s later', async () => {
    apiMock.requestTutoring.mockResolvedValue({ tutorial, tutorials_available: 0, end_date: 'x' });
    await expect(requestTutoring(body)).resolves.toBe(true);
    expect(apiMock.requestTutoring).toHaveBeenCalledWith(body);
    expect(toastMessages()[0]).toMatch(/^success:/);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the spec message when a request fails, and does not reload', async () => {
    apiMock.requestTutoring.mockRejectedValue(new ApiError(409, 'No tienes horas', null));
    await expect(requestTutoring(body)).resolves.toBe(false);
    expect(toastMessages()).toEqual(['error:Ups, algo salió mal o no tienes tutorías disponibles.']);
    vi.advanceTimersByTime(5000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('cancels and reloads; a failed cancel shows the spec message', async () => {
    apiMock.cancelTutoring.mockResolvedValue({ tutorial, tutorials_available: 1, end_date: 'x' });
    await expect(cancelTutoring(tutorial.id)).resolves.toBe(true);
    expect(apiMock.cancelTutoring).toHaveBeenCalledWith(tutorial.id);
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledTimes(1);

    apiMock.cancelTutoring.mockRejectedValue(new ApiError(404, 'x', null));
    useToasts.setState({ toasts: [] });
    await expect(cancelTutoring(tutorial.id)).resolves.toBe(false);
    expect(toastMessages()).toEqual([
      'error:Ocurrió un error al intentar cancelar la tutoría, intenta más tarde por favor.',
    ]);
  });
});
