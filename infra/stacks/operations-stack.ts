/**
 * Alarms that page ops through one SNS topic: messages in the CRM dead-letter queue, the API's
 * 5xx rate, and errors of every Lambda. Secrets are not here on purpose: they are SSM
 * SecureString parameters created by hand (infra/secrets.ts, docs/operations.md).
 */
import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { PlatformConfig } from '../config';

/** Percentage of API requests answered with 5xx, over 5 minutes, that raises the alarm. */
export const API_5XX_RATE_THRESHOLD = 5;

export interface OperationsStackProps extends StackProps {
  config: PlatformConfig;
  httpApi: HttpApi;
  apiStage: HttpStage;
  crmDeadLetterQueue: IQueue;
  /** Every Lambda of the platform, by a readable name. */
  functions: ReadonlyMap<string, IFunction>;
}

export class OperationsStack extends Stack {
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.alarmTopic = new Topic(this, 'Alarms', {
      topicName: `${config.stage}-preu-alarms`,
      displayName: `Preu PAES ${config.stage} alarms`,
      enforceSSL: true,
    });
    Validations.of(this.alarmTopic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names and metric values only; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer key for this is not worth its cost.',
    });
    if (config.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(config.alarmEmail));
    const notify = new SnsAction(this.alarmTopic);

    const dlqDepth = new Alarm(this, 'CrmDeadLetters', {
      alarmName: `${config.stage}-preu-crm-dead-letters`,
      alarmDescription:
        'CRM updates failed every retry and sit in the dead-letter queue. See docs/operations.md ("CRM dead letters").',
      metric: props.crmDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: Stats.MAXIMUM,
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    dlqDepth.addAlarmAction(notify);

    const apiMetric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.httpApi.apiId, Stage: props.apiStage.stageName },
        statistic: Stats.SUM,
        period: Duration.minutes(5),
      });
    const api5xxRate = new Alarm(this, 'Api5xxRate', {
      alarmName: `${config.stage}-preu-api-5xx-rate`,
      alarmDescription: `More than ${API_5XX_RATE_THRESHOLD}% of API requests answered 5xx in two of three 5-minute periods.`,
      metric: new MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: { errors: apiMetric('5xx'), requests: apiMetric('Count') },
        label: 'API 5xx rate (%)',
        period: Duration.minutes(5),
      }),
      threshold: API_5XX_RATE_THRESHOLD,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    api5xxRate.addAlarmAction(notify);

    // Handlers turn unexpected errors into 500 answers, so a Lambda error is a crash or a timeout.
    for (const [name, fn] of props.functions) {
      const alarm = new Alarm(this, `${name}Errors`, {
        alarmName: `${config.stage}-preu-${name}-errors`,
        alarmDescription: `The ${name} Lambda failed (crash, timeout or a whole failed batch).`,
        metric: fn.metricErrors({ period: Duration.minutes(5), statistic: Stats.SUM }),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(notify);
    }
  }
}
