/**
 * The CRM routes that wait on HubSpot, against the local HubSpot with its outage switch
 * (`<LOCAL_LOG_DIR>/crm-outage`): while HubSpot is down they answer 503 in Spanish, not 500, and
 * work again as soon as it is back. Without a token and without a registered stand-in they fail
 * closed (logged error, 503) instead of writing local files.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_CRM_OUTAGE_FILE, LocalCrm } from '../../scripts/local/crmStandIn';
import { apiEvent, lambdaContext, studentClaims } from '../../test/helpers/apiEvents';
import { registerLocal } from '../integrations/local';
import type { ApiEvent, ApiResult } from '../lib/handler';
import { logger } from '../lib/logger';

const context = lambdaContext();
const dir = mkdtempSync(path.join(tmpdir(), 'preu-crm-'));
const outage = path.join(dir, LOCAL_CRM_OUTAGE_FILE);

let handler: (event: ApiEvent, context: Context) => Promise<ApiResult>;

beforeAll(async () => {
  process.env.LOCAL_LOG_DIR = dir;
  process.env.LOG_LEVEL = 'SILENT';
  delete process.env.HUBSPOT_TOKEN;
  delete process.env.HUBSPOT_TOKEN_PARAM;
  registerLocal('crm', new LocalCrm());
  handler = (await import('./crm')).handler;
});
afterEach(() => rmSync(outage, { force: true }));
afterAll(() => {
  registerLocal('crm', undefined);
  rmSync(dir, { recursive: true, force: true });
});

const event = (
  routeKey: string,
  { user, ...options }: { body?: unknown; query?: Record<string, string>; user?: boolean },
) => apiEvent(routeKey, { ...options, claims: user ? studentClaims : null });

const registration = {
  fields: {
    firstname: 'Camila',
    lastname: 'Rojas',
    email: 'camila@ejemplo.cl',
    phone: '+56912345678',
    username: 'camila',
    pathname: '/registro',
  },
  context: { pageUri: 'http://127.0.0.1:5173/registro', pageName: 'Regístrate' },
};

async function invoke(e: ApiEvent) {
  const result = await handler(e, context);
  return { status: result.statusCode, json: JSON.parse(result.body ?? 'null') };
}

const register = () => invoke(event('POST /api/hubspot/submission/register', { body: registration }));
const lookUp = () =>
  invoke(event('GET /api/hubspot/contact', { query: { email: 'camila@ejemplo.cl' }, user: true }));

describe('CRM routes while HubSpot is down', () => {
  it('answer 503 with the Spanish message, and work again once it is back', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    writeFileSync(outage, '');
    for (const response of [await register(), await lookUp()]) {
      expect(response.status).toBe(503);
      expect(response.json.message).toMatch(/no está disponible en este momento/);
    }
    unlinkSync(outage);
    expect((await register()).status).toBe(200);
    expect(await lookUp()).toMatchObject({ status: 200, json: { exist: true } });
  });

  it('take throttling (429) as an outage too, but a refusal (401: a bad token) stays a 500', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    writeFileSync(outage, '429');
    expect((await lookUp()).status).toBe(503);
    writeFileSync(outage, '401');
    expect((await lookUp()).status).toBe(500);
    unlinkSync(outage);
  });
});

describe('without HUBSPOT_TOKEN and without a registered stand-in', () => {
  it('fails closed: a logged error and a 503, never a silent local CRM', async () => {
    const crmLog = path.join(dir, 'crm-log.jsonl');
    const logged = () => (existsSync(crmLog) ? readFileSync(crmLog, 'utf8') : '');
    const before = logged();
    registerLocal('crm', undefined);
    const errors = vi.spyOn(logger, 'error');
    try {
      expect((await register()).status).toBe(503);
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('HUBSPOT_TOKEN is not configured'));
      expect(logged()).toBe(before);
    } finally {
      errors.mockRestore();
      registerLocal('crm', new LocalCrm());
    }
  });
});
