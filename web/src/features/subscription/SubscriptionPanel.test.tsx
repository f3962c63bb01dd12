import { render, screen, waitFor } from '@testing-library/react';
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

import { newUserRecord } from '@core/domain/user';
import { ApiError } from '../../api/client';
import { initialState, useAppStore } from '../../app/store';
import { useToasts } from '../../app/toasts';
import { SubscriptionPanel } from './SubscriptionPanel';

const free = { ...newUserRecord(), email_verified: true };
const premium = {
  ...free,
  is_premium: true,
  stripe_customer_id: 'cus_1',
  stripe_subscription_id: 'sub_1',
  premium_status: 'active',
  premium_plan: 'yearly' as const,
  premium_period_end: '2026-10-26T15:00:00.000Z',
  premium_cancel_at_period_end: false,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const renderAt = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            path: '/centro-estudio/cuenta',
            element: (
              <>
                <SubscriptionPanel pollOptions={{ intervalMs: 1, attempts: 3 }} />
                <Where />
              </>
            ),
          },
          { path: '*', element: <Where /> },
        ],
        { initialEntries: [path] },
      )}
    />,
  );

beforeEach(() => {
  vi.clearAllMocks();
  useAppStore.setState({
    ...initialState(),
    auth: { currentUser: { username: 'u-1' }, isSigned: true, fetchPending: false },
  });
  useToasts.setState({ toasts: [] });
});

describe('plan panel of the account page', () => {
  it('shows the free plan with the way to premium, after reading the record again', async () => {
    apiMock.getUser.mockResolvedValue(free);
    renderAt('/centro-estudio/cuenta');
    screen.getByText('Plan gratuito');
    screen.getByText('Incluye 3 lecciones, 3 quizzes y 1 ensayo.');
    expect(screen.getByRole('link', { name: 'Ver planes Premium' }).getAttribute('href')).toBe(
      '/planes-y-precios',
    );
    expect(screen.queryByRole('button', { name: /Administrar|pagos/ })).toBeNull();
    await waitFor(() => expect(apiMock.getUser).toHaveBeenCalledTimes(1));
  });

  it('shows the premium plan, its state and renewal date, and opens the portal', async () => {
    apiMock.getUser.mockResolvedValue(premium);
    apiMock.openBillingPortal.mockResolvedValue({ url: 'https://billing.stripe.com/p/session/1' });
    renderAt('/centro-estudio/cuenta');
    await screen.findByText('Premium anual');
    expect(useAppStore.getState().subscription).toEqual({
      isPremium: true,
      customer: 'cus_1',
      subscription: 'sub_1',
      examsAvailable: 1,
      tutorialAvailable: 1,
    });
    const facts = document.querySelector('.subscription-panel__facts');
    expect(facts?.textContent).toBe('EstadoActivoPróxima renovación26 de octubre de 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Administrar suscripción' }));
    expect(apiMock.openBillingPortal).toHaveBeenCalledTimes(1);
    expect(goTo).toHaveBeenCalledWith('https://billing.stripe.com/p/session/1');
  });

  it('says until when premium lasts after a cancellation, and warns of a failed renewal', async () => {
    apiMock.getUser.mockResolvedValue({ ...premium, premium_cancel_at_period_end: true });
    const { unmount } = renderAt('/centro-estudio/cuenta');
    await screen.findByText('Premium hasta');
    screen.getByText('Cancelaste la renovación: mantienes Premium hasta esa fecha.');
    unmount();
    apiMock.getUser.mockResolvedValue({ ...premium, premium_status: 'past_due', premium_plan: 'monthly' });
    renderAt('/centro-estudio/cuenta');
    await screen.findByText('Pago pendiente');
    screen.getByText('Premium mensual');
    screen.getByText(/No pudimos cobrar la renovación/);
  });

  it('after checkout, reads the record until the webhook made the student premium', async () => {
    apiMock.getUser.mockResolvedValueOnce(free).mockResolvedValue(premium);
    renderAt('/centro-estudio/cuenta?pago=exito');
    screen.getByText('Confirmando tu pago…');
    await screen.findByText('¡Listo! Tu plan Premium está activo.');
    screen.getByText('Premium anual');
    expect(apiMock.getUser).toHaveBeenCalledTimes(2);
    expect(useAppStore.getState().subscription.isPremium).toBe(true);
    // The success marker is dropped, so a reload does not wait for a payment again.
    expect(screen.getByTestId('where').textContent).toBe('/centro-estudio/cuenta');
  });

  it('says the payment is still being processed when premium does not arrive in time', async () => {
    apiMock.getUser.mockResolvedValue(free);
    renderAt('/centro-estudio/cuenta?pago=exito');
    await screen.findByText(/Tu pago se está procesando/);
    expect(apiMock.getUser).toHaveBeenCalledTimes(3);
    apiMock.getUser.mockResolvedValue(premium);
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    await screen.findByText('Premium anual');
  });

  it('lets a former subscriber see payments, and shows the server’s reason when the portal is refused', async () => {
    apiMock.getUser.mockResolvedValue({ ...free, stripe_customer_id: 'cus_old', premium_status: 'canceled' });
    apiMock.openBillingPortal.mockRejectedValue(
      new ApiError(409, 'Aún no tienes una suscripción. Elige un plan en «Planes y precios».', null),
    );
    renderAt('/centro-estudio/cuenta');
    await userEvent.click(await screen.findByRole('button', { name: 'Ver pagos y facturas' }));
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual([
      'Aún no tienes una suscripción. Elige un plan en «Planes y precios».',
    ]);
    expect(goTo).not.toHaveBeenCalled();
  });
});
