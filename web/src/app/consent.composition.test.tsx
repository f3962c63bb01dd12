/**
 * The analytics consent banner in the app's frame (issue 27): nothing reaches GA4, not even its
 * script, before the student accepts; "Rechazar" is the same button as "Aceptar"; the choice is
 * stored and the footer opens it again; no banner when analytics is not configured.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  getCurrentUser: vi.fn(),
  fetchUserAttributes: vi.fn(),
}));
const apiMock = vi.hoisted(() => ({ getUser: vi.fn(() => new Promise(() => undefined)) }));
vi.mock('../api/client', async (original) => ({
  ...(await original<typeof import('../api/client')>()),
  api: apiMock,
}));

import { configureAnalytics, setAnalyticsSink } from './analytics';
import { parseRuntimeConfig } from './config';
import { CONSENT_STORAGE_KEY, reloadConsent } from './consent';
import { appRoutes } from './router';
import { initialState, useAppStore } from './store';
import { useToasts } from './toasts';

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: unknown };
const win = window as GtagWindow;

const config = (extra: Record<string, unknown> = {}) =>
  parseRuntimeConfig({
    apiUrl: 'https://api.preu.example',
    region: 'us-east-1',
    userPoolId: 'us-east-1_x',
    userPoolClientId: 'client',
    ...extra,
  });
const withAnalytics = () => configureAnalytics(config({ gaMeasurementId: 'G-AB12CD34' }));

const gaScript = () => document.querySelector('script[src*="googletagmanager.com"]');
const pageViews = () =>
  (win.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((entry) => entry[0] === 'event' && entry[1] === 'page_view')
    .map((entry) => (entry[2] as { page_path: string }).page_path);

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  const go = (to: string) => act(async () => void (await router.navigate(to)));
  return { router, go };
}

const banner = () => screen.queryByRole('region', { name: 'Cookies de medición' });
const footerButton = () => screen.getByRole('button', { name: 'Preferencias de cookies' });

beforeEach(() => {
  useAppStore.setState(initialState());
  useToasts.setState({ toasts: [] });
});
afterEach(() => {
  setAnalyticsSink(null);
  localStorage.clear();
  reloadConsent();
  gaScript()?.remove();
  delete win.dataLayer;
  delete win.gtag;
});

describe('the analytics consent banner', () => {
  it('does not exist, nor its footer link, when analytics is not configured', () => {
    configureAnalytics(config());
    renderAt('/');
    expect(banner()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Preferencias de cookies' })).toBeNull();
    // Not even with the flag off and an id set.
    setAnalyticsSink(null);
    configureAnalytics(config({ gaMeasurementId: 'G-AB12CD34', features: { analytics: false } }));
    expect(banner()).toBeNull();
  });

  it('asks first, sends no page view while unanswered, and "Aceptar" starts measuring from the page on screen', async () => {
    withAnalytics();
    const { go } = renderAt('/');
    const region = banner();
    expect(region).not.toBeNull();
    // A labelled region in the page flow, not a modal: the page stays usable behind it.
    expect(region?.getAttribute('aria-modal')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(within(region as HTMLElement).getByRole('link', { name: 'aviso de privacidad' })).toBeTruthy();

    await go('/planes-y-precios');
    await go('/contacto');
    expect(gaScript()).toBeNull();
    expect(win.dataLayer).toBeUndefined();

    const accept = screen.getByRole('button', { name: 'Aceptar' });
    const reject = screen.getByRole('button', { name: 'Rechazar' });
    // Exactly as easy and as prominent: the same element, classes and place.
    expect(reject.className).toBe(accept.className);
    expect(reject.parentElement).toBe(accept.parentElement);

    await userEvent.click(accept);
    expect(banner()).toBeNull();
    expect(gaScript()).not.toBeNull();
    expect(pageViews()).toEqual(['/contacto']);
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '{}')).toMatchObject({
      choice: 'granted',
    });
    expect(screen.getByRole('region', { name: 'Avisos' }).textContent).toContain(
      'aceptaste las cookies de medición',
    );

    await go('/planes-y-precios');
    expect(pageViews()).toEqual(['/contacto', '/planes-y-precios']);
  });

  it('"Rechazar" loads nothing, now or on later pages, and the choice is remembered', async () => {
    withAnalytics();
    const { go } = renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(banner()).toBeNull();
    // The focus does not fall to <body> when the banner goes away.
    expect(document.activeElement?.id).toBe('contenido');
    await go('/planes-y-precios');
    expect(gaScript()).toBeNull();
    expect(win.dataLayer).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '{}')).toMatchObject({ choice: 'denied' });
  });

  it('is not shown again once answered (a later visit)', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice: 'denied', version: 1 }));
    reloadConsent();
    withAnalytics();
    renderAt('/');
    expect(banner()).toBeNull();
    expect(footerButton()).toBeTruthy();
  });

  it('opens again from the footer, with the focus on it and back on the footer after choosing', async () => {
    withAnalytics();
    const { go } = renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));

    const opener = footerButton();
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const region = banner() as HTMLElement;
    expect(region).not.toBeNull();
    expect(document.activeElement).toBe(region);
    expect(region.textContent).toContain('Tu elección actual: rechazaste las cookies de medición.');

    // Keyboard only: Tab reaches both choices.
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('aviso de privacidad');
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Rechazar');
    await userEvent.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('Aceptar');
    await userEvent.keyboard('{Enter}');
    expect(banner()).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(gaScript()).not.toBeNull();
    expect(pageViews()).toEqual(['/']);

    // Withdrawing consent from the footer stops the page views.
    await userEvent.click(footerButton());
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    await go('/contacto');
    expect(pageViews()).toEqual(['/']);
    expect((win as unknown as Record<string, unknown>)['ga-disable-G-AB12CD34']).toBe(true);
  });

  it('Escape or "Cerrar sin cambiar" closes a reopened choice without changing it', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice: 'granted', version: 1 }));
    reloadConsent();
    withAnalytics();
    renderAt('/');
    await userEvent.click(footerButton());
    expect(banner()?.textContent).toContain('aceptaste las cookies de medición');
    await userEvent.keyboard('{Escape}');
    expect(banner()).toBeNull();
    expect(document.activeElement).toBe(footerButton());
    await userEvent.click(footerButton());
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sin cambiar' }));
    expect(banner()).toBeNull();
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '{}')).toMatchObject({
      choice: 'granted',
    });
  });
});
