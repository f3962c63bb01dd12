/**
 * Practice-exam items of the users table (docs/data-model.md): `ATTEMPT#<id>`, the running-attempt
 * pointer `EXAM_RUNNING#<test>`, the `AVERAGES` counters, the `ANSWERED#` marks a submission
 * writes, and the exam counter on `PROFILE`. dynalite has no transactions, so every rule is one
 * conditional write on one item, and each step of a submission can be repeated safely.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AlternativeId } from '@core/domain/contentViews';
import type { SubSubjectShare } from '@core/domain/examAssembly';
import {
  type AttemptQuestionRef,
  type AttemptStatus,
  averageAttributes,
  type BreakdownRow,
} from '@core/domain/examAttempt';
import { readConfig } from '../lib/config';
import { answeredKey } from './answeredRepository';
import { dynamo } from './client';
import { userKeys } from './userRepository';

export const examKeys = {
  attempt: (attemptId: string) => `ATTEMPT#${attemptId}`,
  attemptPrefix: 'ATTEMPT#',
  running: (testSlug: string) => `EXAM_RUNNING#${testSlug}`,
  runningPrefix: 'EXAM_RUNNING#',
  averages: 'AVERAGES',
} as const;

/** An attempt as stored. The graded fields exist once it is submitted. */
export interface AttemptItem {
  pk: string;
  sk: string;
  kind: 'examAttempt';
  attemptId: string;
  testSlug: string;
  testTitle: string;
  course: string;
  status: AttemptStatus;
  questions: AttemptQuestionRef[];
  subSubjects: SubSubjectShare[];
  requested: number;
  durationMinutes: number;
  /** ISO date-times of the server's clock. */
  startedAt: string;
  deadline: string;
  /** Whether starting it used one of `exams_available` (premium students use none). */
  consumedExam: boolean;
  submittedAt?: string;
  closedAt?: string;
  /** What the browser sent and the server ignores for grading (kept to compare). */
  clientStartTime?: string | number | null;
  clientEndTime?: string | number | null;
  clientPoints?: number | null;
  answers?: Record<string, AlternativeId | null>;
  points?: number;
  correct?: number;
  wrong?: number;
  omitted?: number;
  total?: number;
  timeUsedSeconds?: number;
  score?: number | null;
  scaleVersion?: number | null;
  scaleMin?: number | null;
  scaleMax?: number | null;
  byEje?: BreakdownRow[];
  bySubSubject?: BreakdownRow[];
  progress?: string;
  /** Set once the ANSWERED marks, averages and pointer release of a submission are all done. */
  finalizedAt?: string;
}

/** The pointer to a test's running attempt: one `GetItem` finds it, a conditional put claims it. */
export interface RunningPointer {
  attemptId: string;
  testSlug: string;
  deadline: string;
  /** Epoch ms after which the attempt takes no answers (deadline + grace): the pointer is stale. */
  expiresAt: number;
}

const usersTable = () => readConfig().tables.users;
const attemptKey = (sub: string, attemptId: string) => ({
  pk: userKeys.partition(sub),
  sk: examKeys.attempt(attemptId),
});
const runningKey = (sub: string, testSlug: string) => ({
  pk: userKeys.partition(sub),
  sk: examKeys.running(testSlug),
});
const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

// ── The exam counter ────────────────────────────────────────────────────────────────────────

/**
 * Uses one exam: `exams_available - 1` only while it is above 0 (one conditional UpdateItem, so
 * concurrent starts can never take it below 0). The count left, or null when none was left.
 */
export async function consumeExam(sub: string): Promise<number | null> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: { pk: userKeys.partition(sub), sk: userKeys.profile },
        UpdateExpression: 'SET #updatedAt = :now ADD #exams :minusOne',
        ConditionExpression: 'attribute_exists(pk) AND #exams > :zero',
        ExpressionAttributeNames: { '#exams': 'exams_available', '#updatedAt': 'updatedAt' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ':now': new Date().toISOString() },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return typeof Attributes?.exams_available === 'number' ? Attributes.exams_available : 0;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/**
 * Gives back an exam that a start used but did not turn into an attempt (a concurrent start of
 * the same test won the pointer). Never for a cancelled attempt: cancelling does not refund.
 */
export async function returnUnusedExam(sub: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: usersTable(),
      Key: { pk: userKeys.partition(sub), sk: userKeys.profile },
      UpdateExpression: 'SET #updatedAt = :now ADD #exams :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#exams': 'exams_available', '#updatedAt': 'updatedAt' },
      ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString() },
    }),
  );
}

