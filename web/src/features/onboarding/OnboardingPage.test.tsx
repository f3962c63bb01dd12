import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const apiMock = vi.hoisted(() => ({ saveOnboarding: vi.fn() }));
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  api: apiMock,
}));

import { onboardingDates } from '@core/domain/onboarding';
import { setAnalyticsSink } from '../../app/analytics';
import { bundledCatalogue } from '../../app/catalogue';
import { initialState, STORAGE_KEY, useAppStore } from '../../app/store';
import { useToasts } from '../../app/toasts';
import { OnboardingPage } from './OnboardingPage';

const TODAY = '2026-11-22';
const FAILURE = 'Ups, algo salió mal al enviar los datos. Intenta de nuevo más tarde';
const upcoming = onboardingDates(
  bundledCatalogue('paes') as NonNullable<ReturnType<typeof bundledCatalogue>>,
  TODAY,
);
const firstSitting = upcoming[0] as (typeof upcoming)[number];

const record = (onboarding: object) => ({
  is_premium: false,
  stripe_customer_id: null,
  stripe_subscription_id: null,
  exams_available: 1,
  tutorials_available: 1,
  hubspot_id: null,
  last_lesson: null,
  progress: { subjects: [], maxLessonsAvailable: 3 },
  onboarding,
  email_verified: true,
});

