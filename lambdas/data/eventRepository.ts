/**
 * The run-once records of the `events` table (docs/data-model.md): a key is recorded with a
 * conditional put before its work runs, so a Stripe event or a CRM message is applied once however
 * often it is delivered. Records expire after 30 days in AWS (TTL on `expiresAt`).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../lib/config';
import { dynamo } from './client';

const THIRTY_DAYS_S = 30 * 24 * 3600;
const eventsTable = () => readConfig().tables.events;

/** `STRIPE#<eventId>` (a processed Stripe event) or `CRM#<messageKey>` (an applied CRM message). */
export type RunOnceKey = `STRIPE#${string}` | `CRM#${string}`;

/** Records `key` with `details`; false when it was already recorded (the work was done before). */
export async function recordOnce(key: RunOnceKey, details: Record<string, string>): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: eventsTable(),
        Item: { pk: key, ...details, expiresAt: Math.floor(Date.now() / 1000) + THIRTY_DAYS_S },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function wasRecorded(key: RunOnceKey): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: eventsTable(), Key: { pk: key } }));
  return Boolean(Item);
}

/** Forgets a record whose work failed, so the next delivery runs it again. */
export async function forgetRecord(key: RunOnceKey): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: eventsTable(), Key: { pk: key } }));
}
