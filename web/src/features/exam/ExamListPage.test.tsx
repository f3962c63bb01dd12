import type { ExamCatalogue } from '@core/api/exam';
import { newUserRecord } from '@core/domain/user';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));
const apiMock = vi.hoisted(() => ({
  listExams: vi.fn(),
  startExam: vi.fn(),
  getUser: vi.fn(),
  getExam: vi.fn(),
  listExamProgress: vi.fn(),
  getExamAverages: vi.fn(),
}));
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  api: apiMock,
}));

import { ApiError } from '../../api/client';
import { initialState, useAppStore } from '../../app/store';
import { examRoutes } from './routes';
import { averages, paper, summary, testLectora, testM1 } from './testData';

const catalogue = (overrides: Partial<ExamCatalogue> = {}): ExamCatalogue => ({
  course: 'paes',
  tests: [testM1, testLectora],
  selectedTests: [testLectora.slug],
  examsAvailable: 1,
  isPremium: false,
  running: [],
  ...overrides,
});

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
    onboarding: { course: 'paes', targetPoints: 600 },
  });
  apiMock.getUser.mockResolvedValue({ ...newUserRecord(), exams_available: 0 });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('choosing a test', () => {
  it('lists the student’s tests first with questions, time and the exams left', async () => {
    apiMock.listExams.mockResolvedValue(
      catalogue({ running: [{ attemptId: 'a', testSlug: testM1.slug, deadline: '' }] }),
    );
    renderAt('/centro-estudio/ensayos');
    await screen.findByText('Te queda 1 ensayo disponible');
    const mine = screen.getByRole('region', { name: 'Tus pruebas' });
    within(mine).getByRole('heading', { name: 'Competencia Lectora' });
    within(mine).getByText('4 preguntas · 2 h 30 min');
    const others = screen.getByRole('region', { name: 'Otras pruebas' });
    within(others).getByText('En curso');
    expect(
      within(others)
        .getByRole('link', { name: /Continuar ensayo: Competencia Matemática 1/ })
        .getAttribute('href'),
    ).toBe(`/centro-estudio/ensayos/${testM1.slug}/rendir`);
  });

  it('says before starting that a cancelled exam is not given back, then starts and opens the exam', async () => {
    apiMock.listExams.mockResolvedValue(catalogue({ examsAvailable: 2 }));
    apiMock.startExam.mockResolvedValue({ ...paper(), resumed: false, examsAvailable: 1 });
    apiMock.getExam.mockResolvedValue(paper());
    const router = renderAt(`/centro-estudio/ensayos/${testM1.slug}`);
    await screen.findByRole('heading', { level: 1, name: testM1.title });
    const note = screen.getByRole('note');
    expect(note.textContent).toContain(
      'Al comenzar se usa 1 de tus 2 ensayos disponibles. Si cancelas el ensayo, no se devuelve.',
    );
    expect(note.textContent).toContain('se enviará solo');
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar ensayo' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/centro-estudio/ensayos/${testM1.slug}/rendir`),
    );
    expect(apiMock.startExam).toHaveBeenCalledTimes(1);
    expect(useAppStore.getState().subscription.examsAvailable).toBe(0); // refreshed from the user record
    await screen.findByRole('timer');
  });

  it('offers premium instead of a start button when no exam is left', async () => {
    apiMock.listExams.mockResolvedValue(catalogue({ examsAvailable: 0 }));
    renderAt(`/centro-estudio/ensayos/${testM1.slug}`);
    await screen.findByRole('link', { name: 'Ver planes premium' });
    expect(screen.queryByRole('button', { name: 'Comenzar ensayo' })).toBeNull();
  });

  it('shows the refusal with the premium offer when the server says no exam is left', async () => {
    apiMock.listExams.mockResolvedValue(catalogue());
    apiMock.startExam.mockRejectedValue(new ApiError(403, 'x', { code: 'no_exams_available' }));
    renderAt(`/centro-estudio/ensayos/${testM1.slug}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar ensayo' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No te quedan ensayos disponibles');
  });
});

describe('the history', () => {
  it('charts each test’s scores over time against the target, with the data as a table and links to review', async () => {
    apiMock.listExamProgress.mockResolvedValue({
      data: [
        summary('01JZ8X0000000000000000000B', '2026-05-10T15:00:00.000Z', 640),
        summary('01JZ8X0000000000000000000C', '2026-05-08T15:00:00.000Z', 520, testLectora.slug),
        summary('01JZ8X0000000000000000000A', '2026-05-01T15:00:00.000Z', 520),
      ],
    });
    apiMock.getExamAverages.mockResolvedValue({ data: averages });
    renderAt('/centro-estudio/ensayos/historial');
    const m1 = await screen.findByRole('region', { name: testM1.title });
    const chart = within(m1).getByRole('img', { name: /Puntajes estimados de Competencia Matemática 1/ });
    expect(chart.querySelectorAll('circle')).toHaveLength(2);
    expect(chart.querySelector('.score-chart__target text')?.textContent).toBe('Meta 600');
    expect(chart.querySelector('desc')?.textContent).toBe('2 ensayos; mejor puntaje 640; meta 600.');
    expect(
      [...m1.querySelectorAll('.exam-facts dt')].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]),
    ).toEqual([
      ['Mejor puntaje', '640 estimado'],
      ['Promedio', '580'],
      ['Ensayos enviados', '2 ensayos'],
    ]);
    const rows = within(within(m1).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['640Mejor', '520']);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: /Revisar el ensayo de Competencia Matemática 1/ })
        .getAttribute('href'),
    ).toBe('/centro-estudio/ensayos/revision/01JZ8X0000000000000000000B');
    screen.getByRole('region', { name: testLectora.title });
  });

  it('says when there is nothing yet', async () => {
    apiMock.listExamProgress.mockResolvedValue({ data: [] });
    apiMock.getExamAverages.mockResolvedValue({ data: [] });
    renderAt('/centro-estudio/ensayos/historial');
    await screen.findByText('Todavía no has enviado ningún ensayo.');
  });
});
