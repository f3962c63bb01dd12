/**
 * Analytics through one small module: page views and a few named events go to a sink. The sink
 * is GA4 (gtag.js) when /config.json has a measurement id, the flag is not off and the student
 * accepted analytics cookies in the consent banner (web/src/app/consent.ts); until then nothing
 * is loaded (not even gtag.js) and nothing is sent. No personal data (e-mail, name, phone) goes
 * into events.
 */
import type { RuntimeConfig } from './config';
import { consentState, setConsentAvailable, subscribeConsent } from './consent';

export type AnalyticsEvent =
  | { name: 'sign_up'; params: { method: 'email'; page: string } }
  | { name: 'verification_complete' }
  | { name: 'delete_account' }
  | { name: 'onboarding_complete'; params: { course: string } }
  | { name: 'onboarding_updated'; params: { course: string } }
  | { name: 'generate_lead'; params: { form: 'contacto' } };

export interface PageView {
  /** Path and query, e.g. `/landing/registro?utm_source=instagram`. */
  path: string;
  /** The full URL. */
  location: string;
  title: string;
}

export interface AnalyticsSink {
  pageView(view: PageView): void;
  event(event: AnalyticsEvent): void;
}

const silent: AnalyticsSink = { pageView: () => undefined, event: () => undefined };
let sink: AnalyticsSink = silent;

/** The configured GA4 property, and its sink once consent has loaded gtag.js. */
let measurement: { id: string; doc: Document; ga?: AnalyticsSink } | null = null;
let stopListening: (() => void) | null = null;
/** The page on screen: sent when consent arrives while the student is on it. */
let lastPageView: PageView | null = null;

/**
 * Tests only: records straight into `next`, bypassing the configuration and the consent gate;
 * null silences analytics and forgets the configuration.
 */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  stopListening?.();
  stopListening = null;
  measurement = null;
  lastPageView = null;
  setConsentAvailable(false);
  sink = next ?? silent;
}

/**
 * Chooses the sink from the runtime configuration, once at start-up, and follows the student's
 * consent from then on: GA4 is loaded the first time they accept and silenced (GA's own opt-out
 * flag, its cookies removed) if they later reject.
 */
export function configureAnalytics(
  config: Pick<RuntimeConfig, 'gaMeasurementId' | 'features'>,
  doc: Document = document,
): void {
  setAnalyticsSink(null);
  if (!config.features.analytics || !config.gaMeasurementId) return;
  measurement = { id: config.gaMeasurementId, doc };
  setConsentAvailable(true);
  applyConsent(false);
  stopListening = subscribeConsent(() => applyConsent(true));
}

/** Whether analytics could run here at all (a measurement id and the flag on). */
export function analyticsConfigured(): boolean {
  return measurement !== null;
}

function applyConsent(changedNow: boolean): void {
  if (!measurement) return;
  const win = measurement.doc.defaultView as GtagWindow | null;
  const disableFlag = `ga-disable-${measurement.id}`;
  if (consentState().choice === 'granted') {
    if (sink !== silent) return;
    if (win) (win as unknown as Record<string, unknown>)[disableFlag] = false;
    measurement.ga ??= ga4Sink(measurement.id, measurement.doc);
    sink = measurement.ga;
    // The page on screen when the student accepts counts too (its view was held back).
    if (changedNow) trackPageView(lastPageView ?? currentPage(measurement.doc));
    return;
  }
  sink = silent;
  if (measurement.ga) {
    if (win) (win as unknown as Record<string, unknown>)[disableFlag] = true;
    removeAnalyticsCookies(measurement.doc);
  }
}

function currentPage(doc: Document): PageView {
  const { origin, pathname, search } = doc.location;
  return { path: `${pathname}${search}`, location: `${origin}${pathname}${search}`, title: doc.title };
}

/** Removes GA's cookies (`_ga`, `_ga_<id>`, `_gid`) on this host and the domains above it. */
export function removeAnalyticsCookies(doc: Document = document): void {
  const names = doc.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => /^(_ga|_gid|_gat)/.test(name));
  const labels = doc.location.hostname.split('.');
  const domains = labels.map((_, i) => labels.slice(i).join('.')).filter((d) => d.includes('.'));
  for (const name of names) {
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    doc.cookie = expired;
    for (const domain of domains) doc.cookie = `${expired}; domain=.${domain}`;
  }
}

/** Records an event; analytics never break a flow. */
export function track(event: AnalyticsEvent): void {
  try {
    sink.event(event);
  } catch (error) {
    console.error('Analytics event failed', error);
  }
}

export function trackPageView(view: PageView): void {
  lastPageView = view;
  try {
    sink.pageView(view);
  } catch (error) {
    console.error('Analytics page view failed', error);
  }
}

type Gtag = (...args: unknown[]) => void;
type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag };

/**
 * GA4 through gtag.js. Automatic page views are off: the app sends exactly one per navigation
 * (a single-page app would otherwise count only the first load).
 */
export function ga4Sink(measurementId: string, doc: Document = document): AnalyticsSink {
  const win = doc.defaultView as GtagWindow;
  win.dataLayer = win.dataLayer ?? [];
  win.gtag =
    win.gtag ??
    function gtag() {
      // gtag.js reads Arguments objects from the data layer, not arrays.
      // biome-ignore lint/complexity/noArguments: required by gtag.js.
      win.dataLayer?.push(arguments);
    };
  const gtag = win.gtag;
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: false });
  if (!doc.getElementById('ga4-gtag')) {
    const script = doc.createElement('script');
    script.id = 'ga4-gtag';
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
    doc.head.append(script);
  }
  return {
    pageView: (view) =>
      gtag('event', 'page_view', {
        page_location: view.location,
        page_path: view.path,
        page_title: view.title,
      }),
    event: (event) => gtag('event', event.name, 'params' in event ? event.params : {}),
  };
}
