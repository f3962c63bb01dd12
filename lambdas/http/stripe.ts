/**
 * The premium subscription's routes: checkout and billing portal for the signed-in student, and
 * Stripe's webhook (workflows in lambdas/services/subscription.ts, requests in core/api/subscription.ts).
 */
import { checkoutBody, portalBody } from '@core/api/subscription';
import { createModuleHandler, ok, openOperation, userOperation } from '../lib/handler';
import { createCheckout, openPortal, receiveStripeEvent } from '../services/subscription';

export const operations = {
  /** `POST /api/stripe/checkout` `{ plan }` → `{ url }` of a Checkout Session for the caller. */
  createCheckout: userOperation({
    body: checkoutBody,
    run: async ({ caller, body }) => ok(await createCheckout(caller, body.plan)),
  }),

  /** `POST /api/stripe/portal` → `{ url }` of a billing-portal session for the caller's customer. */
  createPortal: userOperation({
    body: portalBody,
    run: async ({ caller }) => ok(await openPortal(caller)),
  }),

  /** `POST /api/stripe/webhook`: verified against the raw body, so the body is not parsed. */
  receiveWebhook: openOperation({
    access: 'stripe-signature',
    rawBody: true,
    run: async ({ event }) => {
      const body = event.body ?? '';
      const payload = event.isBase64Encoded ? Buffer.from(body, 'base64') : body;
      return ok(await receiveStripeEvent(payload, event.headers?.['stripe-signature']));
    },
  }),
};

export const handler = createModuleHandler('stripe', operations);
