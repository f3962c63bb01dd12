import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureAnalytics, ga4Sink, setAnalyticsSink, track, trackPageView } from './analytics';
import { parseRuntimeConfig } from './config';

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

/** The data layer as gtag.js reads it: each entry an Arguments object. */
const entries = () => (win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

afterEach(() => {
  setAnalyticsSink(null);
  document.getElementById('ga4-gtag')?.remove();
  delete win.dataLayer;
  delete win.gtag;
});

describe('analytics', () => {
  it('loads and sends nothing without a measurement id', () => {
    configureAnalytics(config());
    track({ name: 'verification_complete' });
    trackPageView({ path: '/', location: 'https://preu.example/', title: 'Preu PAES' });
    expect(document.getElementById('ga4-gtag')).toBeNull();
    expect(win.dataLayer).toBeUndefined();
  });

  it('loads nothing when the flag turns analytics off', () => {
    configureAnalytics(config({ gaMeasurementId: 'G-AB12CD34', features: { analytics: false } }));
    track({ name: 'delete_account' });
    expect(document.getElementById('ga4-gtag')).toBeNull();
    expect(win.dataLayer).toBeUndefined();
  });

  it('sends page views and events to GA4, without its automatic page views', () => {
    configureAnalytics(config({ gaMeasurementId: 'G-AB12CD34' }));
    const script = document.getElementById('ga4-gtag') as HTMLScriptElement;
    expect(script.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-AB12CD34');
    trackPageView({
      path: '/contacto',
      location: 'https://preu.example/contacto',
      title: 'Contacto | Preu PAES',
    });
    track({ name: 'sign_up', params: { method: 'email', page: '/landing/registro' } });
    track({ name: 'delete_account' });
    expect(entries().slice(1)).toEqual([
      ['config', 'G-AB12CD34', { send_page_view: false }],
      [
        'event',
        'page_view',
        {
          page_location: 'https://preu.example/contacto',
          page_path: '/contacto',
          page_title: 'Contacto | Preu PAES',
        },
      ],
      ['event', 'sign_up', { method: 'email', page: '/landing/registro' }],
      ['event', 'delete_account', {}],
    ]);
    expect(entries()[0]?.[0]).toBe('js');
    // Configuring twice (a hot reload) adds no second script.
    ga4Sink('G-AB12CD34');
    expect(document.querySelectorAll('#ga4-gtag')).toHaveLength(1);
  });

  it('never lets a failing sink break the flow that tracks', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setAnalyticsSink({
      pageView: () => {
        throw new Error('blocked');
      },
      event: () => {
        throw new Error('blocked');
      },
    });
    expect(() => track({ name: 'verification_complete' })).not.toThrow();
    expect(() => trackPageView({ path: '/', location: 'x', title: 'y' })).not.toThrow();
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
