import { newUserRecord } from '@core/domain/user';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));
const apiMock = vi.hoisted(() => ({
  getExam: vi.fn(),
  submitExam: vi.fn(),
  cancelExam: vi.fn(),
  getUser: vi.fn(),
  getExamProgress: vi.fn(),
}));
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  api: apiMock,
}));

import { ApiError } from '../../api/client';
import { initialExamState, initialState, useAppStore } from '../../app/store';
import { examRoutes } from './routes';
import { ATTEMPT_ID, paper, result } from './testData';

const SLUG = 'paes_competencia_matematica_m1';
const EXAM_PATH = `/centro-estudio/ensayos/${SLUG}/rendir`;
const NOW = Date.UTC(2026, 4, 4, 14, 0, 0);

function renderExam() {
  const router = createMemoryRouter(examRoutes, { initialEntries: [EXAM_PATH] });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

const heading = () => screen.getByRole('heading', { level: 2, name: /^Pregunta \d+ de \d+$/ });
const timer = () => screen.getByRole('timer');
const mapButton = (n: number) =>
  within(screen.getByRole('navigation', { name: 'Mapa de preguntas' })).getByRole('button', {
    name: new RegExp(`^Pregunta ${n},`),
  });

beforeEach(() => {
  vi.clearAllMocks();
  // Only the clock and the countdown's interval are fake: promises and Testing Library's polling stay real.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
  useAppStore.setState({
    ...initialState(),
    auth: { currentUser: { username: 'camila' }, isSigned: true, fetchPending: false },
  });
  apiMock.getUser.mockResolvedValue({ ...newUserRecord(), exams_available: 0 });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the exam screen', () => {
  it('counts down from the server’s deadline, speaks politely at milestones, and submits by itself at zero', async () => {
    apiMock.getExam.mockResolvedValue(paper({ serverNow: NOW, deadlineIn: 61_000 }));
    apiMock.submitExam.mockResolvedValue({ data: [result()] });
    const { router } = renderExam();
    await screen.findByRole('timer');
    expect(timer().textContent).toBe('1:01');
    const spoken = await screen.findByText(/^Quedan/);
    expect(spoken.getAttribute('aria-live')).toBe('polite');
    expect(spoken.textContent).toBe('Quedan 2 minutos.');
    expect(timer().getAttribute('aria-live')).toBeNull(); // role=timer: silent by default

    act(() => vi.advanceTimersByTime(1000));
    expect(timer().textContent).toBe('1:00');
    expect(spoken.textContent).toBe('Quedan 1 minuto.');
    act(() => vi.advanceTimersByTime(30_000));
    expect(timer().textContent).toBe('0:30');
    expect(apiMock.submitExam).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(30_000));
    await waitFor(() => expect(apiMock.submitExam).toHaveBeenCalledTimes(1));
    expect(apiMock.submitExam.mock.calls[0]?.[0]).toMatchObject({
      attemptId: ATTEMPT_ID,
      examType: SLUG,
      points: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/centro-estudio/ensayo/completo'));
    expect(router.state.location.search).toBe(`?intento=${ATTEMPT_ID}`);
    await screen.findByText('612');
    // More ticks never submit twice.
    act(() => vi.advanceTimersByTime(5000));
    expect(apiMock.submitExam).toHaveBeenCalledTimes(1);
  });

  it('re-renders the question only when it changes, not with every second of the clock', async () => {
    apiMock.getExam.mockResolvedValue(paper({ serverNow: NOW }));
    renderExam();
    await screen.findByRole('timer');
    const stem = screen
      .getByText(/Enunciado de la pregunta 1/)
      .closest('.exam-question__stem') as HTMLElement;
    const before = stem.innerHTML;
    const marker = stem.firstElementChild as HTMLElement;
    act(() => vi.advanceTimersByTime(5000));
    expect(stem.firstElementChild).toBe(marker);
    expect(stem.innerHTML).toBe(before);
  });

  it('moves with next and previous clamped at the bounds, jumps from the map, answers, clears and flags', async () => {
    apiMock.getExam.mockResolvedValue(paper({ serverNow: NOW }));
    renderExam();
    await screen.findByRole('timer');
    expect(heading().textContent).toBe('Pregunta 1 de 4');
    expect((screen.getByRole('button', { name: /Anterior/ }) as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 5; i++) {
      const next = screen.getByRole('button', { name: /Siguiente/ }) as HTMLButtonElement;
      if (!next.disabled) fireEvent.click(next);
    }
    expect(heading().textContent).toBe('Pregunta 4 de 4');
    expect((screen.getByRole('button', { name: /Siguiente/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(heading());

    fireEvent.click(mapButton(2));
    expect(heading().textContent).toBe('Pregunta 2 de 4');
    expect(mapButton(2).getAttribute('aria-current')).toBe('step');

    const group = screen.getByRole('group', { name: /Alternativas: Pregunta 2 de 4/ });
    fireEvent.click(within(group).getByRole('radio', { name: /^B\)/ }));
    expect((within(group).getByRole('radio', { name: /^B\)/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: /^D\)/ }));
    expect((within(group).getByRole('radio', { name: /^B\)/ }) as HTMLInputElement).checked).toBe(false);
    screen.getByText('1 de 4 respondidas');
    expect(mapButton(2).getAttribute('aria-label')).toBe('Pregunta 2, respondida, actual');

    const flag = screen.getByRole('button', { name: /Marcar para revisar/ });
    fireEvent.click(flag);
    expect(screen.getByRole('button', { name: /Marcada para revisar/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(mapButton(2).getAttribute('aria-label')).toBe('Pregunta 2, respondida, marcada, actual');
    screen.getByText(/1 marcada/);

    fireEvent.click(screen.getByRole('button', { name: 'Borrar respuesta' }));
    screen.getByText(/0 de 4 respondidas/);
  });

  it('resumes after a reload with the same questions, answers, position and remaining time', async () => {
    const served = paper({ serverNow: NOW, deadlineIn: 100 * 60_000 });
    apiMock.getExam.mockResolvedValue(served);
    const first = renderExam();
    await screen.findByRole('timer');
    fireEvent.click(screen.getByRole('radio', { name: /^C\)/ }));
    fireEvent.click(mapButton(2));
    fireEvent.click(screen.getByRole('button', { name: /Marcar para revisar/ }));
    fireEvent.click(mapButton(3));
    expect(timer().textContent).toBe('1:40:00');
    first.unmount();

    // The tab is closed: the store is gone, the browser kept the answers; 5 minutes go by.
    useAppStore.setState({ exam: initialExamState() });
    vi.setSystemTime(NOW + 5 * 60_000);
    apiMock.getExam.mockResolvedValue({
      ...served,
      attempt: { ...served.attempt, serverNow: new Date(NOW + 5 * 60_000).toISOString() },
    });
    renderExam();
    await screen.findByRole('timer');
    expect(apiMock.getExam).toHaveBeenLastCalledWith(SLUG);
    expect(heading().textContent).toBe('Pregunta 3 de 4');
    expect(timer().textContent).toBe('1:35:00');
    screen.getByText(/1 de 4 respondidas/);
    expect(mapButton(1).getAttribute('aria-label')).toBe('Pregunta 1, respondida');
    expect(mapButton(2).getAttribute('aria-label')).toBe('Pregunta 2, sin responder, marcada');
    fireEvent.click(mapButton(1));
    expect((screen.getByRole('radio', { name: /^C\)/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('says so, with the way back, when there is no running attempt; and offers premium when no exam is left', async () => {
    apiMock.getExam.mockRejectedValueOnce(new ApiError(409, 'x', { code: 'no_running_attempt' }));
    const first = renderExam();
    await screen.findByText('No tienes un ensayo en curso de esta prueba.');
    expect(screen.getByRole('link', { name: 'Comenzar ensayo' }).getAttribute('href')).toBe(
      `/centro-estudio/ensayos/${SLUG}`,
    );
    first.unmount();
    apiMock.getExam.mockRejectedValueOnce(new ApiError(403, 'x', { code: 'no_exams_available' }));
    renderExam();
    await screen.findByText(/No te quedan ensayos disponibles/);
    expect(screen.getByRole('link', { name: 'Ver planes premium' }).getAttribute('href')).toBe(
      '/planes-y-precios',
    );
  });

  it('asks before finishing, counting the unanswered questions, and keeps the answers when sending fails', async () => {
    apiMock.getExam.mockResolvedValue(paper({ serverNow: NOW }));
    apiMock.submitExam.mockRejectedValue(new ApiError(400, 'bad', null));
    renderExam();
    await screen.findByRole('timer');
    fireEvent.click(screen.getByRole('radio', { name: /^A\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Terminar ensayo' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Terminar el ensayo?' });
    within(dialog).getByText(/Te quedan 3 preguntas sin responder/);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Seguir respondiendo' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, terminar' }));
    await screen.findByText(/No pudimos enviar tus respuestas/);
    screen.getByText('1 de 4 respondidas');
    fireEvent.click(screen.getByRole('radio', { name: /^B\)/ })); // still answerable
    expect((screen.getByRole('radio', { name: /^B\)/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('cancels only after a warning that the exam is not given back, and clears everything', async () => {
    apiMock.getExam.mockResolvedValue(paper({ serverNow: NOW }));
    apiMock.cancelExam.mockResolvedValue({ cancelled: true });
    const { router } = renderExam();
    await screen.findByRole('timer');
    fireEvent.click(screen.getByRole('radio', { name: /^A\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar ensayo' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Cancelar el ensayo?' });
    within(dialog).getByText(/el ensayo usado no se devuelve/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/centro-estudio/ensayos'));
    expect(apiMock.cancelExam).toHaveBeenCalledWith(SLUG);
    expect(useAppStore.getState().exam).toEqual(initialExamState());
    expect(Object.keys(localStorage).filter((k) => k.startsWith('preu-paes-exam'))).toEqual([]);
  });
});
