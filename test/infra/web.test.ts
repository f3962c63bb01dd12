/**
 * The site: private bucket behind CloudFront with OAC, SPA fallback, cache rules, security headers,
 * and config.json in the shape web/src/app/config.ts parses. Runs against a small built-site
 * fixture, and once without web/dist (a fresh clone).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../../web/src/app/config';
import {
  logicalId,
  onlyResource,
  removeSynthOutputs,
  resourcesOf,
  type SynthesizedPlatform,
  synthPlatform,
} from './helpers';

afterAll(removeSynthOutputs);

const WEB_ORIGIN = 'https://www.preu.example';
const HUBSPOT_PORTAL = '12345678';
const GA_ID = 'G-TEST1234';
let siteDirectory: string;
let built: SynthesizedPlatform;
let web: Template;
let fresh: SynthesizedPlatform;

beforeAll(() => {
  siteDirectory = mkdtempSync(path.join(tmpdir(), 'preu-site-'));
  writeFileSync(path.join(siteDirectory, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(siteDirectory, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(siteDirectory, 'assets'));
  writeFileSync(path.join(siteDirectory, 'assets', 'index-4f3a2b1c.js'), 'console.log(1)');
  writeFileSync(path.join(siteDirectory, 'assets', 'index-4f3a2b1c.js.map'), '{}');
  built = synthPlatform({ webOrigin: WEB_ORIGIN }, { siteDirectory });
  web = built.templates.web;
  fresh = synthPlatform(
    { webOrigin: WEB_ORIGIN, hubspotPortalId: HUBSPOT_PORTAL, gaMeasurementId: GA_ID },
    { siteDirectory: path.join(siteDirectory, 'missing') },
    { quiet: false },
  );
});

afterAll(() => rmSync(siteDirectory, { recursive: true, force: true }));

const distributionConfig = (): Record<string, unknown> =>
  onlyResource(web, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;

describe('bucket and distribution', () => {
  it('keeps the site bucket private, encrypted and TLS-only', () => {
    const site = logicalId(built.platform.web, built.platform.web.bucket);
    const bucket = web.toJSON().Resources[site];
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      VersioningConfiguration: { Status: 'Enabled' },
    });
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: site },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
          }),
        ]),
      },
    });
  });

  it('reads the bucket through an origin access control', () => {
    web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
    const [origin] = distributionConfig().Origins as Record<string, unknown>[];
    expect(origin?.OriginAccessControlId).toBeDefined();
    expect(origin?.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
  });

  it('answers unknown paths (403 from the private bucket, 404) with the app shell', () => {
    expect(distributionConfig().DefaultRootObject).toBe('index.html');
    expect(distributionConfig().CustomErrorResponses).toEqual(
      [403, 404].map((ErrorCode) => ({
        ErrorCode,
        ResponseCode: 200,
        ResponsePagePath: '/index.html',
        ErrorCachingMinTTL: 0,
      })),
    );
  });

  it('redirects to HTTPS and caches hashed assets with the optimized policy, documents per object', () => {
    const config = distributionConfig();
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: true,
    });
    web.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: { MinTTL: 0, DefaultTTL: 0, MaxTTL: 365 * 24 * 3600 },
    });
    expect(config.CacheBehaviors).toEqual([
      expect.objectContaining({
        PathPattern: '/assets/*',
        ViewerProtocolPolicy: 'redirect-to-https',
        // Managed-CachingOptimized
        CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
      }),
    ]);
  });

  it('sends the security headers with every response', () => {
    const policy = { Ref: logicalId(built.platform.web, built.platform.web.responseHeadersPolicy) };
    const config = distributionConfig();
    expect((config.DefaultCacheBehavior as Record<string, unknown>).ResponseHeadersPolicyId).toEqual(policy);
    expect((config.CacheBehaviors as Record<string, unknown>[])[0]?.ResponseHeadersPolicyId).toEqual(policy);
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
            Override: true,
          },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
        },
      },
    });
  });

  it('limits the CSP to the site, the API, Cognito and Stripe', () => {
    const csp = JSON.stringify(
      onlyResource(web, 'AWS::CloudFront::ResponseHeadersPolicy').Properties.ResponseHeadersPolicyConfig
        .SecurityHeadersConfig.ContentSecurityPolicy,
    );
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://cognito-idp.sa-east-1.amazonaws.com');
    expect(csp).toContain('PublishOutputFnGetAttHttpApi');
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).not.toContain('hubspot');
    expect(csp).not.toContain('google');
  });

  it('logs requests of the bucket and the distribution to a private log bucket', () => {
    const config = distributionConfig();
    expect(config.Logging).toMatchObject({ Prefix: 'cloudfront/' });
    web.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: { LogFilePrefix: 's3/' },
      VersioningConfiguration: { Status: 'Enabled' },
    });
  });
});

const deployments = (template: Template) =>
  resourcesOf(template, 'Custom::CDKBucketDeployment').map(
    ([, resource]) => resource.Properties as Record<string, unknown>,
  );

/** The config.json a synthesized web stack deploys, and the deploy-time markers it contains. */
function configJsonOf(synth: SynthesizedPlatform) {
  const documents = deployments(synth.templates.web).find((d) => d.DestinationBucketKeyPrefix === undefined);
  const keys = (documents?.SourceObjectKeys ?? []) as string[];
  const markers =
    ((documents?.SourceMarkers ?? []) as Record<string, unknown>[]).find((m) => Object.keys(m).length > 0) ??
    {};
  const file = keys
    .map((key) => path.join(synth.app.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json'))
    .find((candidate) => existsSync(candidate)) as string;
  return { written: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, markers };
}

describe('deployment of the site', () => {
  it('uploads hashed assets as immutable and documents as revalidated, never pruning', () => {
    expect(deployments(web)).toHaveLength(2);
    const assets = deployments(web).find((d) => d.DestinationBucketKeyPrefix !== undefined);
    const documents = deployments(web).find((d) => d.DestinationBucketKeyPrefix === undefined);
    expect(assets).toMatchObject({
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      Prune: false,
    });
    expect(documents).toMatchObject({ SystemMetadata: { 'cache-control': 'no-cache' }, Prune: false });
    expect(documents?.SourceObjectKeys).toHaveLength(2);
    // The documents copy of web/dist leaves the hashed assets to their own deployment.
    const siteCopy = ((documents?.SourceObjectKeys ?? []) as string[])
      .map((key) => path.join(built.app.outdir, `asset.${key.replace(/\.zip$/, '')}`))
      .find((dir) => existsSync(path.join(dir, 'index.html'))) as string;
    expect(readdirSync(siteCopy).sort()).toEqual(['favicon.svg', 'index.html']);
    const assetsCopy = path.join(
      built.app.outdir,
      `asset.${String(((assets?.SourceObjectKeys ?? []) as string[])[0]).replace(/\.zip$/, '')}`,
    );
    expect(readdirSync(assetsCopy)).toEqual(['index-4f3a2b1c.js']);
  });

  it('writes config.json with the API URL and pool ids, in the shape the web app parses', () => {
    const { written, markers } = configJsonOf(built);
    expect(Object.keys(written).sort()).toEqual([
      'apiUrl',
      'features',
      'region',
      'stage',
      'userPoolClientId',
      'userPoolId',
    ]);
    expect(written).toMatchObject({
      stage: 'dev',
      region: 'sa-east-1',
      features: { supabaseConfirmation: false },
    });
    const resolved = (marker: unknown) => JSON.stringify(markers[marker as string]);
    expect(resolved(written.apiUrl)).toContain('PublishOutputFnGetAttHttpApi');
    expect(resolved(written.userPoolId)).toContain('PublishOutputRefUserPool6');
    expect(resolved(written.userPoolClientId)).toContain('PublishOutputRefUserPoolWebClient');
    expect(parseRuntimeConfig(written).features).toEqual({
      supabaseConfirmation: false,
      supportChat: false,
      analytics: false,
    });
  });

  it('passes the HubSpot portal and GA4 ids to the app when configured, and admits their hosts', () => {
    const { written } = configJsonOf(fresh);
    expect(written).toMatchObject({ hubspotPortalId: HUBSPOT_PORTAL, gaMeasurementId: GA_ID });
    expect(parseRuntimeConfig(written).features).toMatchObject({ supportChat: true, analytics: true });
    const csp = JSON.stringify(
      onlyResource(fresh.templates.web, 'AWS::CloudFront::ResponseHeadersPolicy').Properties,
    );
    expect(csp).toContain('https://js.hs-scripts.com');
    expect(csp).toContain('https://www.googletagmanager.com');
  });

  it('without web/dist deploys only config.json and warns', () => {
    const [only] = deployments(fresh.templates.web);
    expect(deployments(fresh.templates.web)).toHaveLength(1);
    expect(only?.SourceObjectKeys).toHaveLength(1);
    expect(only?.Prune).toBe(false);
    Annotations.fromStack(fresh.platform.web).hasWarning('*', Match.stringLikeRegexp('npm run build:web'));
  });
});
