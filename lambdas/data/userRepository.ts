import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { UserRecord } from '../domain/user';
import { readConfig } from '../lib/config';
import { dynamo } from './client';

/** Keys of the items in the users table (see docs/data-model.md). */
export const userKeys = {
  partition: (sub: string) => `USER#${sub}`,
  profile: 'PROFILE',
} as const;

type ProfileItem = UserRecord & { pk: string; sk: string; sub: string; email: string };

/** The student's user record, or null before `POST /api/user/signup-v2` created it. */
export async function getUserRecord(sub: string): Promise<UserRecord | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: readConfig().tables.users,
      Key: { pk: userKeys.partition(sub), sk: userKeys.profile },
    }),
  );
  if (!Item) return null;
  const item = Item as ProfileItem;
  return {
    is_premium: item.is_premium,
    stripe_customer_id: item.stripe_customer_id ?? null,
    stripe_subscription_id: item.stripe_subscription_id ?? null,
    exams_available: item.exams_available,
    tutorials_available: item.tutorials_available,
    hubspot_id: item.hubspot_id ?? null,
    last_lesson: item.last_lesson ?? null,
    progress: item.progress ?? null,
    onboarding: item.onboarding ?? {},
  };
}
