/**
 * The authentication matrix, generated from the route table: every `user` route refuses every
 * kind of bad credential with 401, exactly as API Gateway's JWT authorizer (plus the handler's
 * ID-token rule) does.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routeKey, routes } from '../../../lambdas/routes';
import { apiCall, createStudent } from '../../helpers/localUsers';
import { craftToken } from '../../helpers/tokens';

const stack = inject('stack');
const userRoutes = routes.filter((route) => route.access === 'user');
const samplePath = (path: string) => path.replace(/\{(\w+)\}/g, 'abc123');

let student: Awaited<ReturnType<typeof createStudent>>;
beforeAll(async () => {
  student = await createStudent(stack);
});

const badCredentials: [string, () => string | undefined][] = [
  ['no token', () => undefined],
  ['a malformed token', () => 'Bearer-not-a-jwt'],
  ['a token signed with another key', () => craftToken(stack, student, { key: 'stranger' })],
  [
    'a token of another issuer',
    () => craftToken(stack, student, { issuer: `${stack.cognitoEndpoint}/local_OTHER` }),
  ],
  ['a token for another client', () => craftToken(stack, student, { audience: 'other-client' })],
  ['an expired token', () => craftToken(stack, student, { expiresIn: -30 })],
  ['an access token where the ID token is expected', () => student.tokens.AccessToken],
];

describe('authentication matrix', () => {
  it('covers at least the user record routes', () => {
    expect(userRoutes.map(routeKey)).toContain('GET /api/user');
  });

  describe.each(userRoutes.map((route) => [routeKey(route), route] as const))('%s', (_key, route) => {
    it.each(badCredentials)('answers 401 to %s', async (_name, token) => {
      const body = route.method === 'GET' ? undefined : {};
      const response = await apiCall(stack, route.method, samplePath(route.path), { token: token(), body });
      expect(response.status).toBe(401);
    });
  });
});
