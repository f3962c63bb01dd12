import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));
const apiMock = vi.hoisted(() => ({ getExamProgress: vi.fn() }));
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  api: apiMock,
}));

import { ApiError } from '../../api/client';
import { initialExamState, initialState, useAppStore } from '../../app/store';
import { examRoutes } from './routes';
import { ATTEMPT_ID, result, review } from './testData';

function renderAt(path: string) {
  const router = createMemoryRouter(examRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.clearAllMocks();
  useAppStore.setState({
    ...initialState(),
    auth: { currentUser: { username: 'camila' }, isSigned: true, fetchPending: false },
    onboarding: { course: 'paes', targetPoints: 700 },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('the result screen', () => {
  it('shows the counts, the time used, the estimated score against the target and the breakdown by eje', async () => {
    useAppStore.setState({ exam: { ...initialExamState(), results: result() } });
    renderAt(`/centro-estudio/ensayo/completo?intento=${ATTEMPT_ID}`);
    // The screen's code is downloaded on demand (app/lazyPage.tsx).
    await screen.findByRole('heading', { level: 1, name: 'Resultado del ensayo' });
    const score = screen.getByRole('heading', { name: /Puntaje estimado/ }).parentElement as HTMLElement;
    within(score).getByText('estimado');
    within(score).getByText('612');
    within(score).getByText('escala 100–1000');
    within(score).getByText(/no es un puntaje oficial del DEMRE/);
    screen.getByText('Te faltan 88 puntos para tu meta.');

    const stats = screen.getByRole('list', { name: 'Resultado del ensayo' });
    const stat = (label: string) =>
      within(stats)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.includes(label))?.textContent;
    expect(stat('Correctas')).toBe('2Correctas');
    expect(stat('Incorrectas')).toBe('1Incorrectas');
    expect(stat('Omitidas')).toBe('1Omitidas');
    expect(stat('Tiempo usado')).toBe('1 h 15 minTiempo usado de 2 h 20 min');

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2 de 2', '0', '0'],
      ['0 de 2', '1', '1'],
    ]);
    within(table).getByRole('rowheader', { name: 'Álgebra y funciones' });
    expect(screen.getByRole('link', { name: 'Revisar respuestas' }).getAttribute('href')).toBe(
      `/centro-estudio/ensayos/revision/${ATTEMPT_ID}`,
    );
    expect(apiMock.getExamProgress).not.toHaveBeenCalled();
  });

  it('says when the score beats the target, and when no target was set', async () => {
    useAppStore.setState({
      exam: {
        ...initialExamState(),
        results: result({ score: { value: 712, min: 100, max: 1000, scaleVersion: 1, estimated: true } }),
      },
    });
    renderAt(`/centro-estudio/ensayo/completo?intento=${ATTEMPT_ID}`);
    await screen.findByText('Superaste tu meta por 12 puntos.');
  });

  it('loads the stored result after a reload (the intento in the address), and says when there is none', async () => {
    useAppStore.setState({ onboarding: {} });
    apiMock.getExamProgress.mockResolvedValueOnce([review()]);
    renderAt(`/centro-estudio/ensayo/completo?intento=${ATTEMPT_ID}`);
    await screen.findByText('612');
    expect(apiMock.getExamProgress).toHaveBeenCalledWith(ATTEMPT_ID);
    screen.getByText('Aún no defines un puntaje meta.');
  });

  it('says when the result does not exist (another student’s id answers 404 too)', async () => {
    apiMock.getExamProgress.mockRejectedValueOnce(new ApiError(404, 'No encontramos ese ensayo.', null));
    renderAt('/centro-estudio/ensayo/completo?intento=01JZ8X00000000000000000ZZZ');
    await screen.findByText('No encontramos ese resultado.');
  });
});

describe('review mode', () => {
  it('shows each question with the student’s answer, the key and the explanation, and walks them', async () => {
    apiMock.getExamProgress.mockResolvedValueOnce([review()]);
    renderAt(`/centro-estudio/ensayos/revision/${ATTEMPT_ID}`);
    const first = await screen.findByRole('article', { name: 'Pregunta 1 de 4' });
    within(first).getByText('Correcta');
    within(first).getByText('Tu respuesta · Respuesta correcta');
    within(first).getByRole('heading', { name: 'Explicación' });

    within(screen.getByRole('navigation', { name: 'Mapa de preguntas' }))
      .getByRole('button', { name: 'Pregunta 3, incorrecta' })
      .click();
    const third = await screen.findByRole('article', { name: 'Pregunta 3 de 4' });
    within(third).getByText('Incorrecta');
    const options = within(third).getAllByRole('listitem');
    expect(options[0]?.textContent).toContain('Tu respuesta');
    expect(options[1]?.textContent).toContain('Respuesta correcta');
    expect(options[0]?.className).toContain('exam-option--wrong');
    expect(options[1]?.className).toContain('exam-option--key');
    // Each distractor says why it is wrong (named for screen readers); the key needs no such note.
    expect(options[0]?.textContent).toContain('Por qué no es correcta: Error típico A.');
    expect(options[2]?.textContent).toContain('Error típico C.');
    expect(options[1]?.textContent).not.toContain('Por qué no es correcta');
  });
});
