/**
 * The re-drive command: local dead letters go through the worker again (applied ones to
 * crm-redriven.jsonl, failures back to the list with their new reason, nothing lost even when a
 * letter arrives meanwhile); in AWS, SQS's own message move task from the DLQ.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  SQSClient,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEAD_LETTER_FILE,
  REDRIVEN_FILE,
  readDeadLetters,
  redriveLocalDeadLetters,
  startAwsRedrive,
} from './crmRedrive';
import type { DeadLetter } from './local/inProcessQueue';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function deadLetterDir(letters: DeadLetter[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'preu-redrive-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, DEAD_LETTER_FILE), letters.map((l) => `${JSON.stringify(l)}\n`).join(''));
  return dir;
}

const letter = (n: number): DeadLetter => ({
  messageId: `m-${n}`,
  body: JSON.stringify({ type: 'ticket', key: `k-${n}` }),
  receiveCount: 5,
  reason: 'CrmError: HubSpot answered 503',
  failedAt: '2026-11-22T03:00:00.000Z',
});

const lines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

describe('redriveLocalDeadLetters', () => {
  it('applies the letters through the consumer and keeps the ones that fail again, with the new reason', async () => {
    const dir = deadLetterDir([letter(1), letter(2), letter(3)]);
    const seen: string[] = [];
    const report = await redriveLocalDeadLetters(
      dir,
      async (event) => {
        seen.push(...event.Records.map((r) => r.messageId));
        return { batchItemFailures: [{ itemIdentifier: 'm-2' }] };
      },
      (id) => (id === 'm-2' ? 'ContactNotFoundError: CRM contact not found' : undefined),
    );
    expect(seen).toEqual(['m-1', 'm-2', 'm-3']);
    expect(report).toEqual({
      found: 3,
      applied: ['m-1', 'm-3'],
      failed: [{ messageId: 'm-2', reason: 'ContactNotFoundError: CRM contact not found' }],
    });
    expect(readDeadLetters(dir)).toEqual([
      expect.objectContaining({ messageId: 'm-2', reason: 'ContactNotFoundError: CRM contact not found' }),
    ]);
    expect(lines(path.join(dir, REDRIVEN_FILE)).map((l) => l.messageId)).toEqual(['m-1', 'm-3']);
  });

  it('keeps a letter the running stack adds while the re-drive runs', async () => {
    const dir = deadLetterDir([letter(1)]);
    await redriveLocalDeadLetters(dir, async () => {
      appendFileSync(path.join(dir, DEAD_LETTER_FILE), `${JSON.stringify(letter(9))}\n`);
      return { batchItemFailures: [] };
    });
    expect(readDeadLetters(dir).map((l) => l.messageId)).toEqual(['m-9']);
  });

  it('puts every letter back when the consumer throws', async () => {
    const dir = deadLetterDir([letter(1), letter(2)]);
    const report = await redriveLocalDeadLetters(dir, async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:8000');
    });
    expect(report.failed.map((f) => f.reason)).toEqual([
      'connect ECONNREFUSED 127.0.0.1:8000',
      'connect ECONNREFUSED 127.0.0.1:8000',
    ]);
    expect(readDeadLetters(dir).map((l) => l.messageId)).toEqual(['m-1', 'm-2']);
  });

  it('does nothing without dead letters', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'preu-redrive-'));
    dirs.push(dir);
    expect(await redriveLocalDeadLetters(dir, async () => ({ batchItemFailures: [] }))).toEqual({
      found: 0,
      applied: [],
      failed: [],
    });
  });
});

describe('startAwsRedrive', () => {
  it('starts a message move task from the stage’s CRM DLQ back to its source queue', async () => {
    const sqs = mockClient(SQSClient);
    sqs.on(GetQueueUrlCommand).resolves({ QueueUrl: 'https://sqs/prod-preu-crm-updates-dlq' });
    sqs.on(GetQueueAttributesCommand).resolves({
      Attributes: {
        QueueArn: 'arn:aws:sqs:us-east-1:1:prod-preu-crm-updates-dlq',
        ApproximateNumberOfMessages: '4',
      },
    });
    sqs.on(StartMessageMoveTaskCommand).resolves({ TaskHandle: 'task-1' });
    const task = await startAwsRedrive('prod', new SQSClient({ region: 'us-east-1' }));
    expect(task).toEqual({
      taskHandle: 'task-1',
      messages: 4,
      dlqArn: 'arn:aws:sqs:us-east-1:1:prod-preu-crm-updates-dlq',
    });
    expect(sqs.commandCalls(GetQueueUrlCommand)[0]?.args[0].input).toEqual({
      QueueName: 'prod-preu-crm-updates-dlq',
    });
    // No destination: SQS sends each message back to the queue it came from.
    expect(sqs.commandCalls(StartMessageMoveTaskCommand)[0]?.args[0].input).toEqual({
      SourceArn: 'arn:aws:sqs:us-east-1:1:prod-preu-crm-updates-dlq',
      MaxNumberOfMessagesPerSecond: 10,
    });
    sqs.restore();
  });
});
