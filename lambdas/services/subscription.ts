/**
 * The premium subscription: checkout and billing portal for the signed-in student, and the
 * webhook through which Stripe — and only Stripe — turns premium on and off. A Stripe event is
 * processed once (a run-once record, forgotten again when processing fails) and converges the
 * student to Stripe's current state.
 */

import type { StripeRedirect, WebhookReceipt } from '@core/api/subscription';
import {
  convergePremium,
  type PremiumPlan,
  planForPrice,
  promotionIsActive,
} from '@core/domain/subscription';
import type Stripe from 'stripe';
import { forgetRecord, recordOnce } from '../data/eventRepository';
import { applyPremiumState, findUserByCustomer, linkStripeCustomer } from '../data/subscriptionRepository';
import { getProfile } from '../data/userRepository';
import { loadStripe, type PaymentsGateway, paymentsGateway } from '../integrations/payments';
import type { Caller } from '../lib/caller';
import { readConfig } from '../lib/config';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../lib/errors';
import { logger } from '../lib/logger';
import { readSecret } from '../lib/secrets';

const NO_RECORD = 'Aún no existe un registro para este usuario.';
const PAYMENTS_UNAVAILABLE = 'Los pagos no están disponibles en este momento. Inténtalo más tarde.';

/** The web pages Stripe sends the student back to. */
export const returnPaths = {
  success: '/centro-estudio/cuenta?pago=exito',
  cancel: (plan: string) => `/planes-y-precios?pago=cancelado&plan=${plan}`,
  portal: '/centro-estudio/cuenta',
};

/** The events that can change a student's premium state; any other is acknowledged and ignored. */
export const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
]);

/** A Checkout Session of the plan for the caller (who must have a record and no premium yet). */
export async function createCheckout(caller: Caller, plan: PremiumPlan): Promise<StripeRedirect> {
  const profile = await getProfile(caller.sub);
  if (!profile) throw new NotFoundError(NO_RECORD);
  if (profile.is_premium) {
    throw new ConflictError('Ya tienes un plan premium activo. Puedes administrarlo desde tu cuenta.');
  }
  const { payments, webOrigin } = readConfig();
  const priceId = payments.priceIds[plan];
  if (!priceId) {
    logger.error('Stripe price id not configured', { plan });
    throw new ServiceUnavailableError(PAYMENTS_UNAVAILABLE);
  }
  // The page shows the promotional price only while it applies; Stripe must then charge it.
  const promotion = promotionIsActive();
  if (promotion && !payments.promotionCouponId) {
    logger.error('The promotion is active but STRIPE_PROMOTION_COUPON is not configured');
    throw new ServiceUnavailableError(PAYMENTS_UNAVAILABLE);
  }
  const gateway = await paymentsGateway();
  const customerId = profile.stripe_customer_id ?? (await ensureCustomer(gateway, caller.sub, caller.email));
  const session = await gateway.createCheckoutSession({
    customerId,
    priceId,
    plan,
    userSub: caller.sub,
    successUrl: `${webOrigin}${returnPaths.success}`,
    cancelUrl: `${webOrigin}${returnPaths.cancel(plan)}`,
    couponId: promotion ? payments.promotionCouponId : undefined,
  });
  logger.info('checkout session created', { sessionId: session.id, plan });
  return { url: session.url };
}

/** A billing-portal session for the caller's own customer. */
export async function openPortal(caller: Caller): Promise<StripeRedirect> {
  const profile = await getProfile(caller.sub);
  if (!profile) throw new NotFoundError(NO_RECORD);
  if (!profile.stripe_customer_id) {
    throw new ConflictError('Aún no tienes una suscripción. Elige un plan en «Planes y precios».');
  }
  const gateway = await paymentsGateway();
  const { url } = await gateway.createPortalSession({
    customerId: profile.stripe_customer_id,
    returnUrl: `${readConfig().webOrigin}${returnPaths.portal}`,
  });
  return { url };
}

