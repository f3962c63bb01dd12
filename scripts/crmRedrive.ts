/**
 * `npm run crm:redrive`: sends the CRM updates that failed every retry back through the CRM worker,
 * once the cause (HubSpot down, a bad token) is fixed.
 *
 * - Local stack (default, `--dir .local`): the dead letters are the lines of
 *   `<dir>/crm-dead-letters.jsonl`. The file is claimed by renaming it, each letter goes to the same
 *   worker the queue feeds (SQS-shaped batches of 10), the applied ones are appended to
 *   `<dir>/crm-redriven.jsonl` and the ones that fail again go back to the dead-letter file with
 *   their new reason. Run it while the stack is up (the worker records applied tickets in DynamoDB).
 * - AWS (`--stage prod`): starts SQS's own redrive, a message move task from
 *   `<stage>-preu-crm-updates-dlq` back to the queue the messages came from.
 *
 * Tickets are applied once whatever is re-driven (their key is recorded in the events table);
 * property updates set a value, so applying one twice changes nothing.
 */
import { appendFileSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  SQSClient,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { registerLocal } from '../lambdas/integrations/local';
import type { QueueConsumer } from '../lambdas/integrations/queue';
import { LocalCrm } from './local/crmStandIn';
import type { DeadLetter } from './local/inProcessQueue';
import type { StackInfo } from './local/stack';

export const DEAD_LETTER_FILE = 'crm-dead-letters.jsonl';
export const REDRIVEN_FILE = 'crm-redriven.jsonl';
const BATCH_SIZE = 10;

export interface LocalRedriveReport {
  /** Letters found in the dead-letter file (one per message id). */
  found: number;
  applied: string[];
  failed: { messageId: string; reason: string }[];
}

/** The dead letters currently listed in `<dir>/crm-dead-letters.jsonl`, last line per message. */
export function readDeadLetters(dir: string, file = DEAD_LETTER_FILE): DeadLetter[] {
  const full = path.join(dir, file);
  if (!existsSync(full)) return [];
  const byId = new Map<string, DeadLetter>();
  for (const line of readFileSync(full, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const letter = JSON.parse(line) as DeadLetter;
    byId.set(letter.messageId, letter);
  }
  return [...byId.values()];
}

/**
 * Re-drives the local dead-letter file through `consumer` (the CRM worker) and reports what was
 * applied. `failureReason` tells why a message failed again (the worker remembers it).
 */
export async function redriveLocalDeadLetters(
  dir: string,
  consumer: QueueConsumer,
  failureReason: (messageId: string) => string | undefined = () => undefined,
): Promise<LocalRedriveReport> {
  const source = path.join(dir, DEAD_LETTER_FILE);
  if (!existsSync(source)) return { found: 0, applied: [], failed: [] };
  // Claimed by a rename: a letter the running stack appends meanwhile starts a new file and waits.
  const claimed = path.join(dir, `crm-dead-letters.redriving-${process.pid}-${Date.now()}.jsonl`);
  renameSync(source, claimed);
  const letters = readDeadLetters(dir, path.basename(claimed));
  const report: LocalRedriveReport = { found: letters.length, applied: [], failed: [] };
  try {
    for (let start = 0; start < letters.length; start += BATCH_SIZE) {
      const batch = letters.slice(start, start + BATCH_SIZE);
      let failedIds: Set<string>;
      let thrown: string | undefined;
      try {
        const response = await consumer({ Records: batch.map(toRecord) });
        failedIds = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      } catch (error) {
        failedIds = new Set(batch.map((letter) => letter.messageId));
        thrown = error instanceof Error ? error.message : String(error);
      }
      const now = new Date().toISOString();
      for (const letter of batch) {
        if (failedIds.has(letter.messageId)) {
          const reason = thrown ?? failureReason(letter.messageId) ?? 'reported as a batch item failure';
          report.failed.push({ messageId: letter.messageId, reason });
          appendFileSync(source, `${JSON.stringify({ ...letter, reason, failedAt: now })}\n`);
        } else {
          report.applied.push(letter.messageId);
          appendFileSync(
            path.join(dir, REDRIVEN_FILE),
            `${JSON.stringify({ ...letter, redrivenAt: now })}\n`,
          );
        }
      }
    }
  } catch (error) {
    // Whatever was not handled goes back to the list rather than being lost.
    const handled = new Set([...report.applied, ...report.failed.map((f) => f.messageId)]);
    for (const letter of letters.filter((l) => !handled.has(l.messageId))) {
      appendFileSync(source, `${JSON.stringify(letter)}\n`);
    }
    throw error;
  } finally {
    rmSync(claimed, { force: true });
  }
  return report;
}

function toRecord(letter: DeadLetter): SQSRecord {
  const now = String(Date.now());
  return {
    messageId: letter.messageId,
    receiptHandle: `${letter.messageId}#redrive`,
    body: letter.body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: now,
      SenderId: 'redrive',
      ApproximateFirstReceiveTimestamp: now,
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:local:000000000000:crm-updates',
    awsRegion: 'local',
  };
}

/** AWS: SQS moves the DLQ's messages back to their source queue (`aws sqs start-message-move-task`). */
export async function startAwsRedrive(
  stage: string,
  client: SQSClient = new SQSClient({}),
): Promise<{ taskHandle: string; messages: number; dlqArn: string }> {
  const queueName = `${stage}-preu-crm-updates-dlq`;
  const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: queueName }));
  if (!QueueUrl) throw new Error(`No queue ${queueName}`);
  const { Attributes } = await client.send(
    new GetQueueAttributesCommand({
      QueueUrl,
      AttributeNames: ['QueueArn', 'ApproximateNumberOfMessages'],
    }),
  );
  const dlqArn = Attributes?.QueueArn;
  if (!dlqArn) throw new Error(`No ARN for ${queueName}`);
  // No destination: SQS returns each message to the queue it was dead-lettered from.
  const { TaskHandle } = await client.send(
    new StartMessageMoveTaskCommand({ SourceArn: dlqArn, MaxNumberOfMessagesPerSecond: 10 }),
  );
  return {
    taskHandle: TaskHandle ?? '',
    messages: Number(Attributes?.ApproximateNumberOfMessages ?? 0),
    dlqArn,
  };
}

