/**
 * Tutoring items of the users table (docs/data-model.md): `TUTORIAL#<id>` requests and the
 * `TUTORING_QUOTA#<year>` allowance. dynalite has no transactions, so each rule is one conditional
 * write on one item: the quota update decides whether an hour may be used, and the request id is
 * kept in the quota item's `used` set so that giving an hour back happens once per request.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TutoringRequestView } from '@core/api/tutoring';
import {
  canStudentCancel,
  type QuotaPeriod,
  type QuotaRecord,
  type ScheduleOptions,
  TUTORING_QUOTA,
  type TutoringState,
} from '@core/domain/tutoring';
import { readConfig } from '../lib/config';
import { dynamo } from './client';
import { userKeys } from './userRepository';

export const tutoringKeys = {
  tutorialPrefix: 'TUTORIAL#',
  tutorial: (id: string) => `TUTORIAL#${id}`,
  quota: (year: number) => `TUTORING_QUOTA#${year}`,
} as const;

/** Most requests listed at once (newest first). A year holds at most 12 hours used. */
export const TUTORIAL_LIST_LIMIT = 50;

export interface TutoringRequestItem {
  pk: string;
  sk: string;
  id: string;
  state: TutoringState;
  scheduleOptions: ScheduleOptions;
  doubts: string;
  createdAt: string;
  updatedAt: string;
  /** The quota month the request's hour was counted in (Chile time). */
  quotaYear: number;
  quotaMonth: number;
  scheduledAt?: string;
  completedAt?: string;
  cancelledAt?: string;
  cancelledBy?: 'student' | 'operator';
  /**
   * Set by a student's cancel in the same write as the state, removed once what follows it is done
   * (the hour given back, the operators' notice queued): while set, a repeated cancel or the next
   * `GET /api/tutorial` finishes it.
   */
  cancelFollowUp?: true;
  /** When the operators' notice of a student's cancel was queued. */
  cancelNoticeQueuedAt?: string;
}

const usersTable = () => readConfig().tables.users;
const tutorialKey = (sub: string, id: string) => ({
  pk: userKeys.partition(sub),
  sk: tutoringKeys.tutorial(id),
});
const quotaKey = (sub: string, year: number) => ({
  pk: userKeys.partition(sub),
  sk: tutoringKeys.quota(year),
});
/** `month_01` … `month_12`: flat counters, so the first update of a year needs no map to exist. */
export const monthAttribute = (month: number) => `month_${String(month).padStart(2, '0')}`;

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

export function toTutoringRequestView(item: TutoringRequestItem, now: Date): TutoringRequestView {
  return {
    id: item.id,
    state: item.state,
    scheduleOptions: item.scheduleOptions,
    doubts: item.doubts,
    createdAt: item.createdAt,
    scheduledAt: item.scheduledAt ?? null,
    cancelledAt: item.cancelledAt ?? null,
    cancellable: canStudentCancel(item, now),
  };
}

// ── The allowance ────────────────────────────────────────────────────────────────────────────

export async function readQuota(sub: string, year: number): Promise<QuotaRecord> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: usersTable(), Key: quotaKey(sub, year), ConsistentRead: true }),
  );
  const months: QuotaRecord['months'] = {};
  for (let month = 1; month <= 12; month++) {
    const used = Item?.[monthAttribute(month)];
    if (typeof used === 'number') months[month] = used;
  }
  return { months, total: typeof Item?.total === 'number' ? Item.total : 0 };
}

/**
 * Uses one hour of the month for a request, atomically: the update succeeds only while the month
 * has used fewer than 1 hour and the year fewer than 12. False when no hour is left.
 */
