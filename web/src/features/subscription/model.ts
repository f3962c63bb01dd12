/** Pure rules of the subscription screens: prices in pesos, dates in Chile, where to go next. */

import type { UserRecord } from '@core/api/user';
import { PREMIUM_PLANS, type PremiumPlan } from '@core/domain/subscription';
import type { SubscriptionState } from '../../app/store';

// Made on first use, once: building a formatter loads locale data, and this module is part of
// every first page while only the pricing and account screens format with it (dates: app/dates.ts).
let pesos: Intl.NumberFormat | undefined;
function clp(): Intl.NumberFormat {
  pesos ??= new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' });
  return pesos;
}

/** `$330.000`: pesos have no decimals (CLP is a zero-decimal currency). */
export const formatClp = (amount: number): string => clp().format(amount);

export const isPremiumPlan = (value: string | null): value is PremiumPlan =>
  (PREMIUM_PLANS as readonly (string | null)[]).includes(value);

/** Where a visitor signs in before paying, coming back to the chosen plan afterwards. */
export const signInThenPlan = (plan: PremiumPlan): string =>
  `/inicio-sesion?redirect=${encodeURIComponent(`/planes-y-precios?plan=${plan}`)}`;

/** The store's subscription area from the user record (spec section 3, "Subscription"). */
export function subscriptionFromRecord(record: UserRecord): SubscriptionState {
  return {
    isPremium: record.is_premium,
    customer: record.stripe_customer_id,
    subscription: record.stripe_subscription_id,
    examsAvailable: record.exams_available,
    tutorialAvailable: record.tutorials_available,
  };
}
