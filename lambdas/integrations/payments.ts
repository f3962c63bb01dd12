/**
 * Payments (Stripe) behind a small interface: the Stripe API when a secret key is configured. The
 * local stack registers its stand-in (scripts/local/paymentsStandIn.ts).
 */

import type { PremiumPlan, SubscriptionSnapshot } from '@core/domain/subscription';
import type Stripe from 'stripe';
import { ServiceUnavailableError } from '../lib/errors';
import { readSecret, secretConfigured } from '../lib/secrets';
import { localStandIn } from './local';

export interface CustomerInput {
  email: string;
  /** The student's Cognito sub, kept in the customer's metadata. */
  userSub: string;
}

export interface CheckoutInput {
  customerId: string;
  priceId: string;
  plan: PremiumPlan;
  userSub: string;
  successUrl: string;
  cancelUrl: string;
  /** A Stripe coupon, only while a promotion applies. */
  couponId?: string | undefined;
}

export interface PaymentsGateway {
  /** Creates the student's customer; repeated for the same student, it answers the same customer. */
  createCustomer(input: CustomerInput): Promise<string>;
  /** A hosted Checkout Session in subscription mode; the student pays at `url`. */
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** A billing-portal session where the student manages or cancels the subscription. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Every subscription of the customer, whatever its status, as the provider holds it now. */
  listSubscriptions(customerId: string): Promise<SubscriptionSnapshot[]>;
  /** Deletes the customer, which also cancels its subscriptions at once; a missing customer counts as deleted. */
  deleteCustomer(customerId: string): Promise<void>;
}

/** The student is never shown Stripe's message; the request can simply be tried again. */
const UNAVAILABLE = 'No pudimos comunicarnos con el servicio de pagos. Inténtalo de nuevo en unos minutos.';

/** A student never has many subscriptions; more than this is logged by the caller as unexpected. */
export const SUBSCRIPTIONS_PAGE = 20;

export class StripePayments implements PaymentsGateway {
  constructor(private readonly stripe: Stripe) {}

  async createCustomer(input: CustomerInput): Promise<string> {
    const customer = await this.call(() =>
      this.stripe.customers.create(
        { email: input.email, metadata: { user_sub: input.userSub } },
        // Two tabs checking out at once get the same customer (Stripe keeps keys for 24 h).
        { idempotencyKey: `customer-${input.userSub}` },
      ),
    );
    return customer.id;
  }

  async createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const metadata = { user_sub: input.userSub, plan: input.plan };
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userSub,
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        locale: 'es-419',
        metadata,
        subscription_data: { metadata },
        ...(input.couponId ? { discounts: [{ coupon: input.couponId }] } : {}),
      }),
    );
    if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`);
    return { id: session.id, url: session.url };
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        locale: 'es-419',
      }),
    );
    return { url: session.url };
  }

  async listSubscriptions(customerId: string): Promise<SubscriptionSnapshot[]> {
    try {
      const page = await this.call(() =>
        this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: SUBSCRIPTIONS_PAGE }),
      );
      return page.data.map(snapshotOf);
    } catch (error) {
      // A deleted customer has no subscriptions left.
      if (statusOf(error) === 404) return [];
      throw error;
    }
  }

  async deleteCustomer(customerId: string): Promise<void> {
    try {
      await this.stripe.customers.del(customerId);
    } catch (error) {
      if (statusOf(error) === 404) return;
      throw error;
    }
  }

  /** Stripe outages and rate limits become a 503 (Stripe retries webhooks; students retry). */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const { errors } = await loadStripe();
      if (
        error instanceof errors.StripeConnectionError ||
        error instanceof errors.StripeAPIError ||
        error instanceof errors.StripeRateLimitError
      ) {
        throw new ServiceUnavailableError(UNAVAILABLE);
      }
      throw error;
    }
  }
}

const statusOf = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode;

/** One subscription as the domain sees it; the period end lives on the items since API 2025-03-31. */
export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const items = subscription.items?.data ?? [];
  const periodEnds = items.map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    priceId: items[0]?.price?.id ?? null,
    currentPeriodEnd: periodEnds.length > 0 ? Math.max(...periodEnds) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true || Boolean(subscription.cancel_at),
    created: subscription.created,
  };
}

/** The Stripe SDK, loaded on first use so that a function's start-up does not pay for it (issue 15). */
export const loadStripe = async (): Promise<typeof Stripe> => (await import('stripe')).default;

let client: { key: string; stripe: Stripe } | undefined;

/** One Stripe client per key and container; short timeouts so a webhook answers fast. */
export async function stripeClient(key: string): Promise<Stripe> {
  const StripeSdk = await loadStripe();
  if (client?.key !== key) {
    client = {
      key,
      stripe: new StripeSdk(key, {
        maxNetworkRetries: 1,
        timeout: 8000,
        appInfo: { name: 'preu-paes' },
      }),
    };
  }
  return client.stripe;
}

declare module './local' {
  interface LocalStandIns {
    payments: PaymentsGateway;
  }
}

/** Stripe when a secret key is configured, else the registered stand-in, else a logged 503. */
export async function paymentsGateway(): Promise<PaymentsGateway> {
  if (!secretConfigured('STRIPE_SECRET_KEY')) return localStandIn('payments', 'STRIPE_SECRET_KEY');
  const key = await readSecret('STRIPE_SECRET_KEY');
  if (!key) throw new ServiceUnavailableError(UNAVAILABLE);
  return new StripePayments(await stripeClient(key));
}
