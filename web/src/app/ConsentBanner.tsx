import { useEffect, useRef } from 'react';
import { InlineText } from '../features/public/InlineText';
import { es } from '../i18n/es';
import { type AnalyticsConsent, closeConsent, setConsent, useConsent } from './consent';
import { toast } from './toasts';

export const CONSENT_BANNER_ID = 'preferencias-cookies';

/**
 * The analytics consent banner: a labelled region at the top of the page, in the normal flow (it
 * covers nothing, traps nothing, and sits clear of the support chat's corner), first after the
 * skip link so keyboard and screen-reader users meet it early. "Aceptar" and "Rechazar" are the
 * same button, side by side. It shows while no choice is stored, and again when the footer's
 * "Preferencias de cookies" reopens it; then it takes the focus and gives it back when closed.
 * Nothing shows when analytics is not configured.
 */
export function ConsentBanner() {
  const { choice, available, reopened } = useConsent();
  const region = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const visible = available && (choice === null || reopened);
  const t = es.consent;

  useEffect(() => {
    if (!reopened) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    region.current?.focus();
  }, [reopened]);

  if (!visible) return null;

  /** Runs the change, then puts the focus back where it makes sense (never lost on <body>). */
  function finish(change: () => void) {
    const focusInside = region.current?.contains(document.activeElement) ?? false;
    const back = opener.current;
    change();
    opener.current = null;
    if (back?.isConnected) back.focus();
    else if (focusInside) document.getElementById('contenido')?.focus({ preventScroll: true });
  }

  function choose(next: AnalyticsConsent) {
    finish(() => setConsent(next));
    toast.success(t.saved[next]);
  }

  return (
    <section
      ref={region}
      id={CONSENT_BANNER_ID}
      className="consent-banner"
      aria-labelledby="consent-title"
      aria-describedby="consent-body"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && reopened) finish(closeConsent);
      }}
    >
      <div className="consent-banner__inner">
        <h2 id="consent-title" className="consent-banner__title">
          {t.title}
        </h2>
        <p id="consent-body">{t.body}</p>
        <p className="consent-banner__more">
          <InlineText text={t.more} />
        </p>
        {reopened && choice && <p className="consent-banner__current">{t.current[choice]}</p>}
        <div className="consent-banner__actions">
          <button type="button" className="button consent-banner__choice" onClick={() => choose('granted')}>
            {t.accept}
          </button>
          <button type="button" className="button consent-banner__choice" onClick={() => choose('denied')}>
            {t.reject}
          </button>
        </div>
        {reopened && (
          <button
            type="button"
            className="button--link consent-banner__close"
            onClick={() => finish(closeConsent)}
          >
            {t.close}
          </button>
        )}
      </div>
    </section>
  );
}