function renderPage(mode: 'registration' | 'edit', onRegistered = vi.fn()) {
  const path = mode === 'registration' ? '/registro/completo' : '/centro-estudio/cuenta/preparacion';
  const router = createMemoryRouter(
    [
      { path, element: <OnboardingPage mode={mode} onRegistered={onRegistered} /> },
      { path: '/centro-estudio', element: <p>centro de estudio</p> },
      { path: '/centro-estudio/cuenta', element: <p>mi cuenta</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, onRegistered, user: userEvent.setup() };
}

const toasts = () => useToasts.getState().toasts.map((t) => `${t.kind}:${t.message}`);
const testBox = (name: RegExp | string) => screen.getByRole('checkbox', { name });
const events: string[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T15:00:00Z`));
  useAppStore.setState(initialState());
  useToasts.setState({ toasts: [] });
  apiMock.saveOnboarding.mockReset();
  events.length = 0;
  setAnalyticsSink({ pageView: () => undefined, event: (e) => events.push(e.name) });
});

afterEach(() => {
  vi.useRealTimers();
  setAnalyticsSink(null);
});

describe('onboarding choices', () => {
  it('offers the tests of the chosen profile, PAES Lectora and M1 fixed, never M2', async () => {
    const { user } = renderPage('registration');
    expect(screen.getByRole('radio', { name: /^PAES/ })).toHaveProperty('checked', true);
    screen.getByText('Elige tu modalidad para ver las pruebas que puedes preparar.');

    await user.click(screen.getByRole('radio', { name: 'Científico Humanista' }));
    for (const name of ['Competencia Lectora', 'Competencia Matemática 1 (M1)']) {
      expect(testBox(new RegExp(name.replace(/[()]/g, '\\$&')))).toMatchObject({
        checked: true,
        disabled: true,
      });
    }
    expect(screen.getAllByText('Obligatoria')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: /electivo Física/ })).toMatchObject({ checked: false });
    expect(screen.queryByRole('checkbox', { name: /M2/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Ciencias Técnico Profesional/ })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Técnico Profesional' }));
    screen.getByRole('checkbox', { name: /Ciencias Técnico Profesional/ });
    expect(screen.queryByRole('checkbox', { name: /electivo Física/ })).toBeNull();
  });

  it('offers the upcoming sittings with their approximate date, and «Otra»', () => {
    renderPage('registration');
    const dates = within(document.getElementById('onboarding-date') as HTMLElement).getAllByRole('radio');
    expect(dates.map((d) => (d as HTMLInputElement).labels?.[0]?.textContent)).toEqual(
      upcoming.map((d) => expect.stringContaining(d.label)),
    );
    screen.getByRole('radio', { name: /Otra fecha o aún no lo sé/ });
    expect(screen.queryByRole('radio', { name: /Verano 2024/ })).toBeNull();
  });

  it('says what is missing, next to each field, and sends nothing', async () => {
    const { user } = renderPage('registration');
    await user.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
    expect(screen.getByRole('alert').textContent).toBe('Revisa lo marcado antes de continuar.');
    screen.getByText('Elige tu modalidad: Científico Humanista o Técnico Profesional.');
    screen.getByText('Elige cuándo rendirás la prueba, o «Otra fecha o aún no lo sé».');
    screen.getByText('Escribe tu puntaje meta: un número entre 100 y 1000.');
    // The first option of the first field to fix (profiles in catalogue order).
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Técnico Profesional' }));
    expect(apiMock.saveOnboarding).not.toHaveBeenCalled();
  });

  it('keeps target points in the course’s range with a clear message', async () => {
    const { user } = renderPage('registration');
    await user.click(screen.getByRole('radio', { name: 'Científico Humanista' }));
    await user.click(screen.getByRole('radio', { name: /Otra fecha/ }));
    const points = screen.getByRole('textbox', { name: '¿Qué puntaje quieres lograr?' });
    screen.getByText('Un número entero entre 100 y 1000 puntos.');

    await user.type(points, '1200');
    await user.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
    screen.getByText('Para la PAES el puntaje meta va de 100 a 1000 puntos.');
    expect(points.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(points);

    await user.clear(points);
    await user.type(points, '650,5');
    screen.getByText(
      'El puntaje meta debe ser un número entero, sin decimales ni letras (entre 100 y 1000).',
    );

    await user.click(screen.getByRole('radio', { name: /^PDT/ }));
    await user.clear(points);
    await user.type(points, '900');
    screen.getByText('Un número entero entre 0 y 850 puntos.');
    screen.getByText('Para la PDT el puntaje meta va de 0 a 850 puntos.');
    expect(apiMock.saveOnboarding).not.toHaveBeenCalled();
  });
});

describe('saving', () => {
  async function fillPaes(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('radio', { name: 'Científico Humanista' }));
    await user.click(screen.getByRole('checkbox', { name: /electivo Química/ }));
    await user.click(screen.getByRole('radio', { name: new RegExp(firstSitting.label) }));
    await user.type(screen.getByRole('textbox', { name: '¿Qué puntaje quieres lograr?' }), '1.000');
  }

  it('sends the spec payload, ends the registration and opens the study centre', async () => {
    const { user, router, onRegistered } = renderPage('registration');
    const choice = {
      course: 'paes',
      profile: 'emch-cientifico-humanista',
      selectedTests: [
        'paes_competencia_matematica_m1',
        'paes_competencia_lectora',
        'paes_ciencias_electiva_quimica',
      ],
      date: firstSitting.id,
      targetPoints: 1000,
    };
    apiMock.saveOnboarding.mockResolvedValue(record(choice));
    await fillPaes(user);
    await user.click(screen.getByRole('button', { name: 'Guardar y continuar' }));

    expect(apiMock.saveOnboarding).toHaveBeenCalledWith(choice);
    expect(onRegistered).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/centro-estudio');
    expect(useAppStore.getState().onboarding).toEqual(choice);
    expect(useAppStore.getState().root.userExtraData.onboarding).toEqual(choice);
    expect(events).toEqual(['onboarding_complete']);
    // The onboarding area is persisted, beside user and subscription only.
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    expect(Object.keys(saved.state).sort()).toEqual(['onboarding', 'subscription', 'user']);
    expect(saved.state.onboarding).toEqual(choice);
  });

  it('shows the spec’s message when saving fails, and stays', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, router, onRegistered } = renderPage('registration');
    apiMock.saveOnboarding.mockRejectedValue(new Error('500'));
    await fillPaes(user);
    await user.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
    expect(toasts()).toEqual([`error:${FAILURE}`]);
    expect(onRegistered).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/registro/completo');
    expect(screen.getByRole('button', { name: 'Guardar y continuar' })).toHaveProperty('disabled', false);
    expect(useAppStore.getState().onboarding).toEqual({});
    error.mockRestore();
  });
});

describe('editing from the account page', () => {
  const saved = {
    course: 'paes' as const,
    profile: 'emtp-tecnico-profesional',
    selectedTests: [
      'paes_competencia_matematica_m1',
      'paes_competencia_lectora',
      'paes_historia_ciencias_sociales',
    ],
    date: 'otra',
    targetPoints: 700,
  };

  it('starts from the saved choice and returns to the account page', async () => {
    useAppStore.setState({ onboarding: saved });
    const { user, router } = renderPage('edit');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tu prueba y tu meta');
    expect(screen.getByRole('radio', { name: 'Técnico Profesional' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /Historia y Ciencias Sociales/ })).toHaveProperty(
      'checked',
      true,
    );
    const points = screen.getByRole('textbox', { name: '¿Qué puntaje quieres lograr?' });
    expect((points as HTMLInputElement).value).toBe('700');
    apiMock.saveOnboarding.mockResolvedValue(record({ ...saved, targetPoints: 820 }));
    await user.clear(points);
    await user.type(points, '820');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(apiMock.saveOnboarding).toHaveBeenCalledWith({ ...saved, targetPoints: 820 });
    expect(toasts()).toEqual(['success:Tus datos han sido actualizados']);
    expect(router.state.location.pathname).toBe('/centro-estudio/cuenta');
    expect(events).toEqual(['onboarding_updated']);
  });

  it('shows the same message when the edit fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useAppStore.setState({ onboarding: saved });
    const { user, router } = renderPage('edit');
    apiMock.saveOnboarding.mockRejectedValue(new Error('network'));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(toasts()).toEqual([`error:${FAILURE}`]);
    expect(router.state.location.pathname).toBe('/centro-estudio/cuenta/preparacion');
    error.mockRestore();
  });

  it('shows the record when it arrives after the page opened', async () => {
    renderPage('edit');
    expect(screen.getByRole('radio', { name: 'Técnico Profesional' })).toHaveProperty('checked', false);
    act(() => useAppStore.setState({ onboarding: saved }));
    await screen.findByDisplayValue('700');
  });
});