// ── The running pointer ─────────────────────────────────────────────────────────────────────

export async function getRunningPointer(sub: string, testSlug: string): Promise<RunningPointer | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: usersTable(), Key: runningKey(sub, testSlug), ConsistentRead: true }),
  );
  return Item ? (Item as unknown as RunningPointer) : null;
}

/** `Query begins_with(EXAM_RUNNING#)`: the pointers of every test (stale ones included). */
export async function listRunningPointers(sub: string): Promise<RunningPointer[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: usersTable(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': userKeys.partition(sub), ':prefix': examKeys.runningPrefix },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []) as unknown as RunningPointer[];
}

/**
 * Points the test at a new attempt, only when no live attempt holds it: the pointer is absent or
 * stale (past deadline + grace at `nowMs`). False when a concurrent start got there first.
 */
export async function claimRunningPointer(
  sub: string,
  pointer: RunningPointer,
  nowMs: number,
): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: usersTable(),
        Item: { ...runningKey(sub, pointer.testSlug), ...pointer },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
        ExpressionAttributeValues: { ':now': nowMs },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Removes the pointer if it still names this attempt (a newer attempt's pointer is left alone). */
export async function releaseRunningPointer(sub: string, testSlug: string, attemptId: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: usersTable(),
        Key: runningKey(sub, testSlug),
        ConditionExpression: 'attemptId = :id',
        ExpressionAttributeValues: { ':id': attemptId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

// ── Attempts ────────────────────────────────────────────────────────────────────────────────

export async function putAttempt(item: AttemptItem): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: usersTable(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/** Removes an attempt that never became the running one (it lost the pointer to a concurrent start). */
export async function deleteUnclaimedAttempt(sub: string, attemptId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: usersTable(), Key: attemptKey(sub, attemptId) }));
}

export async function getAttempt(sub: string, attemptId: string): Promise<AttemptItem | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: usersTable(), Key: attemptKey(sub, attemptId), ConsistentRead: true }),
  );
  return (Item as AttemptItem | undefined) ?? null;
}

/** What a submission stores, graded by the server. */
export type SubmittedFields = Required<
  Pick<
    AttemptItem,
    | 'submittedAt'
    | 'answers'
    | 'points'
    | 'correct'
    | 'wrong'
    | 'omitted'
    | 'total'
    | 'timeUsedSeconds'
    | 'score'
    | 'scaleVersion'
    | 'scaleMin'
    | 'scaleMax'
    | 'byEje'
    | 'bySubSubject'
    | 'progress'
    | 'clientStartTime'
    | 'clientEndTime'
    | 'clientPoints'
  >
>;

/**
 * Stores the graded submission, only while the attempt is running (`status = running`): a second
 * submission of the same attempt changes nothing. False when it was no longer running.
 */
export async function submitAttempt(
  sub: string,
  attemptId: string,
  fields: SubmittedFields,
): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':submitted': 'submitted', ':running': 'running' };
  const sets = ['#status = :submitted'];
  for (const [name, value] of Object.entries(fields)) {
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  }
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: attemptKey(sub, attemptId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Closes a running attempt as expired or cancelled; false when it was not running. */
export async function closeAttempt(
  sub: string,
  attemptId: string,
  status: Extract<AttemptStatus, 'expired' | 'cancelled'>,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: attemptKey(sub, attemptId),
        UpdateExpression: 'SET #status = :status, #closedAt = :now',
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status', '#closedAt': 'closedAt' },
        ExpressionAttributeValues: {
          ':status': status,
          ':running': 'running',
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

export async function markFinalized(sub: string, attemptId: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: usersTable(),
      Key: attemptKey(sub, attemptId),
      UpdateExpression: 'SET #finalizedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#finalizedAt': 'finalizedAt' },
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }),
  );
}

/** Fields history needs; the questions, answers and progress stay behind. */
const SUMMARY_FIELDS = [
  'attemptId',
  'testSlug',
  'testTitle',
  'course',
  'status',
  'requested',
  'durationMinutes',
  'startedAt',
  'deadline',
  'submittedAt',
  'points',
  'correct',
  'wrong',
  'omitted',
  'total',
  'timeUsedSeconds',
  'score',
  'scaleVersion',
  'scaleMin',
  'scaleMax',
  'byEje',
  'bySubSubject',
];

