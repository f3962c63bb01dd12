/** Stage and context settings, and the CSP builder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, RemovalPolicy } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { readPlatformConfig } from '../../infra/config';
import { contentSecurityPolicy } from '../../infra/csp';
import { HANDLER_PERMISSIONS } from '../../infra/permissions';
import { routes } from '../../lambdas/routes';

// An App writes nothing until it synthesizes, but it reserves its output directory at once.
const outdir = mkdtempSync(path.join(tmpdir(), 'preu-infra-config-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));
const configOf = (context: Record<string, unknown>) => readPlatformConfig(new App({ context, outdir }));

describe('readPlatformConfig', () => {
  it('defaults to dev, which may be destroyed', () => {
    const config = configOf({});
    expect(config.stage).toBe('dev');
    expect(config.settings.removalPolicy).toBe(RemovalPolicy.DESTROY);
    expect(config.webOrigin).toBeUndefined();
  });

  it('keeps and protects data in prod', () => {
    const config = configOf({ stage: 'prod' });
    expect(config.settings).toMatchObject({ removalPolicy: RemovalPolicy.RETAIN, deletionProtection: true });
  });

  it('refuses an unknown stage', () => {
    expect(() => configOf({ stage: 'staging' })).toThrow(/Unknown stage "staging"/);
  });

  it('reads per-stage settings from cdk.json and lets -c override them', () => {
    const stages = {
      prod: { webOrigin: 'https://www.preu.example/' },
      dev: { webOrigin: 'https://dev.preu.example' },
    };
    expect(configOf({ stage: 'prod', stages }).webOrigin).toBe('https://www.preu.example');
    expect(configOf({ stage: 'prod', stages, webOrigin: 'https://d111.cloudfront.net' }).webOrigin).toBe(
      'https://d111.cloudfront.net',
    );
  });

  it('takes the custom domain as the web origin and wants its certificate', () => {
    expect(
      configOf({ domainName: 'www.preu.example', certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x' })
        .webOrigin,
    ).toBe('https://www.preu.example');
    expect(() => configOf({ domainName: 'www.preu.example' })).toThrow(/certificateArn/);
  });

  it('accepts only https origins', () => {
    expect(() => configOf({ webOrigin: 'http://www.preu.example' })).toThrow(/https/);
    expect(() => configOf({ webOrigin: 'www.preu.example' })).toThrow(/not a URL/);
  });
});

describe('permission map', () => {
  it('has an entry for every module of the route table, and none reads a secret it does not name', () => {
    for (const route of routes) expect(HANDLER_PERMISSIONS[route.module], route.module).toBeDefined();
    expect(HANDLER_PERMISSIONS.health).toEqual({ tables: {}, sendsCrmUpdates: false, secrets: [] });
    expect(HANDLER_PERMISSIONS.stripe.secrets.sort()).toEqual(['stripeSecretKey', 'stripeWebhookSecret']);
    expect(HANDLER_PERMISSIONS.crm.secrets).toEqual(['hubspotToken']);
  });
});

describe('contentSecurityPolicy', () => {
  const base = { region: 'sa-east-1' };
  const directive = (csp: string, name: string) =>
    csp
      .split('; ')
      .find((d) => d.startsWith(`${name} `) || d === name)
      ?.split(' ')
      .slice(1) ?? [];

  it('allows the site (which serves the API under /api/), Cognito and Stripe only', () => {
    const csp = contentSecurityPolicy({ ...base, hubspot: false, googleAnalytics: false });
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://cognito-idp.sa-east-1.amazonaws.com',
      'https://api.stripe.com',
    ]);
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/hubspot|google|unsafe-eval/);
  });

  it('adds HubSpot and Google Analytics hosts only when configured', () => {
    const csp = contentSecurityPolicy({ ...base, hubspot: true, googleAnalytics: true });
    expect(directive(csp, 'script-src')).toEqual(
      expect.arrayContaining(['https://js.hs-scripts.com', 'https://www.googletagmanager.com']),
    );
    expect(directive(csp, 'connect-src')).toEqual(
      expect.arrayContaining(['https://*.hubspot.com', 'https://*.google-analytics.com']),
    );
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it('fits CloudFront’s 1783-character limit for the header with everything on', () => {
    expect(
      contentSecurityPolicy({ ...base, hubspot: true, googleAnalytics: true }).length,
    ).toBeLessThanOrEqual(1783);
  });
});
