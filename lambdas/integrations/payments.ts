/**
 * Payments (Stripe) behind a small interface: the Stripe API when a secret key is configured,
 * otherwise a local adapter that records every call in `payments-log.jsonl`.
 */
import Stripe from 'stripe';
import { readSecret, secretConfigured } from '../lib/secrets';
import { appendLocalLog } from './localLog';

export interface PaymentsGateway {
  /** Deletes the customer, which also cancels its subscriptions at once; a missing customer counts as deleted. */
  deleteCustomer(customerId: string): Promise<void>;
}

export class StripePayments implements PaymentsGateway {
  constructor(private readonly stripe: Stripe) {}

  async deleteCustomer(customerId: string): Promise<void> {
    try {
      await this.stripe.customers.del(customerId);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return;
      throw error;
    }
  }
}

export class LocalPayments implements PaymentsGateway {
  async deleteCustomer(customerId: string): Promise<void> {
    appendLocalLog('payments-log.jsonl', { call: 'deleteCustomer', customerId });
  }
}

export async function paymentsGateway(): Promise<PaymentsGateway> {
  if (!secretConfigured('STRIPE_SECRET_KEY')) return new LocalPayments();
  const key = await readSecret('STRIPE_SECRET_KEY');
  return new StripePayments(new Stripe(key ?? ''));
}
