/**
 * The subscription flows of the browser: open Stripe's checkout or portal, and refresh the user
 * record after coming back, until the webhook has made the student premium.
 */

import type { UserRecord } from '@core/api/user';
import type { PremiumPlan } from '@core/domain/subscription';
import { ApiError, api } from '../../api/client';
import { useAppStore } from '../../app/store';
import { toast } from '../../app/toasts';
import { subscriptionText } from '../../i18n/subscription';
import { subscriptionFromRecord } from './model';

/** Copies the server record into the root and subscription areas of the store. */
function applyRecord(record: UserRecord): void {
  useAppStore.setState((state) => ({
    root: { ...state.root, userExtraData: record },
    subscription: subscriptionFromRecord(record),
  }));
}

/** Loads the user record again (failures are only logged, spec section 8). */
export async function refreshSubscription(): Promise<UserRecord | null> {
  try {
    const record = await api.getUser();
    applyRecord(record);
    return record;
  } catch (error) {
    console.error('Could not load the user record', error);
    return null;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After paying, Stripe's webhook may reach the API a moment after the student is back: read the
 * record until it says premium, for about half a minute.
 */
export async function waitForPremium(
  options: {
    attempts?: number;
    intervalMs?: number;
    sleep?: (ms: number) => Promise<unknown>;
    /** Stops waiting when the page is left. */
    signal?: AbortSignal;
  } = {},
): Promise<boolean> {
  const { attempts = 15, intervalMs = 2000, sleep = wait, signal } = options;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (signal?.aborted) return false;
    const record = await refreshSubscription();
    if (record?.is_premium) return true;
    if (attempt < attempts) await sleep(intervalMs);
  }
  return false;
}

/** The message to show for a failed request: the server's own (Spanish) for 4xx, else a fallback. */
function messageFor(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}

/** The URL of a new Checkout Session for the plan, or null after showing why not. */
export async function startCheckout(plan: PremiumPlan): Promise<string | null> {
  try {
    return (await api.startCheckout(plan)).url;
  } catch (error) {
    console.error('Could not start the checkout', error);
    toast.error(messageFor(error, subscriptionText.errors.checkout));
    return null;
  }
}

/** The URL of a billing-portal session, or null after showing why not. */
export async function openBillingPortal(): Promise<string | null> {
  try {
    return (await api.openBillingPortal()).url;
  } catch (error) {
    console.error('Could not open the billing portal', error);
    toast.error(messageFor(error, subscriptionText.errors.portal));
    return null;
  }
}

/** Leaves the app for Stripe's page (a full navigation: Checkout and the portal are other sites). */
export function goTo(url: string): void {
  window.location.assign(url);
}
