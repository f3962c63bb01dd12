/**
 * The premium part of the user record (docs/data-model.md). Only lambdas/services/subscription.ts
 * uses this module: checkout links the Stripe customer, the webhook writes premium. No other route
 * can write these attributes. Processed Stripe events are run-once records (eventRepository.ts).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PremiumState } from '@core/domain/subscription';
import { readConfig } from '../lib/config';
import { dynamo } from './client';
import { GSI1 } from './tables';
import { getProfile, userKeys } from './userRepository';

const usersTable = () => readConfig().tables.users;
const profileKey = (sub: string) => ({ pk: userKeys.partition(sub), sk: userKeys.profile });

/** `gsi1` keys of a profile with a Stripe customer: the webhook finds the student by customer id. */
export const stripeCustomerIndexKeys = (customerId: string) => ({
  gsi1pk: `STRIPE#${customerId}`,
  gsi1sk: 'USER',
});

/** The record has no customer yet: the attribute is absent, or null as sign-up writes it. */
const NO_CUSTOMER =
  '(attribute_not_exists(stripe_customer_id) OR attribute_type(stripe_customer_id, :nullType))';

/** The sub of the student whose profile holds this Stripe customer, or null. */
export async function findUserByCustomer(customerId: string): Promise<string | null> {
  const keys = stripeCustomerIndexKeys(customerId);
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: usersTable(),
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': keys.gsi1pk, ':sk': keys.gsi1sk },
      ProjectionExpression: 'pk, #sub',
      ExpressionAttributeNames: { '#sub': 'sub' },
      Limit: 2,
    }),
  );
  const item = Items?.[0] as { sub?: string; pk?: string } | undefined;
  if (!item) return null;
  return item.sub ?? String(item.pk).replace(/^USER#/, '');
}

export type LinkResult = { linked: true; customerId: string } | { linked: false; customerId: string | null };

/**
 * Stores the customer id on a record that has none (conditional update). When another request
 * got there first, answers the id it stored, so both tabs of a student use one customer.
 */
export async function linkStripeCustomer(sub: string, customerId: string): Promise<LinkResult | null> {
  const now = new Date().toISOString();
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: profileKey(sub),
        UpdateExpression:
          'SET stripe_customer_id = :customer, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, updatedAt = :now',
        ConditionExpression: `attribute_exists(pk) AND ${NO_CUSTOMER}`,
        ExpressionAttributeValues: {
          ':customer': customerId,
          ':nullType': 'NULL',
          ':now': now,
          ...prefixed(stripeCustomerIndexKeys(customerId)),
        },
      }),
    );
    return { linked: true, customerId };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const profile = await getProfile(sub);
    if (!profile) return null;
    return { linked: false, customerId: profile.stripe_customer_id ?? null };
  }
}

export type ApplyResult = 'applied' | 'stale' | 'other-customer' | 'missing';

/**
 * Writes the premium state the webhook derived from Stripe. `syncedAt` is when Stripe was read:
 * a write older than the stored one is refused, so two deliveries processed concurrently can
 * never leave the older reading in place.
 */
export async function applyPremiumState(
  sub: string,
  customerId: string,
  state: PremiumState,
  syncedAt: string,
): Promise<ApplyResult> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: profileKey(sub),
        UpdateExpression: [
          'SET is_premium = :premium',
          'stripe_customer_id = :customer',
          'stripe_subscription_id = :subscription',
          'premium_status = :status',
          'premium_plan = :plan',
          'premium_period_end = :periodEnd',
          'premium_cancel_at_period_end = :cancelAtPeriodEnd',
          'stripe_synced_at = :syncedAt',
          'gsi1pk = :gsi1pk',
          'gsi1sk = :gsi1sk',
          'updatedAt = :now',
        ].join(', '),
        ConditionExpression: [
          'attribute_exists(pk)',
          `(${NO_CUSTOMER} OR stripe_customer_id = :customer)`,
          '(attribute_not_exists(stripe_synced_at) OR stripe_synced_at <= :syncedAt)',
        ].join(' AND '),
        ExpressionAttributeValues: {
          ':premium': state.isPremium,
          ':customer': customerId,
          ':subscription': state.subscriptionId,
          ':status': state.status,
          ':plan': state.plan,
          ':periodEnd': state.periodEnd,
          ':cancelAtPeriodEnd': state.cancelAtPeriodEnd,
          ':syncedAt': syncedAt,
          ':nullType': 'NULL',
          ':now': new Date().toISOString(),
          ...prefixed(stripeCustomerIndexKeys(customerId)),
        },
      }),
    );
    return 'applied';
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const profile = (await getProfile(sub)) as { stripe_customer_id?: string | null } | null;
    if (!profile) return 'missing';
    if (profile.stripe_customer_id && profile.stripe_customer_id !== customerId) return 'other-customer';
    return 'stale';
  }
}

function prefixed(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [`:${name}`, value]));
}
