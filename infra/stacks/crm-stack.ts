/**
 * CRM synchronisation: the `crm-updates` queue that handlers send HubSpot property updates to,
 * its dead-letter queue, and the worker that consumes it with partial batch failures.
 *
 * The worker's code (lambdas/workers/crm.ts) is written by another issue. Until that file exists
 * the queue, the DLQ and the DLQ alarm are deployed and messages wait in the queue; the worker
 * function and its event source appear on the first deploy after the file lands. No placeholder
 * worker is ever deployed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { TableKey } from '../../lambdas/data/tables';
import type { PlatformConfig } from '../config';
import { PlatformFunction, REPO_ROOT } from '../constructs/platform-function';
import { CRM_WORKER_PERMISSIONS } from '../permissions';

export const CRM_WORKER_ENTRY = 'lambdas/workers/crm.ts';
/** Receives before a message moves to the DLQ (the local queue uses the same default). */
export const CRM_MAX_RECEIVE_COUNT = 5;
const WORKER_TIMEOUT = Duration.seconds(30);

export interface CrmStackProps extends StackProps {
  config: PlatformConfig;
  tables: Record<TableKey, ITable>;
  /** Defaults to whether lambdas/workers/crm.ts exists; tests set it explicitly. */
  includeWorker?: boolean;
  /** Tests only: the file the worker is built from. */
  workerEntry?: string;
}

export class CrmStack extends Stack {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: PlatformFunction | undefined;

  constructor(scope: Construct, id: string, props: CrmStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      queueName: `${config.stage}-preu-crm-updates-dlq`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Queue', {
      queueName: `${config.stage}-preu-crm-updates`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's guidance for Lambda sources: at least six times the function timeout.
      visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: CRM_MAX_RECEIVE_COUNT },
    });

    const includeWorker = props.includeWorker ?? existsSync(path.join(REPO_ROOT, CRM_WORKER_ENTRY));
    if (includeWorker) {
      this.worker = new PlatformFunction(this, 'Worker', {
        name: 'crm-worker',
        entry: props.workerEntry ?? CRM_WORKER_ENTRY,
        description: 'Applies CRM property updates from the crm-updates queue to HubSpot',
        config,
        tables: props.tables,
        crmQueue: this.queue,
        permissions: CRM_WORKER_PERMISSIONS,
        timeout: WORKER_TIMEOUT,
      });
      this.worker.function.addEventSource(
        new SqsEventSource(this.queue, {
          batchSize: 10,
          reportBatchItemFailures: true,
          // HubSpot rate-limits private apps per 10-second window; few concurrent batches stay inside it.
          maxConcurrency: 2,
        }),
      );
    }
  }
}
