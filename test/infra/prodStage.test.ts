/**
 * `-c stage=prod` keeps and protects what holds data, keeps logs longer, and serves the custom
 * domain when one is configured.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE_SETTINGS } from '../../infra/config';
import { tableName } from '../../lambdas/data/tables';
import {
  onlyResource,
  removeSynthOutputs,
  resourcesOf,
  type SynthesizedPlatform,
  synthPlatform,
} from './helpers';

afterAll(removeSynthOutputs);

const DOMAIN = 'www.preu.example';
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';

let synth: SynthesizedPlatform;

beforeAll(() => {
  synth = synthPlatform({ stage: 'prod', domainName: DOMAIN, certificateArn: CERTIFICATE });
});

describe('prod stage', () => {
  it('names resources for the stage', () => {
    synth.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: tableName('prod', 'users'),
    });
    expect(synth.platform.api.stackName).toBe('preu-prod-api');
  });

  it('retains and protects the tables and the user pool', () => {
    for (const [id, table] of resourcesOf(synth.templates.data, 'AWS::DynamoDB::Table')) {
      expect(table.DeletionPolicy, id).toBe('Retain');
      expect(table.UpdateReplacePolicy, id).toBe('Retain');
      expect(table.Properties.DeletionProtectionEnabled, id).toBe(true);
    }
    synth.templates.auth.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: { DeletionProtection: 'ACTIVE' },
    });
  });

  it('retains the site bucket and keeps Lambda logs six months', () => {
    synth.templates.web.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: { VersioningConfiguration: { Status: 'Enabled' } },
    });
    expect(synth.templates.web.findResources('Custom::S3AutoDeleteObjects')).toEqual({});
    for (const [id, group] of resourcesOf(synth.templates.api, 'AWS::Logs::LogGroup')) {
      expect(group.Properties.RetentionInDays, id).toBe(RetentionDays.SIX_MONTHS);
      expect(group.DeletionPolicy, id).toBe('Retain');
    }
  });

  it('serves the custom domain with TLS 1.2 and takes it as the web origin', () => {
    synth.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: [DOMAIN],
        ViewerCertificate: {
          AcmCertificateArn: CERTIFICATE,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      },
    });
    for (const [id, fn] of resourcesOf(synth.templates.api, 'AWS::Lambda::Function')) {
      expect(fn.Properties.Environment.Variables.WEB_ORIGIN, id).toBe(`https://${DOMAIN}`);
    }
  });

  it('throttles the API, its writing routes and each IP at the edge at the production limits', () => {
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 },
      RouteSettings: Match.objectLike({
        'POST /api/user/signup-v2': {
          ThrottlingRateLimit: STAGE_SETTINGS.prod.routeThrottles.signUp.rateLimit,
          ThrottlingBurstLimit: STAGE_SETTINGS.prod.routeThrottles.signUp.burstLimit,
        },
        'POST /api/exam/{id}/attempt': {
          ThrottlingRateLimit: STAGE_SETTINGS.prod.routeThrottles.examAttempts.rateLimit,
          ThrottlingBurstLimit: STAGE_SETTINGS.prod.routeThrottles.examAttempts.burstLimit,
        },
      }),
    });
    const rules = onlyResource(synth.templates.edge, 'AWS::WAFv2::WebACL').Properties.Rules as {
      Name: string;
      Statement: { RateBasedStatement?: { Limit: number } };
    }[];
    const limitOf = (name: string) =>
      rules.find((rule) => rule.Name === name)?.Statement.RateBasedStatement?.Limit;
    expect(limitOf('rate-forms')).toBe(STAGE_SETTINGS.prod.edgeRateLimits.forms);
    expect(limitOf('rate-api')).toBe(STAGE_SETTINGS.prod.edgeRateLimits.api);
    expect(STAGE_SETTINGS.prod.edgeRateLimits.forms).not.toBe(STAGE_SETTINGS.dev.edgeRateLimits.forms);
  });
});
