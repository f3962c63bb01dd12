/**
 * Cross-cutting checks over every template: no wildcard access to data, no secrets in the
 * template, bounded log retention, and the operations alarms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_5XX_RATE_THRESHOLD } from '../../infra/stacks/operations-stack';
import {
  asList,
  policyStatements,
  removeSynthOutputs,
  resourcesOf,
  type StackName,
  type SynthesizedPlatform,
  synthPlatform,
} from './helpers';

afterAll(removeSynthOutputs);

/** Services that hold or carry student data, keys or secrets. */
const DATA_SERVICES = ['dynamodb', 'sqs', 'ssm', 'kms', 'secretsmanager', 'cognito-idp'];

let synth: SynthesizedPlatform;

beforeAll(() => {
  synth = synthPlatform(
    { webOrigin: 'https://www.preu.example', alarmEmail: 'ops@preu.example' },
    { includeCrmWorker: true, crmWorkerEntry: 'lambdas/http/health.ts' },
  );
});

const everyStatement = () =>
  (Object.entries(synth.templates) as [StackName, (typeof synth.templates)[StackName]][]).flatMap(
    ([stack, template]) => policyStatements(template).map((entry) => ({ stack, ...entry })),
  );

describe('IAM', () => {
  it('has no statement with a wildcard action on a data service, or any data action on every resource', () => {
    const offending = everyStatement().filter(({ statement }) => {
      if (statement.Effect !== 'Allow') return false;
      const actions = asList(statement.Action);
      const onData = actions.filter(
        (action) => action === '*' || DATA_SERVICES.includes(action.split(':')[0] ?? ''),
      );
      if (onData.length === 0) return false;
      return onData.some((action) => action.includes('*')) || asList(statement.Resource).includes('*');
    });
    expect(offending).toEqual([]);
  });

  it('keeps wildcard actions to the S3 copy role of the site deployment', () => {
    const wildcards = everyStatement().filter(({ statement }) =>
      asList(statement.Action).some((a) => a.includes('*')),
    );
    const owners = new Set(wildcards.map(({ stack, owner }) => `${stack}/${owner}`));
    expect([...owners].every((owner) => owner.startsWith('web/DeploymentRole'))).toBe(true);
    for (const { statement } of wildcards) {
      expect(asList(statement.Action).every((action) => action.startsWith('s3:'))).toBe(true);
    }
  });

  it('never grants the Scan action', () => {
    const scans = everyStatement().filter(({ statement }) =>
      asList(statement.Action).includes('dynamodb:Scan'),
    );
    expect(scans).toEqual([]);
  });
});

describe('secrets', () => {
  it('puts only parameter names in the templates, never values', () => {
    const text = JSON.stringify(Object.values(synth.templates).map((template) => template.toJSON()));
    expect(text).not.toMatch(/sk_(live|test)_|whsec_|pat-[a-z]{2}\d?-/);
    expect(resourcesOf(synth.templates.operations, 'AWS::SSM::Parameter')).toEqual([]);
    expect(text).toContain('"/preu/dev/stripe/secret-key"');
  });
});

describe('logs', () => {
  it('gives every log group a retention', () => {
    for (const [name, template] of Object.entries(synth.templates)) {
      for (const [id, group] of resourcesOf(template, 'AWS::Logs::LogGroup')) {
        expect(group.Properties.RetentionInDays, `${name}/${id}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('alarms', () => {
  const alarms = () =>
    resourcesOf(synth.templates.operations, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties ?? {});

  it('watches the API 5xx rate', () => {
    const rate = alarms().find((alarm) => alarm.AlarmName === 'dev-preu-api-5xx-rate');
    expect(rate).toMatchObject({
      Threshold: API_5XX_RATE_THRESHOLD,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    const metrics = JSON.stringify(rate?.Metrics);
    expect(metrics).toContain('"MetricName":"5xx"');
    expect(metrics).toContain('"MetricName":"Count"');
    expect(metrics).toContain('100 * errors / requests');
  });

  it('watches the errors of every Lambda, API handlers and CRM worker alike', () => {
    const names = alarms()
      .map((alarm) => alarm.AlarmName as string)
      .filter((name) => name.endsWith('-errors'));
    const expected = [...synth.platform.api.functions.keys()].map(
      (module) => `dev-preu-api-${module}-errors`,
    );
    expect(names.sort()).toEqual([...expected, 'dev-preu-crm-worker-errors'].sort());
  });

  it('notifies one topic, subscribed by the configured e-mail, over TLS only', () => {
    for (const alarm of alarms()) expect((alarm.AlarmActions as unknown[]).length).toBe(1);
    synth.templates.operations.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@preu.example',
    });
    expect(JSON.stringify(synth.templates.operations.findResources('AWS::SNS::TopicPolicy'))).toContain(
      'aws:SecureTransport',
    );
  });
});
