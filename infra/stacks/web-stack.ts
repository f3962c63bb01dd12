/**
 * The web app: a private S3 bucket behind CloudFront (origin access control), SPA fallback,
 * caching per kind of file, security headers with the CSP of infra/csp.ts, and `/config.json`
 * written at deploy time so one build of web/ serves every stage. The same distribution serves
 * the API under `/api/*` (same origin, no CORS) and carries the WAF web ACL of the edge stack.
 *
 * The site itself comes from web/dist, built by `npm run build:web` before `cdk deploy`. When
 * web/dist is missing (a fresh clone, CI synth, infra tests) the stack still synthesizes: only
 * config.json is deployed, the objects already in the bucket are left alone, and synth prints a
 * warning.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  Annotations,
  CfnOutput,
  Duration,
  RemovalPolicy,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { type Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, type ISource, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { API_PATH_PREFIX, type PlatformConfig } from '../config';
import { REPO_ROOT } from '../constructs/platform-function';
import { contentSecurityPolicy } from '../csp';
import { acknowledgeExpectedWildcards } from '../nag';

export const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');
/** Vite writes content-hashed files here (build.assetsDir). */
const HASHED_ASSETS_DIR = 'assets';

const IMMUTABLE = CacheControl.fromString('public, max-age=31536000, immutable');
/** Browsers and CloudFront revalidate on every use, so a deploy is visible at once. */
const REVALIDATE = CacheControl.fromString('no-cache');

/**
 * SPA fallback as a viewer-request function of the site behaviours: a path whose last segment has
 * no dot is a route of the app and gets index.html. Custom error responses cannot do this since
 * `/api/*` shares the distribution: they are distribution-wide and would turn the API's 403 and
 * 404 answers into the app shell. (cloudfront-js-2.0; no file of the app has a dotless name.)
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

export interface WebStackProps extends StackProps {
  config: PlatformConfig;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** `<id>.execute-api.<region>.amazonaws.com`: the origin of the `/api/*` behaviour. */
  apiDomainName: string;
  /** ARN of the CloudFront-scoped WAF web ACL (edge stack, us-east-1). */
  webAclArn: string;
  /** Defaults to web/dist; tests point it elsewhere. */
  siteDirectory?: string;
}

