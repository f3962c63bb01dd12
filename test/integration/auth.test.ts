/**
 * The local gateway behaves like API Gateway's JWT authorizer, and a handler sees the caller of a
 * real token from the local pool.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamo } from '../../lambdas/data/client';
import { apiCall, createStudent, type Tokens } from '../helpers/localUsers';

const stack = inject('stack');
const require = createRequire(import.meta.url);
const localKey: { pem: string } = require('cognito-local/lib/keys/cognitoLocal.private.json');

let student: { email: string; sub: string; tokens: Tokens };

/** A token shaped like the pool's ID tokens, signed with the given key and claims. */
function craftIdToken(
  overrides: { key?: string; issuer?: string; audience?: string; expiresIn?: number } = {},
) {
  return jwt.sign(
    { sub: student.sub, email: student.email, email_verified: true, token_use: 'id' },
    overrides.key ?? localKey.pem,
    {
      algorithm: 'RS256',
      keyid: 'CognitoLocal',
      issuer: overrides.issuer ?? `${stack.cognitoEndpoint}/${stack.userPoolId}`,
      audience: overrides.audience ?? stack.userPoolClientId,
      expiresIn: overrides.expiresIn ?? 3600,
    },
  );
}

beforeAll(async () => {
  student = await createStudent(stack);
  // dynamo() reads the endpoint from the environment, as a Lambda would.
  process.env.DYNAMODB_ENDPOINT = stack.dynamoEndpoint;
  process.env.USERS_TABLE = stack.tables.users;
});

describe('authentication at the gateway', () => {
  it('serves the public health route without a token', async () => {
    const { status, body } = await apiCall(stack, 'GET', '/api/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok' });
  });

  it('answers 401 without a token', async () => {
    expect((await apiCall(stack, 'GET', '/api/user')).status).toBe(401);
  });

  it('answers 401 for a malformed token', async () => {
    expect((await apiCall(stack, 'GET', '/api/user', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('answers 401 for a token signed with another key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = craftIdToken({ key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
    expect((await apiCall(stack, 'GET', '/api/user', { token: forged })).status).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const expired = craftIdToken({ expiresIn: -60 });
    expect((await apiCall(stack, 'GET', '/api/user', { token: expired })).status).toBe(401);
  });

  it('answers 401 for a token of another issuer or another client', async () => {
    const otherIssuer = craftIdToken({ issuer: `${stack.cognitoEndpoint}/local_OTHER` });
    expect((await apiCall(stack, 'GET', '/api/user', { token: otherIssuer })).status).toBe(401);
    const otherClient = craftIdToken({ audience: 'some-other-client' });
    expect((await apiCall(stack, 'GET', '/api/user', { token: otherClient })).status).toBe(401);
  });

  it('refuses an access token where the API expects the ID token', async () => {
    const { status } = await apiCall(stack, 'GET', '/api/user', { token: student.tokens.AccessToken });
    expect(status).toBe(401);
  });

  it('lets a real ID token through to the handler, which reads DynamoDB for that caller', async () => {
    const before = await apiCall(stack, 'GET', '/api/user', { token: student.tokens.IdToken });
    expect(before.status).toBe(404);
    expect(before.body).toEqual({ message: 'Aún no existe un registro para este usuario.' });

    await dynamo().send(
      new PutCommand({
        TableName: stack.tables.users,
        Item: {
          pk: `USER#${student.sub}`,
          sk: 'PROFILE',
          sub: student.sub,
          email: student.email,
          is_premium: false,
          exams_available: 1,
          tutorials_available: 1,
          onboarding: {},
        },
      }),
    );
    const after = await apiCall(stack, 'GET', '/api/user', { token: `  ${student.tokens.IdToken}` });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ is_premium: false, exams_available: 1, tutorials_available: 1 });
  });

  it('answers 404 for an unknown route and 405 for a known path with another method', async () => {
    expect((await apiCall(stack, 'GET', '/api/nothing-here')).status).toBe(404);
    expect((await apiCall(stack, 'DELETE', '/api/health')).status).toBe(405);
  });

  it('answers the CORS preflight for the web origin', async () => {
    const response = await fetch(`${stack.apiUrl}/api/user`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
  });
});
