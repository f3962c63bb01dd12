/**
 * The site: private bucket behind CloudFront with OAC, SPA fallback, cache rules, security headers,
 * the API under `/api/*` of the same distribution behind the edge stack's web ACL, and config.json
 * in the shape web/src/app/config.ts parses. Runs against a small built-site fixture, and once
 * without web/dist (a fresh clone).
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
import { SPA_REWRITE_CODE } from '../../infra/stacks/web-stack';
import { parseRuntimeConfig } from '../../web/src/app/config';
import {
  type CfnResourceJson,
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
const behavior = (pathPattern: string) =>
  (distributionConfig().CacheBehaviors as Record<string, unknown>[]).find(
    (b) => b.PathPattern === pathPattern,
  ) as Record<string, unknown>;

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

  it('serves the app shell for app routes with a viewer-request function, not with error responses', () => {
    const config = distributionConfig();
    expect(config.DefaultRootObject).toBe('index.html');
    // Error responses are distribution-wide: they would turn the API's 403/404 into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    const [[functionId, fn]] = resourcesOf(web, 'AWS::CloudFront::Function') as [[string, CfnResourceJson]];
    expect(fn.Properties).toMatchObject({
      AutoPublish: true,
      FunctionCode: SPA_REWRITE_CODE,
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
    });
    expect((config.DefaultCacheBehavior as Record<string, unknown>).FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
    for (const behavior of config.CacheBehaviors as Record<string, unknown>[]) {
      expect(behavior.FunctionAssociations, behavior.PathPattern as string).toBeUndefined();
    }
  });

  it('rewrites dotless paths to /index.html and leaves files alone', () => {
    const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (event: {
      request: { uri: string };
    }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/centro-estudio/asignaturas/m1')).toBe('/index.html');
    expect(rewrite('/planes-y-precios')).toBe('/index.html');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/assets/index-4f3a2b1c.js')).toBe('/assets/index-4f3a2b1c.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
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
    expect((config.CacheBehaviors as Record<string, unknown>[]).map((b) => b.PathPattern)).toEqual([
      '/api/*',
      '/assets/*',
    ]);
    expect(behavior('/assets/*')).toEqual(
      expect.objectContaining({
        PathPattern: '/assets/*',
        ViewerProtocolPolicy: 'redirect-to-https',
        // Managed-CachingOptimized
        CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
      }),
    );
  });

  it('sends the security headers with every response', () => {
    const policy = { Ref: logicalId(built.platform.web, built.platform.web.responseHeadersPolicy) };
    const config = distributionConfig();
    expect((config.DefaultCacheBehavior as Record<string, unknown>).ResponseHeadersPolicyId).toEqual(policy);
    for (const behavior of config.CacheBehaviors as Record<string, unknown>[]) {
      expect(behavior.ResponseHeadersPolicyId, behavior.PathPattern as string).toEqual(policy);
    }
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

  it('limits the CSP to the site (which serves the API), Cognito and Stripe', () => {
    const csp = JSON.stringify(
      onlyResource(web, 'AWS::CloudFront::ResponseHeadersPolicy').Properties.ResponseHeadersPolicyConfig
        .SecurityHeadersConfig.ContentSecurityPolicy,
    );
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' https://cognito-idp.sa-east-1.amazonaws.com");
    // The browser never calls execute-api directly.
    expect(csp).not.toContain('HttpApi');
    expect(csp).not.toContain('execute-api');
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

describe('the API on the site origin, behind the web ACL', () => {
  it('serves /api/* from the HTTP API: HTTPS only, every method, never cached', () => {
    expect(behavior('/api/*')).toMatchObject({
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      // Managed-CachingDisabled
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      // Managed-AllViewerExceptHostHeader: every viewer header (Authorization included), query
      // string and cookie, but not Host, which API Gateway needs to be its own.
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
    });
  });

  it('points the /api/* origin at the execute-api host of the API stack, over TLS 1.2', () => {
    const origins = distributionConfig().Origins as Record<string, unknown>[];
    const apiOrigin = origins.find((o) => o.Id === behavior('/api/*').TargetOriginId);
    expect(apiOrigin).toMatchObject({
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
      DomainName: {
        'Fn::Select': [
          2,
          {
            'Fn::Split': [
              '/',
              {
                'Fn::GetStackOutput': expect.objectContaining({
                  StackName: 'preu-dev-api',
                  OutputName: expect.stringContaining('HttpApi'),
                }),
              },
            ],
          },
        ],
      },
    });
    expect(JSON.stringify(apiOrigin?.DomainName)).toContain('ApiEndpoint');
  });

  it('attaches the web ACL of the edge stack, read across regions from us-east-1', () => {
    const edge = built.platform.edge;
    expect(edge.region).toBe('us-east-1');
    const [outputName, output] =
      Object.entries(built.templates.edge.toJSON().Outputs as Record<string, { Value: unknown }>).find(
        ([, o]) =>
          JSON.stringify(o.Value) ===
          JSON.stringify({ 'Fn::GetAtt': [edge.resolve(edge.getLogicalId(edge.webAcl)), 'Arn'] }),
      ) ?? [];
    expect(output).toBeDefined();
    expect(distributionConfig().WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: 'preu-dev-edge', Region: 'us-east-1', OutputName: outputName },
    });
    expect(built.platform.web.dependencies).toContain(edge);
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

  it('writes config.json with the site origin as API URL and the pool ids, in the shape the web app parses', () => {
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
    // The API is on the site's own origin: the distribution's domain (no custom domain here).
    expect(written.apiUrl).toMatch(/^https:\/\/<<marker:0xbaba:\d+>>$/);
    expect(JSON.parse(resolved(String(written.apiUrl).replace('https://', '')))).toEqual({
      'Fn::GetAtt': [logicalId(built.platform.web, built.platform.web.distribution), 'DomainName'],
    });
    expect(resolved(written.userPoolId)).toContain('PublishOutputRefUserPool6');
    expect(resolved(written.userPoolClientId)).toContain('PublishOutputRefUserPoolWebClient');
    expect(parseRuntimeConfig(written).features).toEqual({
      supabaseConfirmation: false,
      supportChat: false,
      analytics: false,
    });
  });

  it('gives the custom domain as API URL when the site has one', () => {
    const withDomain = synthPlatform({
      domainName: 'www.preu.example',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
    });
    expect(configJsonOf(withDomain).written.apiUrl).toBe('https://www.preu.example');
  });

  it('names the data controller in config.json only when the stage configures it', () => {
    expect(configJsonOf(fresh).written.controller).toBeUndefined();
    const named = synthPlatform({
      controllerName: 'Preu PAES SpA',
      controllerRut: '12.345.678-5',
      controllerEmail: 'privacidad@preu.example',
    });
    const { written } = configJsonOf(named);
    expect(written.controller).toEqual({
      name: 'Preu PAES SpA',
      rut: '12.345.678-5',
      email: 'privacidad@preu.example',
    });
    expect(parseRuntimeConfig(written).controller).toMatchObject({
      name: 'Preu PAES SpA',
      rut: '12.345.678-5',
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
