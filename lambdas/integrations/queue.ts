/**
 * The queue behind CRM updates: SQS in AWS; locally the stack registers an in-process stand-in
 * (scripts/local/inProcessQueue.ts). Producers call `queueCrmUpdate(message)`; the consumer is a
 * Lambda SQS handler in both cases, and receives SQS-shaped batches and answers with partial batch
 * failures.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { QueuedCrmMessage } from '@core/domain/crm';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { readConfig } from '../lib/config';
import { localStandIn } from './local';

export interface MessageQueue {
  send(body: unknown): Promise<void>;
}

export type QueueConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;

export class SqsQueue implements MessageQueue {
  constructor(
    private readonly queueUrl: string,
    private client?: SQSClient,
  ) {}

  async send(body: unknown): Promise<void> {
    // The SQS client is loaded by the first send: most requests of a function queue nothing (issue 15).
    const { SendMessageCommand, SQSClient } = await import('@aws-sdk/client-sqs');
    this.client ??= new SQSClient({});
    await this.client.send(
      new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(body) }),
    );
  }
}

export const CRM_QUEUE = 'crm-updates';

declare module './local' {
  interface LocalStandIns {
    /** The local stack's in-process queue of CRM updates (scripts/local/inProcessQueue.ts). */
    crmQueue: MessageQueue;
  }
}

let crmSqs: SqsQueue | undefined;

/** The queue of CRM updates: SQS when CRM_QUEUE_URL is set, else the registered stand-in, else a logged 503. */
export function crmQueue(): MessageQueue {
  const { queueUrl } = readConfig().crm;
  if (!queueUrl) return localStandIn('crmQueue', 'CRM_QUEUE_URL');
  crmSqs ??= new SqsQueue(queueUrl);
  return crmSqs;
}

/** Queues a CRM property update or ticket for the CRM worker (lambdas/workers/crm.ts). */
export async function queueCrmUpdate(message: QueuedCrmMessage): Promise<void> {
  await crmQueue().send(message);
}
