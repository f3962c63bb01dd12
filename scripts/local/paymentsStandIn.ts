/**
 * The local stand-in of Stripe, registered by the local stack (`registerLocal('payments', …)`) for
 * when no secret key is configured; never deployed. Customers, Checkout
 * Sessions, portal sessions and subscriptions live in `payments-state.json` under LOCAL_LOG_DIR,
 * shaped like Stripe's objects, and every gateway call is a line of `payments-log.jsonl`.
 * The local checkout and portal pages (scripts/local/payments.ts) change the same file and send
 * signed webhook events, so the webhook handler runs exactly as with Stripe.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PREMIUM_PRICES_CLP } from '@core/domain/constants';
import { PREMIUM_PLANS, type PremiumPlan, type SubscriptionSnapshot } from '@core/domain/subscription';
import type { CheckoutInput, CustomerInput, PaymentsGateway } from '../../lambdas/integrations/payments';
import { readConfig } from '../../lambdas/lib/config';
import { ServiceUnavailableError } from '../../lambdas/lib/errors';
import { appendLocalLog } from './localLog';

/** The price ids the local stack configures (STRIPE_PRICE_MONTHLY / STRIPE_PRICE_YEARLY). */
export const LOCAL_PRICE_IDS: Record<PremiumPlan, string> = {
  monthly: 'price_local_monthly',
  yearly: 'price_local_yearly',
};

export interface LocalPrice {
  id: string;
  object: 'price';
  currency: 'clp';
  unit_amount: number;
  recurring: { interval: 'month'; interval_count: number };
}

export function localPrice(priceId: string): LocalPrice | null {
  const plan = PREMIUM_PLANS.find((candidate) => LOCAL_PRICE_IDS[candidate] === priceId);
  if (!plan) return null;
  const { amount, months } = PREMIUM_PRICES_CLP[plan];
  return {
    id: priceId,
    object: 'price',
    currency: 'clp',
    unit_amount: amount,
    recurring: { interval: 'month', interval_count: months },
  };
}

export interface LocalCustomer {
  id: string;
  object: 'customer';
  email: string;
  metadata: Record<string, string>;
  created: number;
  deleted?: true;
}

export interface LocalCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string;
  client_reference_id: string;
  currency: 'clp';
  amount_total: number;
  /** Not a Stripe field: the price the local page charges (Stripe keeps it in line_items). */
  price: string;
  discount_percent: number | null;
  success_url: string;
  cancel_url: string;
  url: string;
  metadata: Record<string, string>;
  subscription: string | null;
  created: number;
}

export interface LocalPortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string;
  url: string;
  created: number;
}

export interface LocalSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  created: number;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: LocalPrice;
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

export interface LocalStripeState {
  customers: Record<string, LocalCustomer>;
  /** Idempotency keys of customer creation, as Stripe keeps them. */
  customerKeys: Record<string, string>;
  checkoutSessions: Record<string, LocalCheckoutSession>;
  portalSessions: Record<string, LocalPortalSession>;
  subscriptions: Record<string, LocalSubscription>;
}

const emptyState = (): LocalStripeState => ({
  customers: {},
  customerKeys: {},
  checkoutSessions: {},
  portalSessions: {},
  subscriptions: {},
});

const stateFile = () => path.join(process.env.LOCAL_LOG_DIR ?? '.local', 'payments-state.json');

export function readLocalStripe(): LocalStripeState {
  const file = stateFile();
  return existsSync(file) ? { ...emptyState(), ...JSON.parse(readFileSync(file, 'utf8')) } : emptyState();
}