/** A webhook delivery: verified against the raw payload, processed once per event id. */
export async function receiveStripeEvent(
  payload: string | Buffer,
  signature: string | undefined,
): Promise<WebhookReceipt> {
  const stripeEvent = await verifiedEvent(payload, signature);
  if (!HANDLED_EVENTS.has(stripeEvent.type)) return { received: true, ignored: true };
  const record = `STRIPE#${stripeEvent.id}` as const;
  if (!(await recordOnce(record, { type: stripeEvent.type, receivedAt: new Date().toISOString() }))) {
    logger.info('Stripe event already processed', { eventId: stripeEvent.id });
    return { received: true, duplicate: true };
  }
  try {
    await processEvent(stripeEvent);
  } catch (error) {
    // Let Stripe's retry process it again instead of losing it.
    await forgetRecord(record).catch((forgetError) =>
      logger.error('could not forget a failed Stripe event', { error: forgetError as Error }),
    );
    throw error;
  }
  return { received: true };
}

/**
 * Creates the customer (idempotent at Stripe per student) and stores it with a conditional
 * update; if another request stored one first, that one is used and ours deleted.
 */
async function ensureCustomer(gateway: PaymentsGateway, sub: string, email: string): Promise<string> {
  const created = await gateway.createCustomer({ email, userSub: sub });
  const link = await linkStripeCustomer(sub, created);
  if (!link) throw new NotFoundError(NO_RECORD);
  if (link.linked || link.customerId === created) return created;
  if (!link.customerId) throw new Error('The profile refused the customer id but holds none');
  await gateway
    .deleteCustomer(created)
    .catch((error) => logger.warn('could not delete a duplicate customer', { error: error as Error }));
  return link.customerId;
}

async function verifiedEvent(payload: string | Buffer, signature: string | undefined): Promise<Stripe.Event> {
  const secret = await readSecret('STRIPE_WEBHOOK_SECRET');
  if (!secret) {
    logger.error('STRIPE_WEBHOOK_SECRET is not configured: webhooks cannot be verified');
    throw new ServiceUnavailableError();
  }
  if (!signature || !payload.length) throw new BadRequestError('Falta la firma de Stripe.');
  const StripeSdk = await loadStripe();
  try {
    return StripeSdk.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    logger.warn('Stripe signature rejected', { reason: (error as Error).message });
    throw new BadRequestError('La firma de Stripe no es válida.');
  }
}

/** The customer an event is about, and the student it names when it names one. */
function subjectOf(event: Stripe.Event): { customerId: string | null; userSub: string | null } {
  const object = event.data.object as {
    customer?: string | { id: string } | null;
    client_reference_id?: string | null;
    metadata?: Record<string, string> | null;
  };
  const customerId = typeof object.customer === 'string' ? object.customer : (object.customer?.id ?? null);
  const userSub =
    event.type === 'checkout.session.completed'
      ? (object.client_reference_id ?? null)
      : event.type.startsWith('customer.subscription.')
        ? (object.metadata?.user_sub ?? null)
        : null;
  return { customerId, userSub };
}

/**
 * Converges the student to Stripe's current state of the customer's subscriptions, whatever the
 * event said: events can arrive late, twice or out of order.
 */
async function processEvent(event: Stripe.Event): Promise<void> {
  if (event.type === 'checkout.session.completed' && event.data.object.mode !== 'subscription') return;
  const { customerId, userSub } = subjectOf(event);
  if (!customerId) {
    logger.warn('Stripe event without a customer', { eventId: event.id, type: event.type });
    return;
  }
  const sub = await studentOf(customerId, userSub);
  if (!sub) {
    // A deleted account, or a customer created outside the platform: nothing to update.
    logger.warn('Stripe customer without a student', { eventId: event.id, customerId });
    return;
  }
  const subscriptions = await (await paymentsGateway()).listSubscriptions(customerId);
  const syncedAt = new Date().toISOString();
  const { priceIds } = readConfig().payments;
  const state = convergePremium(subscriptions, (priceId) => planForPrice(priceIds, priceId));
  const result = await applyPremiumState(sub, customerId, state, syncedAt);
  logger.info('premium synchronised with Stripe', {
    eventId: event.id,
    type: event.type,
    customerId,
    isPremium: state.isPremium,
    status: state.status,
    result,
  });
}

/** By the customer id stored on the profile (index gsi1), else the student the event names. */
async function studentOf(customerId: string, named: string | null): Promise<string | null> {
  const found = await findUserByCustomer(customerId);
  if (found) return found;
  if (!named) return null;
  const profile = await getProfile(named);
  if (!profile) return null;
  if (profile.stripe_customer_id && profile.stripe_customer_id !== customerId) return null;
  return named;
}
