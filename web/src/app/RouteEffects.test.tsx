import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PageView, setAnalyticsSink } from './analytics';
import { parseRuntimeConfig, setActiveConfig } from './config';
import type { RouteHandle } from './pageMeta';
import { RouteEffects } from './RouteEffects';
import { HUBSPOT_SCRIPT_ID } from './supportChat';

const publicMeta = (title: string): RouteHandle => ({
  meta: { title, description: `Sobre ${title}`, public: true },
});

function Shell() {
  return (
    <>
      <Outlet />
      <RouteEffects />
    </>
  );
}

const routes = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <p>inicio</p>, handle: { meta: { title: 'Preu PAES', public: true } } },
      { path: '/planes-y-precios', element: <p>planes</p>, handle: publicMeta('Planes y precios') },
      { path: '/contacto', element: <p>contacto</p>, handle: publicMeta('Contacto') },
      { path: '/landing/registro', element: <p>landing</p>, handle: publicMeta('Crea tu cuenta gratis') },
      {
        path: '/legal/aviso-de-privacidad',
        element: <p>aviso</p>,
        handle: publicMeta('Aviso de privacidad'),
      },
      { path: '/inicio-sesion', element: <p>entrar</p> },
      { path: '/centro-estudio', element: <p>centro</p> },
      { path: '*', element: <p>404</p>, handle: { meta: { title: 'Página no encontrada', noindex: true } } },
    ],
  },
];

function start(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  const go = async (to: string | number) => {
    await act(async () => {
      await (typeof to === 'number' ? router.navigate(to) : router.navigate(to));
    });
  };
  return { router, go };
}

const config = (extra: Record<string, unknown> = {}) =>
  parseRuntimeConfig({
    apiUrl: 'https://api.preu.example',
    region: 'us-east-1',
    userPoolId: 'us-east-1_x',
    userPoolClientId: 'client',
    ...extra,
  });

type ChatWindow = Window & {
  HubSpotConversations?: unknown;
  hsConversationsOnReady?: (() => void)[];
  hsConversationsSettings?: { loadImmediately?: boolean };
};
const chatWindow = window as ChatWindow;

/** HubSpot's widget API, as the embed script defines it once loaded. */
function fakeHubSpot() {
  const calls: string[] = [];
  const container = () => document.getElementById('hubspot-messages-iframe-container');
  const widget = {
    status: () => ({ loaded: container() !== null }),
    load: () => {
      calls.push('load');
      const div = document.createElement('div');
      div.id = 'hubspot-messages-iframe-container';
      document.body.append(div);
    },
    remove: () => {
      calls.push('remove');
      container()?.remove();
    },
    refresh: () => calls.push('refresh'),
  };
  return {
    calls,
    widgetShown: () => container() !== null,
    /** What the embed script does when it has loaded. */
    becomeReady: () =>
      act(() => {
        chatWindow.HubSpotConversations = { widget };
        for (const callback of chatWindow.hsConversationsOnReady ?? []) callback();
        chatWindow.hsConversationsOnReady = [];
      }),
  };
}

let views: PageView[];

beforeEach(() => {
  views = [];
  setAnalyticsSink({ pageView: (view) => views.push(view), event: () => undefined });
  window.scrollTo = vi.fn() as never;
  setActiveConfig(config());
});

afterEach(() => {
  setAnalyticsSink(null);
  document.getElementById(HUBSPOT_SCRIPT_ID)?.remove();
  document.getElementById('hubspot-messages-iframe-container')?.remove();
  delete chatWindow.HubSpotConversations;
  delete chatWindow.hsConversationsOnReady;
  delete chatWindow.hsConversationsSettings;
});

describe('page views', () => {
  it('sends exactly one per navigation, with the new page’s title, even under StrictMode', async () => {
    const { go } = start('/');
    expect(views).toEqual([
      {
        path: '/',
        location: `${window.location.origin}/`,
        title: 'Preu PAES · Preparación PAES online',
      },
    ]);
    await go('/contacto');
    await go('/centro-estudio?vista=asignaturas');
    await go(-1);
    await go('/contacto');
    expect(views.map((v) => [v.path, v.title])).toEqual([
      ['/', 'Preu PAES · Preparación PAES online'],
      ['/contacto', 'Contacto | Preu PAES'],
      ['/centro-estudio?vista=asignaturas', 'Centro de estudio | Preu PAES'],
      ['/contacto', 'Contacto | Preu PAES'],
      ['/contacto', 'Contacto | Preu PAES'],
    ]);
  });

  it('does not count a jump to an anchor of the same page', async () => {
    const { go } = start('/legal/aviso-de-privacidad');
    await go('/legal/aviso-de-privacidad#derechos');
    await go('/legal/aviso-de-privacidad#menores');
    expect(views.map((v) => v.path)).toEqual(['/legal/aviso-de-privacidad']);
    await go('/contacto');
    expect(views).toHaveLength(2);
  });

  it('sends nothing when no analytics are configured', async () => {
    setAnalyticsSink(null);
    const { go } = start('/');
    await go('/contacto');
    expect(views).toEqual([]);
  });
});

