import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  analyticsConfigured,
  configureAnalytics,
  ga4Sink,
  setAnalyticsSink,
  track,
  trackPageView,
} from './analytics';
import { parseRuntimeConfig } from './config';
import { CONSENT_STORAGE_KEY, consentState, reloadConsent, setConsent } from './consent';

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
  localStorage.clear();
  reloadConsent();
  document.getElementById('ga4-gtag')?.remove();
  delete win.dataLayer;
  delete win.gtag;
  delete (win as unknown as Record<string, unknown>)['ga-disable-G-AB12CD34'];
});

/** What GA's script would have set (the cookie store API is not in jsdom). */
const setCookie = (cookie: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
  document.cookie = cookie;
};

const contactView = {
  path: '/contacto',
  location: 'https://preu.example/contacto',
  title: 'Contacto | Preu PAES',
};

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

  it('loads and sends nothing before the student consents, even with a measurement id', () => {
    configureAnalytics(config({ gaMeasurementId: 'G-AB12CD34' }));
    expect(analyticsConfigured()).toBe(true);
    expect(consentState()).toMatchObject({ available: true, choice: null });
    trackPageView(contactView);
    track({ name: 'sign_up', params: { method: 'email', page: '/landing/registro' } });
    expect(document.getElementById('ga4-gtag')).toBeNull();
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
    expect(win.dataLayer).toBeUndefined();
    expect(win.gtag).toBeUndefined();
  });

  it('loads and sends nothing when the student rejects', () => {
    configureAnalytics(config({ gaMeasurementId: 'G-AB12CD34' }));
    setConsent('denied');
    trackPageView(contactView);
    track({ name: 'delete_account' });
    expect(document.getElementById('ga4-gtag')).toBeNull();
    expect(win.dataLayer).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '{}')).toMatchObject({
      choice: 'denied',
      version: 1,
    });
  });

  it('after consent, sends the page on screen, then page views and events to GA4 (no automatic page views)', () => {
    configureAnalytics(config({ gaMeasurementId: 'G-AB12CD34' }));
    track({ name: 'verification_complete' }); // before consent: dropped, never queued
    setConsent('granted');
    const script = document.getElementById('ga4-gtag') as HTMLScriptElement;
    expect(script.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-AB12CD34');
    trackPageView(contactView);
    track({ name: 'sign_up', params: { method: 'email', page: '/landing/registro' } });
    track({ name: 'delete_account' });
    expect(entries().slice(1)).toEqual([
      ['config', 'G-AB12CD34', { send_page_view: false }],
      [
        'event',
        'page_view',
        {
          page_location: `${window.location.origin}${window.location.pathname}`,
          page_path: window.location.pathname,
          page_title: document.title,
        },
      ],
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

  it('a choice stored on an earlier visit applies at start-up', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice: 'granted', version: 1 }));
    reloadConsent();
    configureAnalytics(config({ gaMeasurementId: 'G-AB12CD34' }));
    expect(document.getElementById('ga4-gtag')).not.toBeNull();
    // The route effects send the first page view; start-up itself sends none.
    expect(entries().filter((entry) => entry[1] === 'page_view')).toHaveLength(0);
    // An answer to an older version of the question does not count.
    setAnalyticsSink(null);
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice: 'granted', version: 0 }));
    reloadConsent();
    expect(consentState().choice).toBeNull();
  });

  it('withdrawing consent stops sending, sets GA’s opt-out flag and removes its cookies', () => {
    configureAnalytics(config({ gaMeasurementId: 'G-AB12CD34' }));
    setConsent('granted');
    setCookie('_ga=GA1.1.123.456; path=/');
    setCookie('_ga_AB12CD34=GS1.1.789; path=/');
    setCookie('otra=1; path=/');
    const before = entries().length;
    setConsent('denied');
    track({ name: 'delete_account' });
    trackPageView(contactView);
    expect(entries()).toHaveLength(before);
    expect((win as unknown as Record<string, unknown>)['ga-disable-G-AB12CD34']).toBe(true);
    expect(document.cookie).not.toMatch(/_ga/);
    expect(document.cookie).toContain('otra=1');
    // Accepting again turns it back on, with the script already there.
    setConsent('granted');
    expect((win as unknown as Record<string, unknown>)['ga-disable-G-AB12CD34']).toBe(false);
    track({ name: 'delete_account' });
    expect(entries().at(-1)).toEqual(['event', 'delete_account', {}]);
    expect(document.querySelectorAll('#ga4-gtag')).toHaveLength(1);
    setCookie('otra=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
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
