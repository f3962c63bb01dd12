/**
 * Deployment settings read from CDK context: the stage (`-c stage=prod`) and the per-stage values
 * ops set in cdk.json under `stages.<stage>` or on the command line (`-c webOrigin=https://…`,
 * which wins). docs/operations.md lists every key.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** What changes between stages: retention, protection and limits. */
export interface StageSettings {
  /** Tables, the user pool, buckets and log groups: kept on stack deletion in production. */
  removalPolicy: RemovalPolicy;
  /** DynamoDB and Cognito deletion protection. */
  deletionProtection: boolean;
  logRetention: RetentionDays;
  /** S3/CloudFront access logs expire after this many days. */
  accessLogExpiration: Duration;
  /** Steady-state requests per second and burst of the API's default stage. */
  apiThrottle: { rateLimit: number; burstLimit: number };
  logLevel: 'DEBUG' | 'INFO';
}

export const STAGE_SETTINGS: Record<Stage, StageSettings> = {
  dev: {
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.TWO_WEEKS,
    accessLogExpiration: Duration.days(14),
    apiThrottle: { rateLimit: 20, burstLimit: 40 },
    logLevel: 'DEBUG',
  },
  prod: {
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    logRetention: RetentionDays.SIX_MONTHS,
    accessLogExpiration: Duration.days(180),
    apiThrottle: { rateLimit: 200, burstLimit: 400 },
    logLevel: 'INFO',
  },
};

export interface PlatformConfig {
  stage: Stage;
  settings: StageSettings;
  /**
   * Origin of the web app (`https://www.example.cl`, or the CloudFront URL the first deploy
   * prints). The API allows CORS from it only and the Lambdas receive it as WEB_ORIGIN. Unset
   * means "not known yet": the stacks still synthesize, with a warning, and browsers are refused.
   */
  webOrigin: string | undefined;
  /** A custom domain for the distribution, with its ACM certificate in us-east-1. */
  domainName: string | undefined;
  certificateArn: string | undefined;
  /** HubSpot portal: the CSP admits HubSpot's chat and tracking hosts, config.json enables the chat. */
  hubspotPortalId: string | undefined;
  /** GA4 measurement id (G-…): the CSP admits Google Analytics, config.json enables analytics. */
  gaMeasurementId: string | undefined;
  /**
   * Non-secret integration settings the Lambdas read (lambdas/lib/config.ts), by environment
   * variable; only the ones set in context.
   */
  functionSettings: Record<string, string>;
  /** Alarm notifications are e-mailed here when set. */
  alarmEmail: string | undefined;
  /** Cognito sends its e-mails through this SES identity when set (Cognito's own sender is capped at 50 a day). */
  sesFromEmail: string | undefined;
  sesRegion: string | undefined;
}

/** Context keys that become environment variables of every Lambda when set. */
export const FUNCTION_SETTINGS = {
  hubspotPortalId: 'HUBSPOT_PORTAL_ID',
  hubspotRegisterFormId: 'HUBSPOT_REGISTER_FORM_ID',
  hubspotContactFormId: 'HUBSPOT_CONTACT_FORM_ID',
  hubspotTicketPipeline: 'HUBSPOT_TICKET_PIPELINE',
  hubspotTicketStage: 'HUBSPOT_TICKET_STAGE',
  stripePriceMonthly: 'STRIPE_PRICE_MONTHLY',
  stripePriceYearly: 'STRIPE_PRICE_YEARLY',
  stripePromotionCoupon: 'STRIPE_PROMOTION_COUPON',
} as const;

const SETTING_KEYS = [
  'webOrigin',
  'domainName',
  'certificateArn',
  'gaMeasurementId',
  'alarmEmail',
  'sesFromEmail',
  'sesRegion',
  ...(Object.keys(FUNCTION_SETTINGS) as (keyof typeof FUNCTION_SETTINGS)[]),
] as const;

export function readPlatformConfig(scope: Construct): PlatformConfig {
  const stage = (scope.node.tryGetContext('stage') ?? 'dev') as string;
  if (!isStage(stage)) {
    throw new Error(`Unknown stage "${stage}": use -c stage=${STAGES.join(' or -c stage=')}`);
  }
  const perStage = (
    scope.node.tryGetContext('stages') as Record<string, Record<string, unknown>> | undefined
  )?.[stage];
  const setting = (key: (typeof SETTING_KEYS)[number]): string | undefined => {
    const value = scope.node.tryGetContext(key) ?? perStage?.[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
    return value;
  };

  const domainName = setting('domainName');
  const certificateArn = setting('certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error(
      'Context "domainName" and "certificateArn" go together (the certificate must be in us-east-1)',
    );
  }
  const webOrigin = normalizeOrigin(
    setting('webOrigin') ?? (domainName ? `https://${domainName}` : undefined),
  );
  const sesFromEmail = setting('sesFromEmail');
  const sesRegion = setting('sesRegion');
  if (sesFromEmail && !sesRegion)
    throw new Error('Context "sesFromEmail" needs "sesRegion" (the SES identity region)');

  return {
    stage,
    settings: STAGE_SETTINGS[stage],
    webOrigin,
    domainName,
    certificateArn,
    hubspotPortalId: setting('hubspotPortalId'),
    gaMeasurementId: setting('gaMeasurementId'),
    functionSettings: Object.fromEntries(
      (Object.entries(FUNCTION_SETTINGS) as [keyof typeof FUNCTION_SETTINGS, string][]).flatMap(
        ([key, envVar]) => {
          const value = setting(key);
          return value === undefined ? [] : [[envVar, value]];
        },
      ),
    ),
    alarmEmail: setting('alarmEmail'),
    sesFromEmail,
    sesRegion,
  };
}

function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

/** `https://host[:port]` without path or trailing slash, the form browsers send in `Origin`. */
function normalizeOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Context "webOrigin" is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:') throw new Error(`Context "webOrigin" must be https: ${value}`);
  return url.origin;
}
