import { type OnboardingCatalogue, onboardingDates } from '@core/domain/onboarding';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundledCatalogue, daysUntil } from '../../app/catalogue';
import { formatCalendarDay } from '../../app/dates';
import { initialState, useAppStore } from '../../app/store';
import { LandingPage, type LandingVariant } from './LandingPage';

/** Stands in for the auth feature's form, which the app passes in. */
const fakeForm = (label: string) => (
  <form aria-label="registro">
    <button type="submit">{label}</button>
  </form>
);

function renderLanding(variant: LandingVariant) {
  const router = createMemoryRouter([
    { path: '/', element: <LandingPage variant={variant} signUpForm={fakeForm} /> },
  ]);
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
  useAppStore.setState({ ...initialState() });
});
afterEach(() => vi.useRealTimers());

describe('landing pages', () => {
  it.each([
    ['registro', 'Crea tu cuenta gratis y empieza hoy a preparar la PAES', 'Crear mi cuenta gratis'],
    [
      'registroEnsayo',
      'Rinde un ensayo PAES gratis y descubre desde dónde partes',
      'Crear cuenta y rendir mi ensayo',
    ],
    ['preparatePaes', 'Prepárate para la PAES con un plan claro', 'Crear cuenta y empezar'],
  ] as const)('%s has its own pitch and the sign-up form with its own button', (variant, title, submit) => {
    renderLanding(variant);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    screen.getByRole('form', { name: 'registro' });
    screen.getByRole('button', { name: submit });
    expect(screen.getByRole('link', { name: 'Inicia sesión' }).getAttribute('href')).toBe('/inicio-sesion');
  });

  it('lists the tests a free ensayo can be taken in, with their questions and time', () => {
    renderLanding('registroEnsayo');
    screen.getByText('Competencia Matemática 1 (M1)');
    expect(screen.getAllByText('65 preguntas · 2 h 20 min').length).toBeGreaterThan(0);
    expect(screen.getByText('Competencia Lectora').nextSibling?.textContent).toBe(
      '65 preguntas · 2 h 30 min',
    );
    expect(screen.queryByText('Competencia Matemática 2 (M2)')).toBeNull();
    screen.getByText(/no un resultado oficial del DEMRE/);
  });

  it('counts the days to the next PAES sitting of the catalogue', () => {
    // Derived from the catalogue, so retiring a sitting does not break the test.
    const catalogue = bundledCatalogue('paes') as OnboardingCatalogue;
    const next = onboardingDates(catalogue, '2026-11-22').find((d) => d.date);
    renderLanding('preparatePaes');
    if (!next?.date) {
      expect(screen.queryByText(/Próxima rendición/)).toBeNull();
      return;
    }
    const days = daysUntil(next.date, '2026-11-22');
    screen.getByText(days === 1 ? 'Falta 1 día' : `Faltan ${days} días`);
    screen.getByText(`Próxima rendición: PAES ${next.label}, aprox. ${formatCalendarDay(next.date)}`);
    expect(formatCalendarDay('2026-11-30')).toBe('30 de noviembre de 2026');
    expect(daysUntil('2026-11-30', '2026-11-22')).toBe(8);
  });

  it('sends a signed-in student to the study centre instead of showing the form', () => {
    useAppStore.setState({ auth: { currentUser: { username: 'u' }, isSigned: true, fetchPending: false } });
    renderLanding('registro');
    expect(screen.queryByRole('form', { name: 'registro' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir a mi centro de estudio' }).getAttribute('href')).toBe(
      '/centro-estudio',
    );
  });
});
