/** The Stripe routes' requests (lambdas/http/stripe.ts validates with these) and their answers. */
import * as z from 'zod';
import { PREMIUM_PLANS } from '../domain/subscription';

/** `POST /api/stripe/checkout`. */
export const checkoutBody = z.object({ plan: z.enum(PREMIUM_PLANS) }).strict();
/** `POST /api/stripe/portal`: nothing, or `{}`. */
export const portalBody = z.object({}).strict().optional();

export type CheckoutBody = z.input<typeof checkoutBody>;

/** Checkout and portal answer the Stripe page to send the student to. */
export interface StripeRedirect {
  url: string;
}

/** `POST /api/stripe/webhook`: an acknowledgement Stripe reads only as a 200. */
export interface WebhookReceipt {
  received: true;
  ignored?: true;
  duplicate?: true;
}
