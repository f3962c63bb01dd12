import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiMock = vi.hoisted(() => ({ startCheckout: vi.fn(), getUser: vi.fn(), openBillingPortal: vi.fn() }));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  api: apiMock,
}));
const goTo = vi.hoisted(() => vi.fn());
vi.mock('./service', async (original) => ({ ...(await original<typeof import('./service')>()), goTo }));

import { ApiError } from '../../api/client';
import { initialState, useAppStore } from '../../app/store';
import { useToasts } from '../../app/toasts';
import { PricingPage } from './PricingPage';

function Where() {
  const location = useLocation();
  return <p>en {`${location.pathname}${location.search}`}</p>;
}

const renderAt = (path: string, page = <PricingPage />) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: '/planes-y-precios', element: page },
          { path: '*', element: <Where /> },
        ],
        { initialEntries: [path] },
      )}
    />,
  );

const signedIn = (isPremium = false) =>
  useAppStore.setState((state) => ({
    auth: { currentUser: { username: 'u-1' }, isSigned: true, fetchPending: false },
    subscription: { ...state.subscription, isPremium },
  }));
const visitor = () =>
  useAppStore.setState({ auth: { currentUser: null, isSigned: false, fetchPending: false } });

beforeEach(() => {
  vi.clearAllMocks();
  useAppStore.setState(initialState());
  useToasts.setState({ toasts: [] });
});

describe('pricing page', () => {
  it('renders before the session check ends, with its buttons waiting', () => {
    renderAt('/planes-y-precios');
    screen.getByRole('heading', { level: 1, name: 'Planes y precios' });
    for (const button of screen.getAllByRole('button', { name: /Elegir plan/ })) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('shows free and premium side by side with the spec’s prices in Chilean pesos', () => {
    visitor();
    renderAt('/planes-y-precios');
    const free = screen.getByRole('article', { name: 'Gratis' });
    const premium = screen.getByRole('article', { name: 'Premium' });
    within(free).getByText('3 lecciones');
    within(free).getByText('3 quizzes');
    within(free).getByText('1 ensayo');
    within(free).getByText('Tutorías con profesor: 1 hora al mes (hasta 12 al año)');
    within(premium).getByText('Lecciones sin límite');
    // Tutoring is the same on both plans: the page does not promise more.
    within(premium).getByText('Tutorías con profesor: 1 hora al mes (hasta 12 al año)');

    const yearly = within(premium).getByRole('region', { name: 'Plan anual' });
    const monthly = within(premium).getByRole('region', { name: 'Plan mensual' });
    within(yearly).getByText('$330.000');
    within(yearly).getByText('por 12 meses');
    within(yearly).getByText('Equivale a $27.500 al mes.');
    within(monthly).getByText('$82.500');
    within(monthly).getByText('al mes');

    const table = screen.getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'IncluyeGratisPremium',
      'Lecciones3Sin límite',
      'Quizzes3Sin límite',
      'Ensayos1Sin límite',
      'Tutorías con profesor1 hora al mes (hasta 12 al año)1 hora al mes (hasta 12 al año)',
    ]);
    expect(screen.queryByText(/Promoción/)).toBeNull();
  });

  it('sends a visitor to sign in first, then back to the chosen plan', async () => {
    visitor();
    renderAt('/planes-y-precios');
    const link = screen.getByRole('link', { name: 'Elegir plan anual' });
    expect(link.getAttribute('href')).toBe('/inicio-sesion?redirect=%2Fplanes-y-precios%3Fplan%3Dyearly');
    await userEvent.click(link);
    screen.getByText('en /inicio-sesion?redirect=%2Fplanes-y-precios%3Fplan%3Dyearly');
    expect(apiMock.startCheckout).not.toHaveBeenCalled();
  });

  it('starts checkout for a signed-in student and leaves for Stripe’s page', async () => {
    signedIn();
    apiMock.startCheckout.mockResolvedValue({ url: 'https://checkout.stripe.com/c/pay/cs_1' });
    renderAt('/planes-y-precios');
    screen.getByText('Tu plan actual');
    await userEvent.click(screen.getByRole('button', { name: 'Elegir plan mensual' }));
    expect(apiMock.startCheckout).toHaveBeenCalledWith('monthly');
    expect(goTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1');
  });

  it('shows the server’s reason when checkout is refused, and lets the student try again', async () => {
    signedIn();
    apiMock.startCheckout.mockRejectedValue(
      new ApiError(503, 'Los pagos no están disponibles en este momento. Inténtalo más tarde.', null),
    );
    renderAt('/planes-y-precios');
    await userEvent.click(screen.getByRole('button', { name: 'Elegir plan anual' }));
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual([
      'No pudimos abrir el pago. Inténtalo de nuevo en unos minutos.',
    ]);
    apiMock.startCheckout.mockRejectedValue(
      new ApiError(409, 'Ya tienes un plan premium activo. Puedes administrarlo desde tu cuenta.', null),
    );
    const button = screen.getByRole('button', { name: 'Elegir plan anual' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    await userEvent.click(button);
    expect(useToasts.getState().toasts.at(-1)?.message).toBe(
      'Ya tienes un plan premium activo. Puedes administrarlo desde tu cuenta.',
    );
    expect(goTo).not.toHaveBeenCalled();
  });

  it('brings a student back from sign-in to the plan they chose', () => {
    signedIn();
    renderAt('/planes-y-precios?plan=yearly');
    const yearly = screen.getByRole('region', { name: /Plan anual/ });
    within(yearly).getByText('Plan elegido');
    within(yearly).getByText(/Continúa con el plan anual/);
    expect(document.activeElement).toBe(within(yearly).getByRole('button', { name: 'Elegir plan anual' }));
  });

  it('offers a premium student to manage the plan instead of paying again', () => {
    signedIn(true);
    renderAt('/planes-y-precios');
    screen.getByText('Ya tienes Premium.');
    expect(screen.getByRole('link', { name: 'Administrar mi plan' }).getAttribute('href')).toBe(
      '/centro-estudio/cuenta',
    );
    expect(screen.queryByRole('button', { name: /Elegir plan/ })).toBeNull();
  });

  it('says the payment was cancelled when Stripe sends the student back', () => {
    visitor();
    renderAt('/planes-y-precios?pago=cancelado&plan=yearly');
    expect(screen.getByRole('status').textContent).toContain('no se hizo ningún cargo');
  });

  it('shows the promotion only while it is active', () => {
    visitor();
    const promotion = { active: true, nominalDiscountPercent: 70, endDate: '2022-10-26' };
    const { unmount } = renderAt(
      '/planes-y-precios',
      <PricingPage promotion={promotion} now={new Date('2022-10-20T12:00:00Z')} />,
    );
    screen.getByText('Promoción: 70% de descuento hasta el 26 de octubre de 2022.');
    const yearly = screen.getByRole('region', { name: 'Plan anual' });
    within(yearly).getByText('Antes $330.000');
    within(yearly).getByText('$99.000');
    unmount();
    act(() => {
      renderAt(
        '/planes-y-precios',
        <PricingPage promotion={promotion} now={new Date('2022-10-28T12:00:00Z')} />,
      );
    });
    expect(screen.queryByText(/Promoción/)).toBeNull();
    screen.getByText('$330.000');
  });
});