export async function spendQuotaHour(sub: string, period: QuotaPeriod, requestId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: quotaKey(sub, period.year),
        UpdateExpression:
          'SET #month = if_not_exists(#month, :zero) + :one, #total = if_not_exists(#total, :zero) + :one, #year = :year, #updatedAt = :now ADD #used :ids',
        ConditionExpression:
          '(attribute_not_exists(#month) OR #month < :perMonth) AND (attribute_not_exists(#total) OR #total < :perYear)',
        ExpressionAttributeNames: {
          '#month': monthAttribute(period.month),
          '#total': 'total',
          '#year': 'year',
          '#updatedAt': 'updatedAt',
          '#used': 'used',
        },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':perMonth': TUTORING_QUOTA.hoursPerMonth,
          ':perYear': TUTORING_QUOTA.hoursPerYear,
          ':year': period.year,
          ':now': new Date().toISOString(),
          ':ids': new Set([requestId]),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Gives back the hour a request used, once: only while the request id is in the `used` set (it
 * leaves the set in the same write) and the counters are above 0. False when there was nothing to
 * give back, so retries and repeated cancels are harmless.
 */
export async function returnQuotaHour(sub: string, period: QuotaPeriod, requestId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: quotaKey(sub, period.year),
        UpdateExpression:
          'SET #month = #month - :one, #total = #total - :one, #updatedAt = :now DELETE #used :ids',
        ConditionExpression: 'contains(#used, :id) AND #month > :zero AND #total > :zero',
        ExpressionAttributeNames: {
          '#month': monthAttribute(period.month),
          '#total': 'total',
          '#updatedAt': 'updatedAt',
          '#used': 'used',
        },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':id': requestId,
          ':ids': new Set([requestId]),
          ':now': new Date().toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

export function newTutoringRequestItem(
  sub: string,
  input: { id: string; scheduleOptions: ScheduleOptions; doubts: string; period: QuotaPeriod; now: Date },
): TutoringRequestItem {
  const { A, B, C } = input.scheduleOptions;
  const at = input.now.toISOString();
  return {
    ...tutorialKey(sub, input.id),
    id: input.id,
    state: 'solicitada',
    scheduleOptions: { A, ...(B ? { B } : {}), ...(C ? { C } : {}) },
    doubts: input.doubts.trim(),
    createdAt: at,
    updatedAt: at,
    quotaYear: input.period.year,
    quotaMonth: input.period.month,
  };
}

export async function putTutoringRequest(item: TutoringRequestItem): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: usersTable(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/** Removes a request that was never announced (its ticket could not be queued). */
export async function deleteTutoringRequest(sub: string, id: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: usersTable(), Key: tutorialKey(sub, id) }));
}

/** Clears a cancel's follow-up once its hour is back and its notice is on the CRM queue. */
export async function finishCancelFollowUp(sub: string, id: string, now: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: usersTable(),
      Key: tutorialKey(sub, id),
      UpdateExpression: 'SET cancelNoticeQueuedAt = :now REMOVE cancelFollowUp',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

export async function getTutorial(sub: string, id: string): Promise<TutoringRequestItem | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: usersTable(), Key: tutorialKey(sub, id), ConsistentRead: true }),
  );
  return (Item as TutoringRequestItem | undefined) ?? null;
}

/** The student's requests, newest first (ids are time-ordered). */
export async function listTutoringRequests(
  sub: string,
  limit = TUTORIAL_LIST_LIMIT,
): Promise<TutoringRequestItem[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: usersTable(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': userKeys.partition(sub), ':prefix': tutoringKeys.tutorialPrefix },
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []) as TutoringRequestItem[];
}

export type StudentCancel =
  | { outcome: 'cancelled'; item: TutoringRequestItem }
  | { outcome: 'alreadyCancelled'; item: TutoringRequestItem }
  | { outcome: 'notCancellable'; item: TutoringRequestItem }
  | { outcome: 'notFound' };

/**
 * The student's cancel, as one conditional update: only a request still `solicitada`, or
 * `agendada` for a time ahead (the rule of `canStudentCancel`), becomes `cancelada`.
 */
export async function cancelByStudent(sub: string, id: string, now: Date): Promise<StudentCancel> {
  const at = now.toISOString();
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: tutorialKey(sub, id),
        UpdateExpression:
          'SET #state = :cancelled, cancelledAt = :now, cancelledBy = :student, updatedAt = :now, cancelFollowUp = :true',
        ConditionExpression:
          'attribute_exists(pk) AND (#state = :requested OR (#state = :scheduled AND (attribute_not_exists(scheduledAt) OR scheduledAt > :now)))',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':cancelled': 'cancelada',
          ':requested': 'solicitada',
          ':scheduled': 'agendada',
          ':student': 'student',
          ':now': at,
          ':true': true,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { outcome: 'cancelled', item: Attributes as TutoringRequestItem };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const item = await getTutorial(sub, id);
    if (!item) return { outcome: 'notFound' };
    return item.state === 'cancelada'
      ? { outcome: 'alreadyCancelled', item }
      : { outcome: 'notCancellable', item };
  }
}

/**
 * An operator's change of state (scripts/tutoring.ts): conditional on the state the operator saw,
 * so two operators cannot both act on one request. Null when the request is gone or changed.
 */
export async function setStateByOperator(
  sub: string,
  id: string,
  change: { from: TutoringState; to: TutoringState; scheduledAt?: string; now: Date },
): Promise<TutoringRequestItem | null> {
  const at = change.now.toISOString();
  const sets = ['#state = :to', 'updatedAt = :now'];
  const values: Record<string, unknown> = { ':to': change.to, ':from': change.from, ':now': at };
  if (change.to === 'agendada') {
    if (!change.scheduledAt) throw new Error('An agendada request needs scheduledAt');
    sets.push('scheduledAt = :scheduledAt');
    values[':scheduledAt'] = change.scheduledAt;
  }
  if (change.to === 'realizada') sets.push('completedAt = :now');
  if (change.to === 'cancelada') {
    sets.push('cancelledAt = :now', 'cancelledBy = :operator');
    values[':operator'] = 'operator';
  }
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: tutorialKey(sub, id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #state = :from',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as TutoringRequestItem;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
