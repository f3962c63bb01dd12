import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { defaultBackoff, InProcessQueue } from './inProcessQueue';

const fastBackoff = () => 5;

describe('InProcessQueue', () => {
  it('delivers SQS-shaped batches of at most batchSize', async () => {
    const batches: SQSEvent[] = [];
    const queue = new InProcessQueue({
      name: 'crm-updates',
      batchSize: 2,
      consumer: async (event) => {
        batches.push(event);
        return { batchItemFailures: [] };
      },
    });
    await Promise.all([queue.send({ n: 1 }), queue.send({ n: 2 }), queue.send({ n: 3 })]);
    await queue.idle();
    expect(batches.map((b) => b.Records.length)).toEqual([2, 1]);
    const record = batches[0]?.Records[0];
    expect(record).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:crm-updates',
      attributes: { ApproximateReceiveCount: '1' },
    });
    expect(JSON.parse(record?.body ?? '')).toEqual({ n: 1 });
    expect(queue.depth).toBe(0);
  });

  it('retries only the items reported as failures', async () => {
    const seen: string[] = [];
    let failOnce = true;
    const queue = new InProcessQueue({
      name: 'q',
      backoffMs: fastBackoff,
      consumer: async (event) => {
        const failures = [];
        for (const record of event.Records) {
          const { n } = JSON.parse(record.body);
          seen.push(`${n}@${record.attributes.ApproximateReceiveCount}`);
          if (n === 2 && failOnce) {
            failOnce = false;
            failures.push({ itemIdentifier: record.messageId });
          }
        }
        return { batchItemFailures: failures };
      },
    });
    await queue.send({ n: 1 });
    await queue.send({ n: 2 });
    await queue.idle();
    expect(seen).toContain('2@1');
    expect(seen).toContain('2@2');
    expect(seen.filter((s) => s.startsWith('1@'))).toEqual(['1@1']);
    expect(queue.deadLetters).toEqual([]);
  });

  it('moves a message that keeps failing to the dead-letter list with its reason, and re-drives it', async () => {
    let healthy = false;
    const delivered: number[] = [];
    const queue = new InProcessQueue({
      name: 'q',
      maxReceiveCount: 3,
      backoffMs: fastBackoff,
      consumer: async (event) => {
        if (!healthy) throw new Error('HubSpot answered 503');
        for (const record of event.Records) delivered.push(JSON.parse(record.body).n);
        return { batchItemFailures: [] };
      },
    });
    await queue.send({ n: 7 });
    await queue.idle();
    expect(queue.deadLetters).toHaveLength(1);
    expect(queue.deadLetters[0]).toMatchObject({ receiveCount: 3, reason: 'HubSpot answered 503' });
    healthy = true;
    expect(queue.redrive()).toBe(1);
    await queue.idle();
    expect(delivered).toEqual([7]);
    expect(queue.deadLetters).toEqual([]);
  });

  it('dead-letters a batch item failure with the reason the consumer gives for it', async () => {
    const queue = new InProcessQueue({
      name: 'q',
      maxReceiveCount: 2,
      backoffMs: fastBackoff,
      consumer: async (event) => ({
        batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })),
      }),
      failureReason: () => 'CrmError: HubSpot answered 503',
    });
    await queue.send({ n: 1 });
    await queue.idle();
    expect(queue.deadLetters[0]).toMatchObject({ receiveCount: 2, reason: 'CrmError: HubSpot answered 503' });
  });

  it('backs off exponentially up to 30 s', () => {
    expect([1, 2, 3, 10].map(defaultBackoff)).toEqual([1000, 2000, 4000, 30_000]);
  });
});