/** Points the worker at the running local stack described by `<dir>/stack.json`. */
export function pointAtLocalStack(dir: string): StackInfo {
  const info = JSON.parse(readFileSync(path.join(dir, 'stack.json'), 'utf8')) as StackInfo;
  Object.assign(process.env, {
    AWS_REGION: info.region,
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    DYNAMODB_ENDPOINT: info.dynamoEndpoint,
    USERS_TABLE: info.tables.users,
    CONTENT_TABLE: info.tables.content,
    EVENTS_TABLE: info.tables.events,
    STAGE: info.stage,
    LOCAL_LOG_DIR: dir,
  });
  // The stack's HubSpot stand-in, unless a token points the worker at the real one.
  registerLocal('crm', new LocalCrm());
  return info;
}

async function main() {
  const { values } = parseArgs({
    options: { dir: { type: 'string', default: '.local' }, stage: { type: 'string' } },
  });
  if (values.stage) {
    const task = await startAwsRedrive(values.stage);
    console.log(
      `Moving ~${task.messages} message(s) from ${task.dlqArn} back to their queue (task ${task.taskHandle}).`,
    );
    return;
  }
  const dir = path.resolve(values.dir);
  if (!existsSync(path.join(dir, 'stack.json'))) {
    throw new Error(`No local stack in ${dir} (start it with npm start, or pass --dir)`);
  }
  pointAtLocalStack(dir);
  process.env.LOG_LEVEL ??= 'ERROR';
  const { handler, crmFailureReason } = await import('../lambdas/workers/crm');
  const report = await redriveLocalDeadLetters(dir, handler, crmFailureReason);
  console.log(
    `Dead letters: ${report.found}; applied: ${report.applied.length}; failed again: ${report.failed.length}.`,
  );
  for (const failure of report.failed) console.log(`  ${failure.messageId}: ${failure.reason}`);
  if (report.failed.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
