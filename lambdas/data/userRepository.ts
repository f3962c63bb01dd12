import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { UserRecord } from '@core/api/user';
import { newUserRecord } from '@core/domain/user';
import { readConfig } from '../lib/config';
import { dynamo } from './client';

/** Keys of the items in the users table (see docs/data-model.md). */
export const userKeys = {
  partition: (sub: string) => `USER#${sub}`,
  profile: 'PROFILE',
} as const;

/** What the student gave at sign-up, kept with the record (the CRM ticket and the account page use it). */
export interface SignUpDetails {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  username: string;
  pathname: string;
  hubspotId: string | null;
}

export type ProfileItem = UserRecord & {
  pk: string;
  sk: string;
  sub: string;
  email: string;
  firstname?: string;
  lastname?: string;
  phone?: string;
  username?: string;
  signup_pathname?: string;
  createdAt: string;
  updatedAt: string;
};

const usersTable = () => readConfig().tables.users;
const profileKey = (sub: string) => ({ pk: userKeys.partition(sub), sk: userKeys.profile });

/** The fields of spec section 3, as the API answers them. */
export function toUserRecord(item: ProfileItem): UserRecord {
  const defaults = newUserRecord();
  return {
    is_premium: item.is_premium === true,
    stripe_customer_id: item.stripe_customer_id ?? null,
    stripe_subscription_id: item.stripe_subscription_id ?? null,
    premium_status: item.premium_status ?? null,
    premium_plan: item.premium_plan ?? null,
    premium_period_end: item.premium_period_end ?? null,
    premium_cancel_at_period_end: item.premium_cancel_at_period_end === true,
    exams_available: item.exams_available ?? 0,
    tutorials_available: item.tutorials_available ?? 0,
    hubspot_id: item.hubspot_id ?? null,
    last_lesson: item.last_lesson ?? null,
    progress: item.progress ?? defaults.progress,
    onboarding: item.onboarding ?? {},
    email_verified: item.email_verified === true,
  };
}

export async function getProfile(sub: string): Promise<ProfileItem | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: usersTable(), Key: profileKey(sub), ConsistentRead: true }),
  );
  return (Item as ProfileItem | undefined) ?? null;
}

/** The student's user record, or null before `POST /api/user/signup-v2` created it. */
export async function getUserRecord(sub: string): Promise<UserRecord | null> {
  const item = await getProfile(sub);
  return item ? toUserRecord(item) : null;
}

/**
 * Creates the record with the free-tier defaults. A second call changes nothing (conditional put)
 * and answers the existing record, so a retried sign-up never resets counters or premium.
 */
export async function createUserRecord(
  sub: string,
  details: SignUpDetails,
  emailVerified: boolean,
): Promise<{ record: UserRecord; created: boolean }> {
  const now = new Date().toISOString();
  const item: ProfileItem = {
    ...profileKey(sub),
    ...newUserRecord(),
    hubspot_id: details.hubspotId,
    email_verified: emailVerified,
    sub,
    email: details.email,
    firstname: details.firstname,
    lastname: details.lastname,
    phone: details.phone,
    username: details.username,
    signup_pathname: details.pathname,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: usersTable(),
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { record: toUserRecord(item), created: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const existing = await getProfile(sub);
    if (!existing) throw error;
    return { record: toUserRecord(existing), created: false };
  }
}

/** Sets fields of an existing record; null when the record does not exist. */
export async function updateProfileFields(
  sub: string,
  fields: Partial<Pick<ProfileItem, 'email_verified' | 'hubspot_id' | 'onboarding' | 'last_lesson'>>,
): Promise<UserRecord | null> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  const sets = ['#updatedAt = :now'];
  for (const [name, value] of entries) {
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  }
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: profileKey(sub),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toUserRecord(Attributes as ProfileItem);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/** Every item of the student (one Query, paginated). */
export async function listUserItems(sub: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: usersTable(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': userKeys.partition(sub) },
        ExclusiveStartKey,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Deletes every item of the student, in batches of 25, retrying unprocessed deletes. */
export async function deleteAllUserItems(sub: string): Promise<number> {
  const keys = (await listUserItems(sub)).map((item) => ({ pk: item.pk, sk: item.sk }));
  for (let start = 0; start < keys.length; start += 25) {
    let requests = keys.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      if (attempt > 6) throw new Error('Could not delete every item of the student');
      const { UnprocessedItems } = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [usersTable()]: requests } }),
      );
      requests = (UnprocessedItems?.[usersTable()] ?? []) as typeof requests;
    }
  }
  return keys.length;
}
