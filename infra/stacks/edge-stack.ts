/**
 * The AWS WAF web ACL of the site's CloudFront distribution. A CloudFront web ACL must be created
 * in us-east-1, so this is a stack of its own there (EDGE_REGION); the web stack reads its ARN
 * with a weak cross-region reference (`Fn::GetStackOutput`, docs/decisions.md record 26).
 *
 * Rules, cheapest and most specific first: Amazon's IP reputation list, a tight per-IP rate rule
 * on sign-up and the public forms, a general per-IP rate rule on /api/, then the common and
 * known-bad-inputs managed groups. Rate rules answer 429 with Retry-After and a Spanish message.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import {
  API_PATH_PREFIX,
  FORM_PATHS,
  type PlatformConfig,
  RATE_LIMITED_MESSAGE,
  WAF_RATE_WINDOW_SECONDS,
} from '../config';

/**
 * AWS managed rule groups, in evaluation order. The common set's SizeRestrictions_BODY blocks
 * bodies over 8 KB, but the API takes up to 256 KB and answers 413 itself beyond that: the rule
 * only counts, so its hits stay visible without refusing legitimate large bodies.
 */
export const MANAGED_RULE_GROUPS = [
  { name: 'AWSManagedRulesAmazonIpReputationList', priority: 0, countOnly: [] },
  { name: 'AWSManagedRulesCommonRuleSet', priority: 3, countOnly: ['SizeRestrictions_BODY'] },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', priority: 4, countOnly: [] },
] as const;

export const RATE_RULES = {
  forms: { name: 'rate-forms', priority: 1 },
  api: { name: 'rate-api', priority: 2 },
};

const RATE_LIMITED_BODY = 'rate-limited';

export interface EdgeStackProps extends StackProps {
  config: PlatformConfig;
}

export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = `${config.stage}-preu`;
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });

    const rateRule = (
      rule: { name: string; priority: number },
      limit: number,
      scopeDown: CfnWebACL.StatementProperty,
    ): CfnWebACL.RuleProperty => ({
      name: rule.name,
      priority: rule.priority,
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit,
          evaluationWindowSec: WAF_RATE_WINDOW_SECONDS,
          scopeDownStatement: scopeDown,
        },
      },
      action: {
        block: {
          customResponse: {
            responseCode: 429,
            customResponseBodyKey: RATE_LIMITED_BODY,
            responseHeaders: [{ name: 'retry-after', value: String(WAF_RATE_WINDOW_SECONDS) }],
          },
        },
      },
      visibilityConfig: visibility(`${prefix}-${rule.name}`),
    });

    const managedRule = (group: (typeof MANAGED_RULE_GROUPS)[number]): CfnWebACL.RuleProperty => ({
      name: group.name,
      priority: group.priority,
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: group.name,
          ...(group.countOnly.length > 0
            ? {
                ruleActionOverrides: group.countOnly.map((name) => ({
                  name,
                  actionToUse: { count: {} },
                })),
              }
            : {}),
        },
      },
      overrideAction: { none: {} },
      visibilityConfig: visibility(`${prefix}-${group.name}`),
    });

    const [ipReputation, common, knownBadInputs] = MANAGED_RULE_GROUPS;
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${prefix}-web`,
      description: `Preu PAES ${config.stage}: managed rules and per-IP rate limits in front of the site and /api/`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [RATE_LIMITED_BODY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ message: RATE_LIMITED_MESSAGE }),
        },
      },
      rules: [
        managedRule(ipReputation),
        rateRule(RATE_RULES.forms, config.settings.edgeRateLimits.forms, formsStatement()),
        rateRule(
          RATE_RULES.api,
          config.settings.edgeRateLimits.api,
          pathStatement('STARTS_WITH', API_PATH_PREFIX),
        ),
        managedRule(common),
        managedRule(knownBadInputs),
      ],
      visibilityConfig: visibility(`${prefix}-web`),
    });

    // WAF only logs to groups named aws-waf-logs-*, in the web ACL's region.
    const logs = new LogGroup(this, 'WafLogs', {
      logGroupName: `aws-waf-logs-${prefix}`,
      retention: config.settings.logRetention,
      removalPolicy: config.settings.removalPolicy,
    });
    new CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [logs.logGroupArn],
      // Tokens and cookies stay out of the logs.
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
      // Only what a rule blocked or counted: allowed traffic is in CloudFront's access logs.
      loggingFilter: {
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
  }
}

function pathStatement(
  positionalConstraint: 'EXACTLY' | 'STARTS_WITH',
  searchString: string,
): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint,
      searchString,
      // `//api/user/signup-v2` or `/api/./hubspot/…` must not slip past the scope.
      textTransformations: [{ priority: 0, type: 'NORMALIZE_PATH' }],
    },
  };
}

function formsStatement(): CfnWebACL.StatementProperty {
  return {
    orStatement: {
      statements: [
        ...FORM_PATHS.exact.map((path) => pathStatement('EXACTLY', path)),
        ...FORM_PATHS.prefix.map((path) => pathStatement('STARTS_WITH', path)),
      ],
    },
  };
}
