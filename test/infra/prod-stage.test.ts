/**
 * `-c stage=prod` keeps and protects what holds data, keeps logs longer, and serves the custom
 * domain when one is configured.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../lambdas/data/tables';
import { removeSynthOutputs, resourcesOf, type SynthesizedPlatform, synthPlatform } from './helpers';

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
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: { AllowOrigins: [`https://${DOMAIN}`] },
    });
    for (const [id, fn] of resourcesOf(synth.templates.api, 'AWS::Lambda::Function')) {
      expect(fn.Properties.Environment.Variables.WEB_ORIGIN, id).toBe(`https://${DOMAIN}`);
    }
  });

  it('throttles the API at the production rate', () => {
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 },
    });
  });
});
