import type { UserRecord } from '@core/api/user';
import type { SubjectSummary } from '@core/domain/contentViews';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { initialState, signedOutExtraData, useAppStore } from '../../app/store';
import { DETAIL_NAVIGATION_DELAY_MS } from './model';
import { studyCenterRoutes } from './routes';
import { resetProgressSync } from './service';
import { progressFixture, subjectFixture } from './testData';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const summary = (id: string, title: string, tests: string[]): SubjectSummary => ({
  _id: id,
  id,
  title,
  description: `Descripción de ${title}.`,
  icon: `images/subjects/${id}.svg`,
  courses: ['paes'],
  tests,
  order: 1,
  lessonCount: 5,
});

const subjects = [
  summary('algebra', 'Álgebra', ['paes_competencia_matematica_m1']),
  summary('historia', 'Historia', ['paes_historia_ciencias_sociales']),
];

const record = (extra: Partial<UserRecord> = {}): UserRecord => ({
  ...signedOutExtraData(),
  exams_available: 1,
  tutorials_available: 1,
  progress: progressFixture(
    [
      [1, 1],
      [1, 2],
    ],
    2,
  ),
  ...extra,
});

function renderHome() {
  const router = createMemoryRouter(
    [
      ...studyCenterRoutes.map((route) => ({
        ...route,
        element: (
          <>
            {route.element}
            <Where />
          </>
        ),
      })),
      { path: '/registro/completo', element: <Where /> },
    ],
    { initialEntries: ['/centro-estudio'] },
  );
  return render(<RouterProvider router={router} />);
}

function signIn(onboarding: ReturnType<typeof initialState>['onboarding'], isPremium = false) {
  useAppStore.setState({
    ...initialState(),
    auth: { currentUser: { username: 'camila', userId: 'sub-1' }, isSigned: true, fetchPending: false },
    user: {
      ...initialState().user,
      userInfo: { attributes: { given_name: 'Camila', email: 'c@ejemplo.cl' } },
    },
    subscription: { isPremium, customer: null, subscription: null, examsAvailable: 1, tutorialAvailable: 1 },
    onboarding,
  });
}

beforeEach(() => {
  resetProgressSync();
  vi.spyOn(api, 'listSubjects').mockResolvedValue(subjects);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('study centre home', () => {
  it('shows the student’s tests, the days left, counters, the upgrade call and a card per subject', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T15:00:00Z'), shouldAdvanceTime: true });
    signIn({
      course: 'paes',
      profile: 'emch-cientifico-humanista',
      selectedTests: ['paes_competencia_matematica_m1', 'paes_competencia_lectora'],
      date: 'invierno-2027',
      targetPoints: 750,
    });
    vi.spyOn(api, 'getUser').mockResolvedValue(record({ last_lesson: 'algebra/l1/l1-s2' }));
    vi.spyOn(api, 'getSubject').mockResolvedValue([subjectFixture()]);
    renderHome();

    await screen.findByRole('heading', { level: 1, name: 'Hola, Camila' });
    screen.getByText('Competencia Matemática 1 (M1)');
    screen.getByText('Meta: 750 puntos');
    screen.getByText(/^Faltan \d+ días$/);
    screen.getByText(/Rendición: Invierno 2027/);
    expect(screen.getByRole('link', { name: 'Ver planes y precios' }).getAttribute('href')).toBe(
      '/planes-y-precios',
    );
    await screen.findByText('Te quedan 2 lecciones gratis por empezar.');

    const cards = await screen.findAllByRole('listitem');
    const algebra = cards.find((card) => within(card).queryByRole('heading', { name: 'Álgebra' }));
    expect(algebra).toBeTruthy();
    within(algebra as HTMLElement).getByText('Para tus pruebas');
    const bar = within(algebra as HTMLElement).getByRole('progressbar', { name: 'Avance en Álgebra' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0'); // the fixture's server percent

    // The last lesson to resume, with its title from the subject's details.
    await screen.findByText('Lección 1');
    expect(screen.getByRole('link', { name: 'Continuar' }).getAttribute('href')).toBe(
      '/centro-estudio/asignaturas/algebra?leccion=l1&submodulo=l1-s2',
    );

    // "Ver detalle": the loading overlay for about a second, then the subject.
    act(() => screen.getByRole('button', { name: 'Ver detalle de Historia' }).click());
    expect(useAppStore.getState().root.loading).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/centro-estudio');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DETAIL_NAVIGATION_DELAY_MS);
    });
    expect(useAppStore.getState().root.loading).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/centro-estudio/asignaturas/historia');
  });

  it('sends a student without onboarding to complete it, and shows premium as such', async () => {
    signIn({}, true);
    vi.spyOn(api, 'getUser').mockResolvedValue(record({ is_premium: true }));
    renderHome();
    await screen.findByRole('link', { name: 'Completar mi registro' });
    expect(screen.getByRole('link', { name: 'Completar mi registro' }).getAttribute('href')).toBe(
      '/registro/completo',
    );
    screen.getByText('Premium');
    expect(screen.queryByRole('link', { name: 'Ver planes y precios' })).toBeNull();
    await screen.findByText('Sin límite');
  });

  it('shows an error with a retry when the subjects cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn({ course: 'paes' });
    vi.spyOn(api, 'getUser').mockResolvedValue(record());
    vi.mocked(api.listSubjects).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderHome();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos cargar las asignaturas.');
    act(() => within(alert).getByRole('button', { name: 'Reintentar' }).click());
    await screen.findByRole('heading', { name: 'Álgebra' });
  });
});
