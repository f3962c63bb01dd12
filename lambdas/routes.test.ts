import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoute, routeKey, routes } from './routes';

/**
 * The calls of the specification (section 7), `{crm}` = hubspot, trailing slashes and query
 * strings removed. `POST /api/user/` and `POST /api/user?course` are one route.
 */
const SPEC_CALLS = [
  'GET /api/subject',
  'GET /api/subject/{id}',
  'POST /api/hubspot/submission/register',
  'GET /api/hubspot/contact',
  'PUT /api/hubspot/contact',
  'POST /api/hubspot/ticket',
  'POST /api/user/signup-v2',
  'POST /api/user',
  'GET /api/user',
  'POST /api/user/lastLesson',
  'DELETE /api/user/deleteAllData',
  'GET /api/tutorial',
  'POST /api/tutorial',
  'GET /api/tutorial/cancel/{id}',
  'GET /api/exam/{id}',
  'GET /api/exam/progress',
  'POST /api/exam/progress',
  'GET /api/exam/progress/{id}',
  'GET /api/exam/averages',
  'GET /api/question/{id}',
  'POST /api/onboarding',
];

/** Routes the platform adds to the spec's calls. */
const PLATFORM_ROUTES = [
  'GET /api/health',
  'POST /api/stripe/webhook',
  'POST /api/stripe/checkout',
  'POST /api/stripe/portal',
  'GET /api/user/export',
  'POST /api/hubspot/submission/contact',
  'GET /api/exam',
  'POST /api/exam/{id}/attempt',
  'DELETE /api/exam/{id}/attempt',
];

/**
 * Spec calls whose handlers a later issue builds. A route is never registered before its handler
 * is real; this list must be empty once the feature issues are done.
 */
const PENDING: string[] = [];

const PUBLIC_ROUTES = [
  'GET /api/health',
  'POST /api/hubspot/submission/register',
  'POST /api/hubspot/submission/contact',
];
const STRIPE_SIGNED_ROUTES = ['POST /api/stripe/webhook'];

const registered = routes.map(routeKey);

describe('route table', () => {
  // The spec sits beside the repository in CI and on developer machines.
  const specFile = path.resolve(import.meta.dirname, '../../shared/spec/product-spec.md');
  it.skipIf(!existsSync(specFile))('lists the calls of the spec, section 7', () => {
    const spec = readFileSync(specFile, 'utf8');
    const section = spec.slice(spec.indexOf('## 7.'), spec.indexOf('## 8.'));
    const fromSpec = [...section.matchAll(/^\| (GET|POST|PUT|DELETE) (\/api\/[^\s|]+)/gm)].map(
      ([, method, p]) => {
        const normalized = (p ?? '').replace('{crm}', 'hubspot').replace(/\?.*$/, '').replace(/\/$/, '');
        return `${method} ${normalized}`;
      },
    );
    expect([...new Set(fromSpec)].sort()).toEqual([...SPEC_CALLS].sort());
  });

  it('has every spec call either registered or explicitly pending, never both', () => {
    for (const call of SPEC_CALLS) {
      const isRegistered = registered.includes(call);
      const isPending = PENDING.includes(call);
      expect({ call, isRegistered, isPending }).toEqual({ call, isRegistered: !isPending, isPending });
    }
  });

  it('registers nothing outside the spec calls and the platform routes', () => {
    for (const key of registered) expect([...SPEC_CALLS, ...PLATFORM_ROUTES]).toContain(key);
    expect(registered).toContain('GET /api/health');
  });

  it('declares each route once, with the access the platform needs', () => {
    expect(new Set(registered).size).toBe(registered.length);
    for (const route of routes) {
      const key = routeKey(route);
      const expected = PUBLIC_ROUTES.includes(key)
        ? 'public'
        : STRIPE_SIGNED_ROUTES.includes(key)
          ? 'stripe-signature'
          : 'user';
      expect({ key, access: route.access }).toEqual({ key, access: expected });
    }
  });

  it('keeps paths in API Gateway form', () => {
    for (const route of routes) {
      expect(route.path).toMatch(/^\/api(\/([A-Za-z0-9-]+|\{[a-zA-Z]+\}))+$/);
    }
  });

  it('has a handler module exporting each operation the table names', async () => {
    for (const route of routes) {
      const module = await import(`./http/${route.module}.ts`);
      expect(Object.keys(module.operations), routeKey(route)).toContain(route.operation);
      expect(typeof module.handler).toBe('function');
    }
  });
});

describe('matchRoute', () => {
  const table = [
    {
      method: 'GET' as const,
      path: '/api/exam/{id}',
      module: 'exam' as const,
      operation: 'a',
      access: 'user' as const,
    },
    {
      method: 'GET' as const,
      path: '/api/exam/progress',
      module: 'exam' as const,
      operation: 'b',
      access: 'user' as const,
    },
  ];

  it('prefers literal segments over parameters, as API Gateway does', () => {
    expect(matchRoute('GET', '/api/exam/progress', table)?.route.operation).toBe('b');
    expect(matchRoute('GET', '/api/exam/paes_competencia_lectora', table)).toMatchObject({
      route: { operation: 'a' },
      pathParameters: { id: 'paes_competencia_lectora' },
    });
  });

  it('ignores a trailing slash and rejects other methods or lengths', () => {
    expect(matchRoute('GET', '/api/exam/progress/', table)?.route.operation).toBe('b');
    expect(matchRoute('POST', '/api/exam/progress', table)).toBeNull();
    expect(matchRoute('GET', '/api/exam', table)).toBeNull();
  });

  it('decodes path parameters', () => {
    expect(matchRoute('GET', '/api/exam/a%20b', table)?.pathParameters).toEqual({ id: 'a b' });
  });
});
