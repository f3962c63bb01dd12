/**
 * Analytics through one small module: page views and a few named events go to a sink. The sink
 * is GA4 (gtag.js) when /config.json has a measurement id and the flag is not off; otherwise
 * nothing is loaded and nothing is sent. No personal data (e-mail, name, phone) goes into events.
 */
import type { RuntimeConfig } from './config';

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

/** Replaces the sink (tests record with it); null silences analytics. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next ?? silent;
}

/** Chooses the sink from the runtime configuration, once at start-up. */
export function configureAnalytics(
  config: Pick<RuntimeConfig, 'gaMeasurementId' | 'features'>,
  doc: Document = document,
): void {
  setAnalyticsSink(
    config.features.analytics && config.gaMeasurementId ? ga4Sink(config.gaMeasurementId, doc) : null,
  );
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
