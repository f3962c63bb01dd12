/**
 * The tutoring flows of spec section 4: load the student's requests and allowance into the
 * `tutoring` state area, request an hour and cancel one. After a request or a cancel the page
 * reloads (spec); failures show the spec's messages (section 8), and a failed load is only logged.
 */

import type { TutoringOverview, TutoringRequestView } from '@core/api/tutoring';
import type { TutoringRequestInput } from '@core/domain/tutoring';
import { api } from '../../api/client';
import { useAppStore } from '../../app/store';
import { RELOAD_DELAY_MS } from '../../app/timings';
import { toast } from '../../app/toasts';
import { tutoringText } from '../../i18n/tutoring';

/** The browser's reload, kept apart so tests can observe it. */
export const page = { reload: () => window.location.reload() };

const reloadSoon = () => setTimeout(() => page.reload(), RELOAD_DELAY_MS);

/** The requests kept in the store (the store types the list loosely; this feature owns its shape). */
export const selectTutorials = (state: ReturnType<typeof useAppStore.getState>): TutoringRequestView[] =>
  state.tutoring.tutoringList as TutoringRequestView[];

function applyOverview(overview: TutoringOverview): void {
  useAppStore.setState((state) => ({
    tutoring: {
      tutoringList: overview.tutorials,
      end_date: overview.end_date,
      tutorialAvailable: overview.tutorials_available,
    },
    subscription: { ...state.subscription, tutorialAvailable: overview.tutorials_available },
  }));
}

/** Loads `GET /api/tutorial`. False when it failed (logged only, spec section 8). */
export async function loadTutoring(): Promise<boolean> {
  try {
    applyOverview(await api.getTutoring());
    return true;
  } catch (error) {
    console.error('Could not load the tutoring data', error);
    return false;
  }
}

/** Requests an hour; on success the page reloads. */
export async function requestTutoring(body: TutoringRequestInput): Promise<boolean> {
  try {
    await api.requestTutoring(body);
  } catch (error) {
    console.error('Tutoring request failed', error);
    toast.error(tutoringText.requestError);
    return false;
  }
  toast.success(tutoringText.requested);
  reloadSoon();
  return true;
}

/** Cancels a request; on success the page reloads. */
export async function cancelTutoring(id: string): Promise<boolean> {
  try {
    await api.cancelTutoring(id);
  } catch (error) {
    console.error('Tutoring cancel failed', error);
    toast.error(tutoringText.cancelError);
    return false;
  }
  toast.success(tutoringText.cancelled);
  reloadSoon();
  return true;
}
