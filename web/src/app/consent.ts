/**
 * The student's choice about analytics cookies (Ley 19.628 as amended by Ley 21.719): nothing is
 * measured until they accept, the choice is kept in this browser's localStorage, and the footer's
 * "Preferencias de cookies" opens the same choice again. The banner is offered only when analytics
 * is configured at all (`setConsentAvailable`, called by `configureAnalytics`).
 */
import { useSyncExternalStore } from 'react';

export type AnalyticsConsent = 'granted' | 'denied';

export const CONSENT_STORAGE_KEY = 'preu-paes:consentimiento-analitica';
/** Raised when what we ask changes: older answers no longer count and the banner asks again. */
const CONSENT_VERSION = 1;

export interface ConsentState {
  /** The stored answer; null until the student chooses. */
  choice: AnalyticsConsent | null;
  /** Analytics is configured on this stage: without it there is nothing to ask. */
  available: boolean;
  /** Reopened from the footer while a choice already exists. */
  reopened: boolean;
}

let state: ConsentState = { choice: readStoredConsent(), available: false, reopened: false };
const listeners = new Set<() => void>();

function readStoredConsent(): AnalyticsConsent | null {
  try {
    const raw = globalThis.localStorage?.getItem(CONSENT_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { choice?: unknown; version?: unknown };
    if (stored.version !== CONSENT_VERSION) return null;
    return stored.choice === 'granted' || stored.choice === 'denied' ? stored.choice : null;
  } catch {
    return null;
  }
}

function update(next: Partial<ConsentState>): void {
  state = { ...state, ...next };
  for (const listener of [...listeners]) listener();
}

export function consentState(): ConsentState {
  return state;
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records the student's answer (kept even if storage is unavailable, for this visit). */
export function setConsent(choice: AnalyticsConsent, now: Date = new Date()): void {
  try {
    globalThis.localStorage?.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ choice, version: CONSENT_VERSION, decidedAt: now.toISOString() }),
    );
  } catch {
    // Private browsing or a full quota: the answer still holds until the page is closed.
  }
  update({ choice, reopened: false });
}

/** The footer's "Preferencias de cookies": shows the same choice again. */
export function reopenConsent(): void {
  if (state.available) update({ reopened: true });
}

/** Closes a reopened choice without changing it. */
export function closeConsent(): void {
  update({ reopened: false });
}

export function setConsentAvailable(available: boolean): void {
  if (state.available !== available) update({ available, reopened: available && state.reopened });
}

/** Reads storage again (another tab changed the answer, or a test cleared it). */
export function reloadConsent(): void {
  update({ choice: readStoredConsent(), reopened: false });
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) reloadConsent();
  });
}

export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, consentState, consentState);
}
