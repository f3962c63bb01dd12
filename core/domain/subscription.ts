/**
 * Premium subscription rules, free of I/O: which Stripe subscription states grant premium, how a
 * customer's subscriptions collapse into the one state stored on the user record, plan prices and
 * the promotion window.
 */
import { chileDate } from './chileTime';
import { PREMIUM_PRICES_CLP, PROMOTION } from './constants';

export const PREMIUM_PLANS = ['monthly', 'yearly'] as const;
export type PremiumPlan = (typeof PREMIUM_PLANS)[number];

/** Stripe's subscription statuses (`OtherString` in the SDK covers ones added later). */
export type SubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused'
  | (string & {});

/**
 * Statuses that grant premium. `past_due` keeps premium while Stripe retries the renewal charge
 * (docs/decisions.md): Stripe moves the subscription to `canceled` or `unpaid` when its retries run
 * out, which removes premium then. Every other status, known or new, grants nothing.
 */
const ENTITLING: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

export const grantsPremium = (status: SubscriptionStatus): boolean => ENTITLING.has(status);

/** What the payments gateway tells about one subscription, whatever the provider. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  priceId: string | null;
  /** Epoch seconds; the end of the period already paid for. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** Epoch seconds. */
  created: number;
}

/** The premium part of the user record, as the webhook writes it. */
export interface PremiumState {
  isPremium: boolean;
  subscriptionId: string | null;
  status: SubscriptionStatus | null;
  plan: PremiumPlan | null;
  /** ISO date-time of the paid period's end (renewal, or the end after a cancellation). */
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export const NO_PREMIUM: PremiumState = {
  isPremium: false,
  subscriptionId: null,
  status: null,
  plan: null,
  periodEnd: null,
  cancelAtPeriodEnd: false,
};

/**
 * The state of a customer from all of their subscriptions at Stripe, not from one event: premium
 * when any subscription grants it (the one paid furthest ahead is shown), otherwise the newest
 * subscription is kept for reference. Event order therefore never matters.
 */
export function convergePremium(
  subscriptions: readonly SubscriptionSnapshot[],
  planOfPrice: (priceId: string | null) => PremiumPlan | null,
): PremiumState {
  const entitling = subscriptions
    .filter((subscription) => grantsPremium(subscription.status))
    .sort((a, b) => (b.currentPeriodEnd ?? 0) - (a.currentPeriodEnd ?? 0) || b.created - a.created);
  const chosen = entitling[0] ?? [...subscriptions].sort((a, b) => b.created - a.created)[0];
  if (!chosen) return NO_PREMIUM;
  return {
    isPremium: entitling.length > 0,
    subscriptionId: chosen.id,
    status: chosen.status,
    plan: planOfPrice(chosen.priceId),
    periodEnd: chosen.currentPeriodEnd ? new Date(chosen.currentPeriodEnd * 1000).toISOString() : null,
    cancelAtPeriodEnd: chosen.cancelAtPeriodEnd,
  };
}

/** The plan a Stripe price id stands for, given the configured price ids. */
export function planForPrice(
  priceIds: Partial<Record<PremiumPlan, string | undefined>>,
  priceId: string | null,
): PremiumPlan | null {
  if (!priceId) return null;
  return PREMIUM_PLANS.find((plan) => priceIds[plan] === priceId) ?? null;
}

export interface PromotionConfig {
  active: boolean;
  nominalDiscountPercent: number;
  /** Last day of the promotion (`YYYY-MM-DD`, Chile time), inclusive. */
  endDate: string;
}

/** A promotion applies while it is switched on and its end date (Chile's calendar) has not passed. */
export function promotionIsActive(promotion: PromotionConfig = PROMOTION, now = new Date()): boolean {
  return promotion.active && chileDate(now) <= promotion.endDate;
}

export interface PlanPrice {
  plan: PremiumPlan;
  months: number;
  /** The list price in CLP (a zero-decimal currency: the amount is whole pesos). */
  amount: number;
  /** The price to pay now: the list price, or the promotional one while a promotion applies. */
  price: number;
  discountPercent: number | null;
}

export function planPrice(
  plan: PremiumPlan,
  promotion: PromotionConfig = PROMOTION,
  now = new Date(),
): PlanPrice {
  const { amount, months } = PREMIUM_PRICES_CLP[plan];
  const active = promotionIsActive(promotion, now);
  const discountPercent = active ? promotion.nominalDiscountPercent : null;
  const price = discountPercent === null ? amount : Math.round((amount * (100 - discountPercent)) / 100);
  return { plan, months, amount, price, discountPercent };
}