/** Read, change and write the state in one synchronous step (one process serves the local stack). */
export function updateLocalStripe<T>(change: (state: LocalStripeState) => T): T {
  const state = readLocalStripe();
  const result = change(state);
  const file = stateFile();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${file}.tmp`, file);
  return result;
}

export const localId = (prefix: string) => `${prefix}_local_${randomBytes(9).toString('base64url')}`;
export const epochSeconds = (date = new Date()) => Math.floor(date.getTime() / 1000);

export class LocalPayments implements PaymentsGateway {
  async createCustomer(input: CustomerInput): Promise<string> {
    const id = updateLocalStripe((state) => {
      const key = `customer-${input.userSub}`;
      const known = state.customerKeys[key];
      if (known) return known;
      const customer: LocalCustomer = {
        id: localId('cus'),
        object: 'customer',
        email: input.email,
        metadata: { user_sub: input.userSub },
        created: epochSeconds(),
      };
      state.customers[customer.id] = customer;
      state.customerKeys[key] = customer.id;
      return customer.id;
    });
    appendLocalLog('payments-log.jsonl', { call: 'createCustomer', customerId: id, userSub: input.userSub });
    return id;
  }

  async createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const pages = localPagesUrl();
    const price = localPrice(input.priceId);
    if (!price) throw new Error(`Unknown local price ${input.priceId}`);
    const discountPercent = input.couponId ? localCouponPercent(input.couponId) : null;
    const session = updateLocalStripe((state) => {
      if (!state.customers[input.customerId] || state.customers[input.customerId]?.deleted) {
        throw new Error(`No such customer: ${input.customerId}`);
      }
      const id = localId('cs');
      const created: LocalCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: input.customerId,
        client_reference_id: input.userSub,
        currency: 'clp',
        amount_total:
          discountPercent === null
            ? price.unit_amount
            : Math.round((price.unit_amount * (100 - discountPercent)) / 100),
        price: price.id,
        discount_percent: discountPercent,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        url: `${pages}/checkout/${id}`,
        metadata: { user_sub: input.userSub, plan: input.plan },
        subscription: null,
        created: epochSeconds(),
      };
      state.checkoutSessions[id] = created;
      return created;
    });
    appendLocalLog('payments-log.jsonl', {
      call: 'createCheckoutSession',
      sessionId: session.id,
      customerId: input.customerId,
      priceId: input.priceId,
      clientReferenceId: input.userSub,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
    });
    return { id: session.id, url: session.url };
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const pages = localPagesUrl();
    const session = updateLocalStripe((state) => {
      if (!state.customers[input.customerId] || state.customers[input.customerId]?.deleted) {
        throw new Error(`No such customer: ${input.customerId}`);
      }
      const id = localId('bps');
      const created: LocalPortalSession = {
        id,
        object: 'billing_portal.session',
        customer: input.customerId,
        return_url: input.returnUrl,
        url: `${pages}/portal/${id}`,
        created: epochSeconds(),
      };
      state.portalSessions[id] = created;
      return created;
    });
    appendLocalLog('payments-log.jsonl', {
      call: 'createPortalSession',
      customerId: input.customerId,
      returnUrl: input.returnUrl,
    });
    return { url: session.url };
  }

  async listSubscriptions(customerId: string): Promise<SubscriptionSnapshot[]> {
    const subscriptions = Object.values(readLocalStripe().subscriptions).filter(
      (subscription) => subscription.customer === customerId,
    );
    appendLocalLog('payments-log.jsonl', {
      call: 'listSubscriptions',
      customerId,
      count: subscriptions.length,
    });
    return subscriptions.map(localSnapshot);
  }

  async deleteCustomer(customerId: string): Promise<void> {
    updateLocalStripe((state) => {
      const customer = state.customers[customerId];
      if (customer) customer.deleted = true;
      // As at Stripe: deleting the customer cancels its subscriptions at once.
      for (const subscription of Object.values(state.subscriptions)) {
        if (subscription.customer === customerId && subscription.status !== 'canceled') {
          subscription.status = 'canceled';
          subscription.canceled_at = epochSeconds();
          subscription.ended_at = epochSeconds();
        }
      }
    });
    appendLocalLog('payments-log.jsonl', { call: 'deleteCustomer', customerId });
  }
}

export function localSnapshot(subscription: LocalSubscription): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: subscription.customer,
    status: subscription.status,
    priceId: item?.price.id ?? null,
    currentPeriodEnd: item?.current_period_end ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    created: subscription.created,
  };
}

/** Local coupons are named by their percentage (`local_70_off`), like the promotion they stand for. */
function localCouponPercent(couponId: string): number {
  const percent = Number(/^local_(\d{1,2})_off$/.exec(couponId)?.[1]);
  if (!Number.isInteger(percent)) throw new Error(`Unknown local coupon ${couponId}`);
  return percent;
}

function localPagesUrl(): string {
  const url = readConfig().payments.localPagesUrl;
  // Without Stripe keys and outside the local stack there is nowhere to pay.
  if (!url) throw new ServiceUnavailableError('Los pagos no están disponibles en este momento.');
  return url.replace(/\/+$/, '');
}
