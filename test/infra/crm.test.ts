/**
 * The CRM queue: dead-letter redrive, encryption, the DLQ alarm, and the worker wiring that
 * appears once lambdas/workers/crm.ts exists.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/constructs/platform-function';
import { CRM_WORKER_PERMISSIONS } from '../../infra/permissions';
import { CRM_MAX_RECEIVE_COUNT, CRM_WORKER_ENTRY } from '../../infra/stacks/crm-stack';
import {
  logicalId,
  policyStatements,
  removeSynthOutputs,
  resourcesOf,
  type SynthesizedPlatform,
  synthPlatform,
} from './helpers';

afterAll(removeSynthOutputs);

let withWorker: SynthesizedPlatform;
let withoutWorker: Template;

beforeAll(() => {
  // The worker is another issue's file; `workerEntry` points at any existing module because
  // bundling is skipped here and only the wiring is asserted.
  withWorker = synthPlatform(
    { webOrigin: 'https://www.preu.example' },
    { includeCrmWorker: true, crmWorkerEntry: 'lambdas/http/health.ts' },
  );
  withoutWorker = synthPlatform({ webOrigin: 'https://www.preu.example' }, { includeCrmWorker: false })
    .templates.crm;
});

describe('crm-updates queue', () => {
  it('moves a message to the dead-letter queue after the configured receives', () => {
    const crm = withWorker.platform.crm;
    withWorker.templates.crm.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'dev-preu-crm-updates',
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(crm, crm.deadLetterQueue), 'Arn'] },
        maxReceiveCount: CRM_MAX_RECEIVE_COUNT,
      },
      SqsManagedSseEnabled: true,
    });
    withWorker.templates.crm.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'dev-preu-crm-updates-dlq',
      MessageRetentionPeriod: 14 * 24 * 3600,
      SqsManagedSseEnabled: true,
    });
  });

  it('refuses requests without TLS on both queues', () => {
    for (const [, policy] of resourcesOf(withWorker.templates.crm, 'AWS::SQS::QueuePolicy')) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
    expect(resourcesOf(withWorker.templates.crm, 'AWS::SQS::QueuePolicy')).toHaveLength(2);
  });

  it('raises an alarm as soon as a message reaches the dead-letter queue', () => {
    withWorker.templates.operations.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'dev-preu-crm-dead-letters',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [
        { Ref: logicalId(withWorker.platform.operations, withWorker.platform.operations.alarmTopic) },
      ],
    });
  });
});

describe('worker', () => {
  it('exists exactly when lambdas/workers/crm.ts does (no placeholder)', () => {
    expect(CRM_WORKER_ENTRY).toBe('lambdas/workers/crm.ts');
    const real = synthPlatform({ webOrigin: 'https://www.preu.example' }).platform.crm.worker;
    expect(Boolean(real)).toBe(existsSync(path.join(REPO_ROOT, CRM_WORKER_ENTRY)));
    expect(resourcesOf(withoutWorker, 'AWS::Lambda::Function')).toHaveLength(0);
    expect(resourcesOf(withoutWorker, 'AWS::Lambda::EventSourceMapping')).toHaveLength(0);
  });

  it('consumes the queue in batches and reports partial batch failures', () => {
    const crm = withWorker.platform.crm;
    withWorker.templates.crm.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(crm, crm.queue), 'Arn'] },
      FunctionName: { Ref: logicalId(crm, crm.worker?.function as never) },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('lets a message become visible again only after the worker timed out, six times over', () => {
    withWorker.templates.crm.hasResourceProperties('AWS::Lambda::Function', {
      Timeout: 30,
      Runtime: 'nodejs24.x',
    });
    withWorker.templates.crm.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'dev-preu-crm-updates',
      VisibilityTimeout: 180,
    });
  });

  it('reads the HubSpot token parameter and the tables of its permission entry', () => {
    const crm = withWorker.platform.crm;
    const worker = crm.worker as NonNullable<typeof crm.worker>;
    const policyId = logicalId(crm, worker.role.node.findChild('DefaultPolicy') as never);
    const statements = policyStatements(withWorker.templates.crm)
      .filter((s) => s.owner === policyId)
      .map((s) => JSON.stringify(s.statement));
    expect(
      statements.some(
        (s) => s.includes('ssm:GetParameter') && s.includes('parameter/preu/dev/hubspot/token'),
      ),
    ).toBe(true);
    expect(statements.some((s) => s.includes('sqs:ReceiveMessage'))).toBe(true);
    expect(statements.some((s) => s.includes('sqs:SendMessage'))).toBe(
      CRM_WORKER_PERMISSIONS.sendsCrmUpdates,
    );
    for (const key of Object.keys(CRM_WORKER_PERMISSIONS.tables)) {
      expect(
        statements.some((s) => s.includes(`${key.charAt(0).toUpperCase()}${key.slice(1)}Table`)),
        key,
      ).toBe(true);
    }
  });
});
