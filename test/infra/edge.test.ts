/**
 * The edge: the CloudFront-scoped WAF web ACL in us-east-1, its AWS managed rule groups, the
 * per-IP rate rules with their scope-down statements and 429 answer, and its logging.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATH_PREFIX,
  FORM_PATHS,
  RATE_LIMITED_MESSAGE,
  STAGE_SETTINGS,
  WAF_RATE_WINDOW_SECONDS,
} from '../../infra/config';
import { routeKey, routes } from '../../lambdas/routes';
import {
  type CfnResourceJson,
  onlyResource,
  removeSynthOutputs,
  resourcesOf,
  type SynthesizedPlatform,
  synthPlatform,
} from './helpers';

afterAll(removeSynthOutputs);

let synth: SynthesizedPlatform;
let edge: Template;

beforeAll(() => {
  synth = synthPlatform({ webOrigin: 'https://www.preu.example' });
  edge = synth.templates.edge;
});

// biome-ignore lint/suspicious/noExplicitAny: WAF rule JSON from the template.
type RuleJson = Record<string, any>;
const webAcl = () => onlyResource(edge, 'AWS::WAFv2::WebACL').Properties;
const rules = (): RuleJson[] => webAcl().Rules;
const rule = (name: string): RuleJson => {
  const found = rules().find((r) => r.Name === name);
  if (!found) throw new Error(`No rule ${name}`);
  return found;
};

const pathMatch = (PositionalConstraint: string, SearchString: string) => ({
  ByteMatchStatement: {
    FieldToMatch: { UriPath: {} },
    PositionalConstraint,
    SearchString,
    TextTransformations: [{ Priority: 0, Type: 'NORMALIZE_PATH' }],
  },
});

describe('web ACL', () => {
  it('is a CloudFront web ACL in us-east-1 that allows what no rule stops', () => {
    expect(synth.platform.edge.region).toBe('us-east-1');
    expect(synth.platform.edge.stackName).toBe('preu-dev-edge');
    expect(webAcl()).toMatchObject({
      Name: 'dev-preu-web',
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      VisibilityConfig: { CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true },
    });
  });

  it('has unique priorities, and metrics and samples on every rule', () => {
    const priorities = rules().map((r) => r.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
    for (const r of rules()) {
      expect(r.VisibilityConfig, r.Name).toEqual({
        CloudWatchMetricsEnabled: true,
        MetricName: `dev-preu-${r.Name}`,
        SampledRequestsEnabled: true,
      });
    }
    expect(rules().map((r) => r.Name)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'rate-forms',
      'rate-api',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
  });
});

describe('AWS managed rule groups', () => {
  it.each([
    'AWSManagedRulesAmazonIpReputationList',
    'AWSManagedRulesCommonRuleSet',
    'AWSManagedRulesKnownBadInputsRuleSet',
  ])('applies %s with its own actions', (name) => {
    expect(rule(name)).toMatchObject({
      OverrideAction: { None: {} },
      Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: name } },
    });
  });

  it('only counts the common set’s body-size rule: the API takes up to 256 KB and answers 413 itself', () => {
    expect(
      rule('AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement.RuleActionOverrides,
    ).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    for (const name of ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet']) {
      expect(rule(name).Statement.ManagedRuleGroupStatement.RuleActionOverrides, name).toBeUndefined();
    }
  });
});

describe('rate rules per IP', () => {
  const rateLimited = {
    Block: {
      CustomResponse: {
        ResponseCode: 429,
        CustomResponseBodyKey: 'rate-limited',
        ResponseHeaders: [{ Name: 'retry-after', Value: String(WAF_RATE_WINDOW_SECONDS) }],
      },
    },
  };

  it('limits sign-up and the public forms tightly, scoped to their paths', () => {
    expect(rule('rate-forms')).toMatchObject({
      Action: rateLimited,
      Statement: {
        RateBasedStatement: {
          AggregateKeyType: 'IP',
          Limit: STAGE_SETTINGS.dev.edgeRateLimits.forms,
          EvaluationWindowSec: WAF_RATE_WINDOW_SECONDS,
          ScopeDownStatement: {
            OrStatement: {
              Statements: [
                pathMatch('EXACTLY', '/api/user/signup-v2'),
                pathMatch('STARTS_WITH', '/api/hubspot/submission/'),
              ],
            },
          },
        },
      },
    });
  });

  it('limits everything under /api/ with the general limit', () => {
    expect(rule('rate-api')).toMatchObject({
      Action: rateLimited,
      Statement: {
        RateBasedStatement: {
          AggregateKeyType: 'IP',
          Limit: STAGE_SETTINGS.dev.edgeRateLimits.api,
          EvaluationWindowSec: WAF_RATE_WINDOW_SECONDS,
          ScopeDownStatement: pathMatch('STARTS_WITH', '/api/'),
        },
      },
    });
  });

  it('scopes the tight rule to exactly sign-up and the two public forms of the route table', () => {
    const covered = routes.filter(
      (route) =>
        (FORM_PATHS.exact as readonly string[]).includes(route.path) ||
        FORM_PATHS.prefix.some((prefix) => route.path.startsWith(prefix)),
    );
    expect(covered.map(routeKey).sort()).toEqual([
      'POST /api/hubspot/submission/contact',
      'POST /api/hubspot/submission/register',
      'POST /api/user/signup-v2',
    ]);
    for (const route of routes) expect(route.path.startsWith(API_PATH_PREFIX), route.path).toBe(true);
  });

  it('answers 429 with a JSON body in the API’s error shape, in Spanish', () => {
    const body = webAcl().CustomResponseBodies['rate-limited'];
    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toEqual({ message: RATE_LIMITED_MESSAGE });
  });

  it('keeps the tight limit below the general one, within what WAF accepts, in every stage', () => {
    for (const [stage, { edgeRateLimits }] of Object.entries(STAGE_SETTINGS)) {
      expect(edgeRateLimits.forms, stage).toBeGreaterThanOrEqual(10);
      expect(edgeRateLimits.forms, stage).toBeLessThan(edgeRateLimits.api);
    }
    expect([60, 120, 300, 600]).toContain(WAF_RATE_WINDOW_SECONDS);
  });
});

describe('logging', () => {
  it('logs blocked and counted requests to an aws-waf-logs-* group, without tokens or cookies', () => {
    const groups = resourcesOf(edge, 'AWS::Logs::LogGroup');
    expect(groups).toHaveLength(1);
    const [groupId, group] = groups[0] as [string, CfnResourceJson];
    expect(group.Properties).toMatchObject({ LogGroupName: 'aws-waf-logs-dev-preu', RetentionInDays: 14 });
    expect(onlyResource(edge, 'AWS::WAFv2::LoggingConfiguration').Properties).toEqual({
      ResourceArn: { 'Fn::GetAtt': ['WebAcl', 'Arn'] },
      LogDestinationConfigs: [{ 'Fn::GetAtt': [groupId, 'Arn'] }],
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'cookie' } }],
      LoggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    });
  });
});
