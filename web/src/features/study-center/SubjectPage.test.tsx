import type { UserRecord } from '@core/api/user';
import type { CourseProgress } from '@core/domain/lessonProgress';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { initialState, signedOutExtraData, useAppStore } from '../../app/store';
import { studyCenterRoutes } from './routes';
import { resetProgressSync } from './service';
import { progressFixture, subjectFixture } from './testData';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
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
      { path: '/planes-y-precios', element: <p>Planes</p> },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

const record = (progress: CourseProgress, isPremium = false): UserRecord => ({
  ...signedOutExtraData(),
  is_premium: isPremium,
  progress,
});

/** Lesson 1 of algebra half done; the free allowance spent on two physics lessons. */
const spentElsewhere: CourseProgress = {
  maxLessonsAvailable: 0,
  subjects: [
    ...progressFixture(
      [
        [1, 1],
        [1, 2],
      ],
      0,
    ).subjects,
    ...progressFixture(
      [
        [1, 1],
        [2, 1],
      ],
      0,
      'fisica',
    ).subjects,
  ],
};

beforeEach(() => {
  resetProgressSync();
  useAppStore.setState({
    ...initialState(),
    auth: { currentUser: { username: 'camila', userId: 'sub-1' }, isSigned: true, fetchPending: false },
    onboarding: { course: 'paes' },
  });
  vi.spyOn(api, 'saveLastLesson').mockResolvedValue(record(progressFixture([], 3)));
});
afterEach(() => vi.restoreAllMocks());

async function answerAll(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Ir a la trivia' }));
  for (;;) {
    const group = screen.getByRole('radiogroup');
    const key = within(group)
      .getAllByRole('radio')
      .find((_, i) => i === 1);
    await user.click(key as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Confirmar respuesta' }));
    const next = screen.queryByRole('button', { name: 'Siguiente pregunta' });
    if (!next) break;
    await user.click(next);
  }
  await user.click(screen.getByRole('button', { name: 'Ver resumen' }));
}

describe('subject detail and submodule player', () => {
  it('completes a submodule, saves it, and explains why a free student with no lessons left is blocked', async () => {
    const user = userEvent.setup();
    vi.spyOn(api, 'getUser').mockResolvedValue(record(spentElsewhere));
    vi.spyOn(api, 'getSubject').mockResolvedValue([subjectFixture({ locked: [2, 3, 4, 5] })]);
    const save = vi.spyOn(api, 'saveProgress').mockImplementation(async (progress) => record(progress));
    renderAt('/centro-estudio/asignaturas/algebra?leccion=l1&submodulo=l1-s3');

    await screen.findByRole('heading', { level: 1, name: 'Submódulo 1.3' });
    screen.getByText('Texto de estudio 1.3');
    expect(api.saveLastLesson).toHaveBeenCalledWith('algebra/l1/l1-s3');

    await answerAll(user);
    screen.getByText('Respondiste bien 1 de 2 preguntas.');
    expect(save).toHaveBeenCalledTimes(1);
    const sent = save.mock.calls[0]?.[0];
    expect(sent?.subjects.find((s) => s.id === 'algebra')?.lessons[0]).toMatchObject({
      id: 'l1',
      complete: true,
      submodules: [1, 2, 3].map((s) => ({ id: `l1-s${s}`, complete: true })),
    });
    expect(sent?.maxLessonsAvailable).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Siguiente submódulo' }));
    const panel = screen.getByRole('region', { name: 'Llegaste al límite del plan gratis' });
    within(panel).getByText(/Ya empezaste tus 3 lecciones gratis/);
    expect(within(panel).getByRole('link', { name: 'Ver planes Premium' }).getAttribute('href')).toBe(
      '/planes-y-precios',
    );
    expect(screen.getByTestId('where').textContent).toBe(
      '/centro-estudio/asignaturas/algebra?leccion=l1&submodulo=l1-s3',
    );
  });

  it('lets a premium student advance to the next lesson, in the address too', async () => {
    const user = userEvent.setup();
    vi.spyOn(api, 'getUser').mockResolvedValue(record(progressFixture([], 0), true));
    vi.spyOn(api, 'getSubject').mockResolvedValue([subjectFixture()]);
    vi.spyOn(api, 'saveProgress').mockImplementation(async (progress) => record(progress, true));
    renderAt('/centro-estudio/asignaturas/algebra?leccion=l1&submodulo=l1-s3');
    await screen.findByRole('heading', { level: 1, name: 'Submódulo 1.3' });
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Siguiente submódulo' }));
    await screen.findByRole('heading', { level: 1, name: 'Submódulo 2.1' });
    expect(screen.getByTestId('where').textContent).toBe(
      '/centro-estudio/asignaturas/algebra?leccion=l2&submodulo=l2-s1',
    );
    expect(useAppStore.getState().course.progress.maxLessonsAvailable).toBe(0);
  });

  it('lists lessons with their state, the free allowance and the current submodule', async () => {
    const user = userEvent.setup();
    vi.spyOn(api, 'getUser').mockResolvedValue(
      record(
        progressFixture(
          [
            [1, 1],
            [1, 2],
            [1, 3],
            [2, 1],
          ],
          1,
        ),
      ),
    );
    vi.spyOn(api, 'getSubject').mockResolvedValue([subjectFixture({ locked: [4, 5] })]);
    renderAt('/centro-estudio/asignaturas/algebra');

    await screen.findByRole('heading', { level: 1, name: 'Álgebra' });
    screen.getByText(/puedes empezar 1 lección más/);
    const lessons = screen.getAllByRole('listitem').filter((li) => li.classList.contains('sc-lesson'));
    expect(lessons.map((li) => li.querySelector('.sc-badge')?.textContent)).toEqual([
      'Completa',
      'En curso',
      'Disponible',
      'Premium',
      'Premium',
    ]);
    expect(within(lessons[3] as HTMLElement).queryByRole('button')).toBeNull();
    within(lessons[3] as HTMLElement).getByText(/Disponible con Premium/);
    const current = document.querySelector('[aria-current="step"]');
    expect(current?.textContent).toContain('Submódulo 2.2');

    await user.click(screen.getByRole('button', { name: 'Continuar donde quedaste' }));
    await screen.findByRole('heading', { level: 1, name: 'Submódulo 2.2' });
    await user.click(screen.getByRole('button', { name: '← Volver a la asignatura' }));
    expect(screen.getByTestId('where').textContent).toBe('/centro-estudio/asignaturas/algebra');
  });

  it('says when the subject does not exist, and offers a retry when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(api, 'getUser').mockResolvedValue(record(progressFixture([], 3)));
    const getSubject = vi.spyOn(api, 'getSubject').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    getSubject.mockResolvedValueOnce([subjectFixture()]);
    const user = userEvent.setup();
    renderAt('/centro-estudio/asignaturas/algebra');
    await screen.findByText('No pudimos cargar la asignatura.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('heading', { level: 1, name: 'Álgebra' });
  });
});
