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
  apiThrottle: Throttle;
  /**
   * Route-level throttles of the API stage, per group of THROTTLED_ROUTES: a ceiling on all callers
   * of those routes together (not per caller), below the stage default, sized for what stands
   * behind them (HubSpot's and Stripe's API limits, bursts of sign-ups and exam starts).
   */
  routeThrottles: Record<ThrottledRouteGroup, Throttle>;
  /** Requests per client IP per WAF_RATE_WINDOW_SECONDS before the web ACL blocks that IP (docs/security.md). */
  edgeRateLimits: {
    /** Sign-up and the public forms (FORM_PATHS). */
    forms: number;
    /** Everything under /api/. */
    api: number;
  };
  logLevel: 'DEBUG' | 'INFO';
}

/** API Gateway token bucket: steady requests per second and the burst above it. */
export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/**
 * The writing routes with a throttle of their own, by route key (`METHOD /path`, as in
 * lambdas/routes.ts). The API stack refuses a key that is not in the route table.
 */
export const THROTTLED_ROUTES = {
  signUp: ['POST /api/user/signup-v2'],
  forms: ['POST /api/hubspot/submission/register', 'POST /api/hubspot/submission/contact'],
  tickets: ['POST /api/hubspot/ticket'],
  tutoring: ['POST /api/tutorial', 'GET /api/tutorial/cancel/{id}'],
  checkout: ['POST /api/stripe/checkout', 'POST /api/stripe/portal'],
  examAttempts: ['POST /api/exam/{id}/attempt', 'DELETE /api/exam/{id}/attempt', 'POST /api/exam/progress'],
} as const satisfies Record<string, readonly string[]>;
export type ThrottledRouteGroup = keyof typeof THROTTLED_ROUTES;

/**
 * The edge (AWS WAF for CloudFront) only exists in us-east-1: the web ACL has a stack of its own
 * there (infra/stacks/edge-stack.ts).
 */
export const EDGE_REGION = 'us-east-1';
/** The window over which the web ACL counts each IP's requests (WAF allows 60, 120, 300 or 600). */
export const WAF_RATE_WINDOW_SECONDS = 300;
/** What the tight rate rule covers: the sign-up (exact path) and the public forms (prefix). */
export const FORM_PATHS = {
  exact: ['/api/user/signup-v2'],
  prefix: ['/api/hubspot/submission/'],
} as const;
/** What the general rate rule covers; also the CloudFront behaviour of the API (`/api/*`). */
export const API_PATH_PREFIX = '/api/';
/** Body of the web ACL's 429, in the shape of the API's own errors (`{ message }`). */
export const RATE_LIMITED_MESSAGE =
  'Demasiadas solicitudes desde tu conexión. Espera unos minutos y vuelve a intentarlo.';

export const STAGE_SETTINGS: Record<Stage, StageSettings> = {
  dev: {
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.TWO_WEEKS,
    accessLogExpiration: Duration.days(14),
    apiThrottle: { rateLimit: 20, burstLimit: 40 },
    routeThrottles: {
      signUp: { rateLimit: 2, burstLimit: 5 },
      forms: { rateLimit: 2, burstLimit: 5 },
      tickets: { rateLimit: 1, burstLimit: 3 },
      tutoring: { rateLimit: 1, burstLimit: 3 },
      checkout: { rateLimit: 1, burstLimit: 3 },
      examAttempts: { rateLimit: 5, burstLimit: 10 },
    },
    edgeRateLimits: { forms: 30, api: 600 },
    logLevel: 'DEBUG',
  },
  prod: {
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    logRetention: RetentionDays.SIX_MONTHS,
    accessLogExpiration: Duration.days(180),
    apiThrottle: { rateLimit: 200, burstLimit: 400 },
    routeThrottles: {
      signUp: { rateLimit: 10, burstLimit: 20 },
      // HubSpot's form and CRM APIs allow about 10 calls a second for the whole portal.
      forms: { rateLimit: 5, burstLimit: 10 },
      tickets: { rateLimit: 2, burstLimit: 5 },
      tutoring: { rateLimit: 2, burstLimit: 5 },
      checkout: { rateLimit: 5, burstLimit: 10 },
      // A class starting the same ensayo at once.
      examAttempts: { rateLimit: 25, burstLimit: 50 },
    },
    // Schools and mobile carriers (CGNAT) put many students behind one IP.
    edgeRateLimits: { forms: 100, api: 3000 },
    logLevel: 'INFO',
  },
};

export interface PlatformConfig {
  stage: Stage;
  settings: StageSettings;
  /**
   * Origin of the web app (`https://www.example.cl`, or the CloudFront URL the first deploy
   * prints). The Lambdas receive it as WEB_ORIGIN (Stripe return URLs, links back to the site).
   * Unset means "not known yet": the stacks still synthesize, with a warning.
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
   * The data controller (responsable del tratamiento) the legal pages name, from the context keys
   * controllerName, controllerRut, controllerAddress, controllerEmail; absent ones read "pending".
   */
  controller: Partial<Record<'name' | 'rut' | 'address' | 'email', string>>;
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
  'controllerName',
  'controllerRut',
  'controllerAddress',
  'controllerEmail',
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
    controller: Object.fromEntries(
      (
        [
          ['name', setting('controllerName')],
          ['rut', setting('controllerRut')],
          ['address', setting('controllerAddress')],
          ['email', setting('controllerEmail')],
        ] as const
      ).filter(([, value]) => value !== undefined),
    ),
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