describe('page titles, descriptions and Open Graph', () => {
  const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;

  it('gives public pages their title, description, Open Graph tags and canonical URL', async () => {
    const { go } = start('/contacto');
    expect(document.title).toBe('Contacto | Preu PAES');
    expect(meta('meta[name="description"]')).toBe('Sobre Contacto');
    expect(meta('meta[property="og:title"]')).toBe('Contacto');
    expect(meta('meta[property="og:description"]')).toBe('Sobre Contacto');
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}/contacto`);
    expect(meta('meta[property="og:locale"]')).toBe('es_CL');
    expect(meta('meta[property="og:image"]')).toBe(`${window.location.origin}/og-image.png`);
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/contacto`,
    );
    await go('/landing/registro');
    expect(meta('meta[property="og:title"]')).toBe('Crea tu cuenta gratis');
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
  });

  it('removes the Open Graph tags on other pages and gives them their own title', async () => {
    const { go } = start('/contacto');
    await go('/inicio-sesion');
    expect(document.title).toBe('Inicia sesión | Preu PAES');
    expect(document.head.querySelector('meta[property^="og:"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(meta('meta[name="description"]')).toContain('PAES');
  });

  it('asks search engines not to list the 404 page', async () => {
    const { go } = start('/no-existe');
    expect(document.title).toBe('Página no encontrada | Preu PAES');
    expect(meta('meta[name="robots"]')).toBe('noindex');
    await go('/');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});

describe('support chat', () => {
  it('is present on / and /planes-y-precios only, and removed on every other route', async () => {
    setActiveConfig(config({ hubspotPortalId: '4512345' }));
    const hubspot = fakeHubSpot();
    const { go } = start('/');
    const script = document.getElementById(HUBSPOT_SCRIPT_ID) as HTMLScriptElement;
    expect(script.src).toBe('https://js.hs-scripts.com/4512345.js');
    // The widget waits for the app, so it never opens by itself on a page where it does not belong.
    expect(chatWindow.hsConversationsSettings).toEqual({ loadImmediately: false });
    await hubspot.becomeReady();
    expect(hubspot.widgetShown()).toBe(true);

    const shownOn: Record<string, boolean> = {};
    for (const path of [
      '/contacto',
      '/planes-y-precios',
      '/centro-estudio',
      '/planes-y-precios/',
      '/landing/registro',
      '/',
      '/legal/aviso-de-privacidad',
      '/inicio-sesion',
      '/no-existe',
    ]) {
      await go(path);
      shownOn[path] = hubspot.widgetShown();
    }
    expect(shownOn).toEqual({
      '/contacto': false,
      '/planes-y-precios': true,
      '/centro-estudio': false,
      '/planes-y-precios/': true,
      '/landing/registro': false,
      '/': true,
      '/legal/aviso-de-privacidad': false,
      '/inicio-sesion': false,
      '/no-existe': false,
    });
    expect(document.querySelectorAll(`#${HUBSPOT_SCRIPT_ID}`)).toHaveLength(1);
  });

  it('does not load when the student left the page before HubSpot was ready', async () => {
    setActiveConfig(config({ hubspotPortalId: '4512345' }));
    const hubspot = fakeHubSpot();
    const { go } = start('/');
    await go('/contacto');
    await hubspot.becomeReady();
    expect(hubspot.widgetShown()).toBe(false);
    expect(hubspot.calls).not.toContain('load');
  });

  it('loads nothing without a portal id, or when the flag turns it off', async () => {
    start('/');
    expect(document.getElementById(HUBSPOT_SCRIPT_ID)).toBeNull();
    setActiveConfig(config({ hubspotPortalId: '4512345', features: { supportChat: false } }));
    const { go } = start('/planes-y-precios');
    await go('/');
    expect(document.getElementById(HUBSPOT_SCRIPT_ID)).toBeNull();
    expect(chatWindow.hsConversationsOnReady).toBeUndefined();
  });
});