/** Most attempts read for history (a student takes far fewer; the list stays one short Query). */
export const HISTORY_LIMIT = 500;

/** `Query begins_with(ATTEMPT#)`, newest first (time-ordered ids), summary fields only. */
export async function listAttempts(sub: string): Promise<AttemptItem[]> {
  const items: AttemptItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  const names = Object.fromEntries(SUMMARY_FIELDS.map((field) => [`#${field}`, field]));
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: usersTable(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userKeys.partition(sub), ':prefix': examKeys.attemptPrefix },
        ExpressionAttributeNames: names,
        ProjectionExpression: Object.keys(names).join(', '),
        ScanIndexForward: false,
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as AttemptItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && items.length < HISTORY_LIMIT);
  return items.slice(0, HISTORY_LIMIT);
}

// ── What a submission reveals and counts ────────────────────────────────────────────────────

/** `ANSWERED#<id>` for every question of a submitted attempt (puts: repeating them is harmless). */
export async function markAnswered(sub: string, attemptId: string, refs: readonly AttemptQuestionRef[]) {
  const answeredAt = new Date().toISOString();
  const requests = refs.map((ref) => ({
    PutRequest: {
      Item: {
        pk: userKeys.partition(sub),
        sk: answeredKey(ref.id),
        questionId: ref.id,
        version: ref.version,
        source: `attempt#${attemptId}`,
        answeredAt,
      },
    },
  }));
  for (let start = 0; start < requests.length; start += 25) {
    let batch: typeof requests = requests.slice(start, start + 25);
    for (let attempt = 0; batch.length > 0; attempt++) {
      if (attempt > 6) throw new Error('BatchWriteItem kept returning unprocessed items');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const { UnprocessedItems } = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [usersTable()]: batch } }),
      );
      batch = (UnprocessedItems?.[usersTable()] ?? []) as typeof requests;
    }
  }
}

/**
 * Adds a submitted attempt to its test's counters, once: the attempt id joins the `counted` set
 * in the same write, and the write is refused when it is already there.
 */
export async function countInAverages(
  sub: string,
  attempt: { attemptId: string; testSlug: string; points: number; score: number | null },
): Promise<boolean> {
  const names = averageAttributes(attempt.testSlug);
  const scored = attempt.score !== null;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: { pk: userKeys.partition(sub), sk: examKeys.averages },
        UpdateExpression: `ADD #count :one, #sumPoints :points, #counted :ids${scored ? ', #scored :one, #sumScore :score' : ''} SET #updatedAt = :now`,
        ConditionExpression: 'attribute_not_exists(#counted) OR NOT contains(#counted, :id)',
        ExpressionAttributeNames: {
          '#count': names.count,
          '#sumPoints': names.sumPoints,
          '#counted': 'counted',
          '#updatedAt': 'updatedAt',
          ...(scored ? { '#scored': names.scored, '#sumScore': names.sumScore } : {}),
        },
        ExpressionAttributeValues: {
          ':one': 1,
          ':points': attempt.points,
          ':ids': new Set([attempt.attemptId]),
          ':id': attempt.attemptId,
          ':now': new Date().toISOString(),
          ...(scored ? { ':score': attempt.score } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Raises the test's best score when this attempt beats it (a max: repeating it changes nothing). */
export async function raiseBest(
  sub: string,
  attempt: { attemptId: string; testSlug: string; points: number; score: number },
): Promise<boolean> {
  const names = averageAttributes(attempt.testSlug);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: usersTable(),
        Key: { pk: userKeys.partition(sub), sk: examKeys.averages },
        UpdateExpression: 'SET #best = :score, #bestPoints = :points, #bestAttempt = :id',
        ConditionExpression: 'attribute_not_exists(#best) OR #best < :score',
        ExpressionAttributeNames: {
          '#best': names.best,
          '#bestPoints': names.bestPoints,
          '#bestAttempt': names.bestAttempt,
        },
        ExpressionAttributeValues: {
          ':score': attempt.score,
          ':points': attempt.points,
          ':id': attempt.attemptId,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** `GetItem AVERAGES`. */
export async function getAveragesItem(sub: string): Promise<Record<string, unknown> | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: usersTable(),
      Key: { pk: userKeys.partition(sub), sk: examKeys.averages },
      ConsistentRead: true,
    }),
  );
  return Item ?? null;
}
