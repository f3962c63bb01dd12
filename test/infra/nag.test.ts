/**
 * cdk-nag's AwsSolutions pack over the whole app, as infra/app.ts registers it: no unacknowledged
 * error, and every acknowledgement carries a written reason.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSynthOutputs, synthPlatform } from './helpers';

const sites: string[] = [];
afterAll(() => {
  removeSynthOutputs();
  for (const dir of sites) rmSync(dir, { recursive: true, force: true });
});

const VARIANTS: [string, Record<string, unknown>][] = [
  ['dev without a site origin (a fresh clone)', {}],
  [
    'dev with every integration configured',
    {
      webOrigin: 'https://www.preu.example',
      hubspotPortalId: '1234567',
      gaMeasurementId: 'G-TEST1234',
      stripePriceMonthly: 'price_123',
      alarmEmail: 'ops@preu.example',
    },
  ],
  [
    'prod with a custom domain',
    {
      stage: 'prod',
      domainName: 'www.preu.example',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
    },
  ],
];

describe.each(VARIANTS)('AwsSolutions checks: %s', (_name, context) => {
  let app: App;
  beforeAll(() => {
    ({ app } = synthPlatform(context, {
      includeCrmWorker: true,
      crmWorkerEntry: 'lambdas/http/health.ts',
      siteDirectory: builtSite(),
    }));
  });

  it('reports no unacknowledged finding', () => {
    const report = new AwsSolutionsChecks(app).validateScope(app);
    const findings = report.violations.map(
      (violation) =>
        `${violation.severity} ${violation.ruleName}: ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    // Warnings count too: the pack's warnings are acknowledged with a reason like its errors.
    expect(findings).toEqual([]);
  });

  it('gives every acknowledgement a written reason', () => {
    const acknowledgements = collectAcknowledgements(app);
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { path, id, reason } of acknowledgements) {
      expect(reason.trim().length, `${path} ${id}`).toBeGreaterThanOrEqual(40);
    }
  });
});

/** A minimal built site, so the deployment of hashed assets is checked too. */
function builtSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'preu-nag-site-'));
  sites.push(dir);
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-0a1b2c3d.js'), '');
  return dir;
}

function collectAcknowledgements(root: IConstruct) {
  const found: { path: string; id: string; reason: string }[] = [];
  for (const construct of root.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        found.push({ path: construct.node.path, id, reason: String(reason) });
      }
    }
  }
  return found;
}
