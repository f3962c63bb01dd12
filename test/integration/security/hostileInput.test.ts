/**
 * Hostile input against every route of the table: arbitrary JSON, wrong types, huge strings, deep
 * nesting, unicode and injection-shaped strings. Never a 5xx; always a JSON answer, with a message
 * when it is a 4xx; bodies over the size limit get 413.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../lambdas/lib/handler';
import { routeKey, routes } from '../../../lambdas/routes';
import { apiCall, createStudent } from '../../helpers/localUsers';

const stack = inject('stack');
let token: string;

beforeAll(async () => {
  token = (await createStudent(stack)).tokens.IdToken;
});

const injection = fc.constantFrom(
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text on purpose.
  '${process.exit()}',
  '../../../etc/passwd',
  '__proto__',
  'constructor',
  '\u0000\u202e\uFEFF',
  'ñandú 😀 中文',
);
const leaf = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  injection,
);
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), injection), tie('value'), { maxKeys: 5 }),
  ),
})).value;
const deepNesting = fc
  .integer({ min: 50, max: 400 })
  .map((depth) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));
const hugeString = fc
  .integer({ min: 10_000, max: 120_000 })
  .map((size) => ({ text: 'x'.repeat(size), name: 'ñ'.repeat(size / 4) }));
const hostileBody = fc.oneof(
  hostileValue,
  deepNesting,
  hugeString,
  fc.string({ maxLength: 200 }).map((raw) => `{${raw}`),
);
const pathSegment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  injection,
  fc.constant('%00'),
  fc.constant('..%2F..'),
);
const queryString = fc.dictionary(
  fc.oneof(fc.constantFrom('course', 'email', 'page', 'limit', 'pagination'), fc.string({ maxLength: 8 })),
  fc.oneof(fc.string({ maxLength: 30 }), injection),
  { maxKeys: 4 },
);

const fillPath = (path: string, segment: string) => path.replace(/\{\w+\}/g, encodeURIComponent(segment));

describe.each(routes.map((route) => [routeKey(route), route] as const))('%s', (_key, route) => {
  it('never answers 5xx to hostile input', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody, pathSegment, queryString, async (body, segment, query) => {
        const search = new URLSearchParams(query).toString();
        const path = `${fillPath(route.path, segment)}${search ? `?${search}` : ''}`;
        const response = await apiCall(stack, route.method, path, {
          token: route.access === 'user' ? token : undefined,
          body: route.method === 'GET' ? undefined : typeof body === 'string' ? body : body,
        });
        expect(response.status, `${route.method} ${path}`).toBeLessThan(500);
        expect(typeof response.body === 'object', 'JSON answer').toBe(true);
        if (response.status >= 400) expect(response.body).toHaveProperty('message');
      }),
      { numRuns: 25, seed: 20261122 },
    );
  });

  if (route.method !== 'GET') {
    it('refuses a body over the size limit with 413', async () => {
      const body = JSON.stringify({ data: 'x'.repeat(MAX_BODY_BYTES + 10) });
      const response = await apiCall(stack, route.method, fillPath(route.path, 'x'), {
        token: route.access === 'user' ? token : undefined,
        body,
      });
      expect(response.status).toBe(413);
    });
  }
});