export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  /** Where the site is served: the custom domain, else the CloudFront domain. */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const { settings } = config;
    const disposable = settings.removalPolicy === RemovalPolicy.DESTROY;

    const logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: settings.accessLogExpiration }],
      removalPolicy: settings.removalPolicy,
      autoDeleteObjects: disposable,
    });
    Validations.of(logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket receives the access logs of the site bucket and CloudFront; logging it would log itself.',
    });

    this.bucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Earlier versions of index.html and config.json make a rollback of the site a copy.
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3/',
      removalPolicy: settings.removalPolicy,
      autoDeleteObjects: disposable,
    });

    const region = Stack.of(this).region;
    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `${config.stage}-preu-security-headers`,
      comment: 'HSTS, CSP and the other security headers of the Preu PAES site',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            region,
            hubspot: Boolean(config.hubspotPortalId),
            googleAnalytics: Boolean(config.gaMeasurementId),
          }),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
        ],
      },
    });

    // Honours the Cache-Control the deployment stores on each object (no TTL of its own).
    const siteCachePolicy = new CachePolicy(this, 'SiteCache', {
      cachePolicyName: `${config.stage}-preu-site`,
      comment: 'Cache as the object says: immutable hashed assets, revalidated documents',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      functionName: `${config.stage}-preu-spa-rewrite`,
      comment: 'Routes of the single-page app get index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
    });

    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    });
    const customDomain = config.domainName && config.certificateArn;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Preu PAES web (${config.stage})`,
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: siteCachePolicy,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // The API on the site's own origin: never cached, every method, every viewer header but
        // Host (API Gateway routes on its own host name), query strings and cookies.
        [`${API_PATH_PREFIX}*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
        [`/${HASHED_ASSETS_DIR}/*`]: {
          origin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.responseHeadersPolicy,
          compress: true,
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      // South America is only in the "all" price class, and the audience is in Chile.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      ...(customDomain
        ? {
            domainNames: [config.domainName as string],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn as string),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    this.siteUrl = customDomain
      ? `https://${config.domainName}`
      : `https://${this.distribution.distributionDomainName}`;

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: students prepare for the admission tests from abroad too.',
      },
      ...(customDomain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; with domainName/certificateArn the minimum is TLSv1.2_2021.',
            },
          ]),
    );

    this.deploySite(props);

    new CfnOutput(this, 'WebUrl', {
      value: this.siteUrl,
      description: 'Set this as webOrigin (docs/operations.md)',
    });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.distribution.distributionDomainName,
      description: 'Target of the DNS record of a custom domain',
    });
    new CfnOutput(this, 'SiteBucketName', { value: this.bucket.bucketName });
  }

  private deploySite(props: WebStackProps) {
    const { config } = props;
    const siteDirectory = props.siteDirectory ?? WEB_DIST;
    const built = existsSync(path.join(siteDirectory, 'index.html'));
    if (!built) {
      Annotations.of(this).addWarningV2(
        'preu:web-dist-missing',
        `${path.relative(REPO_ROOT, siteDirectory) || siteDirectory} has no index.html: only config.json is deployed. Run "npm run build:web" before "cdk deploy".`,
      );
    }

    const runtimeConfig = {
      stage: config.stage,
      // The site's own origin: the app calls `${apiUrl}/api/…`, served by the `/api/*` behaviour.
      apiUrl: this.siteUrl,
      region: Stack.of(this).region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      // The chat and analytics turn on in the app when their ids are present.
      ...(config.hubspotPortalId ? { hubspotPortalId: config.hubspotPortalId } : {}),
      ...(config.gaMeasurementId ? { gaMeasurementId: config.gaMeasurementId } : {}),
      // The legal pages name the data controller; the app says "pending" for what is missing.
      ...(Object.keys(config.controller).length > 0 ? { controller: config.controller } : {}),
      features: { supabaseConfirmation: false },
    };
    // The copy function of aws-cdk-lib's BucketDeployment, with a role that logs to its own group
    // only (its default role carries the AWSLambdaBasicExecutionRole managed policy).
    const deployLogs = new LogGroup(this, 'DeploymentLogs', {
      retention: config.settings.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const deployRole = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the built site and config.json into the site bucket during deploys',
    });
    deployRole.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [deployLogs.logGroupArn],
      }),
    );
    const deployment = {
      destinationBucket: this.bucket,
      prune: false,
      memoryLimit: 512,
      role: deployRole,
      logGroup: deployLogs,
    };

    // Two deployments because Cache-Control is per deployment. Neither prunes: the other's files,
    // and hashed assets that open tabs still reference, must survive a deploy.
    let assetsDeployment: BucketDeployment | undefined;
    if (built && existsSync(path.join(siteDirectory, HASHED_ASSETS_DIR))) {
      assetsDeployment = new BucketDeployment(this, 'DeployAssets', {
        ...deployment,
        // Vite's source maps stay out of the public bucket: they would publish the source.
        sources: [
          Source.asset(path.join(siteDirectory, HASHED_ASSETS_DIR), { exclude: ['*.map', '**/*.map'] }),
        ],
        destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
        cacheControl: [IMMUTABLE],
      });
    }
    const documents: ISource[] = [
      ...(built
        ? [Source.asset(siteDirectory, { exclude: [HASHED_ASSETS_DIR, `${HASHED_ASSETS_DIR}/**`] })]
        : []),
      Source.jsonData('config.json', runtimeConfig),
    ];
    const documentsDeployment = new BucketDeployment(this, 'DeployDocuments', {
      ...deployment,
      sources: documents,
      cacheControl: [REVALIDATE],
    });
    // A new index.html must not be served before the assets it names are in the bucket.
    if (assetsDeployment) documentsDeployment.node.addDependency(assetsDeployment);

    acknowledgeExpectedWildcards(
      deployRole.node.findChild('DefaultPolicy') as Policy,
      [
        /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*$/,
        /^Resource::arn:[^:]+:s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
        new RegExp(
          `^Resource::<${this.getLogicalId(this.bucket.node.defaultChild as CfnBucket)}\\.Arn>/\\*$`,
        ),
      ],
      "aws-cdk-lib's BucketDeployment grants itself prefix actions (s3:GetObject*, s3:List*, ...) on the CDK asset bucket and on every key of the site bucket it writes; the copy needs all keys.",
    );
    // The copy function is a singleton at stack level, created by the deployments above.
    const copyFunction = this.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    Validations.of(copyFunction ?? documentsDeployment).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        "The runtime of BucketDeployment's copy function (Python, AWS CLI layer) is pinned by aws-cdk-lib and moves with library upgrades.",
    });
  }
}
