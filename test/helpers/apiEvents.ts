/**
 * API Gateway v2 events and a Lambda context for the handler tests (lambdas/**\/*.test.ts), shaped
 * as the local gateway and API Gateway deliver them: a JSON body comes with its content type, and
 * a signed-in caller is the JWT authorizer's claims.
 */
import type { Context } from 'aws-lambda';
import type { ApiEvent } from '../../lambdas/lib/handler';

/** The signed-in student of most handler tests: an ID token with a verified e-mail. */
export const studentClaims = {
  sub: 'sub-1',
  email: 'camila@ejemplo.cl',
  token_use: 'id',
  email_verified: 'true',
};

export const lambdaContext = (remainingMs = 1000): Context =>
  ({ awsRequestId: 'aws-1', getRemainingTimeInMillis: () => remainingMs }) as unknown as Context;

export interface EventOptions {
  /** Sent as JSON, with `content-type: application/json`. */
  body?: unknown;
  /** Sent as it is (a webhook's signed payload, a malformed body). */
  rawBody?: string;
  path?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** The authorizer's claims; null for a public route's anonymous caller. */
  claims?: Record<string, unknown> | null;
  requestId?: string;
}

/** The event of `routeKey` (`'POST /api/exam/progress'`) as API Gateway delivers it. */
export function apiEvent(routeKey: string, options: EventOptions = {}): ApiEvent {
  const claims = options.claims === undefined ? studentClaims : options.claims;
  const json = options.body !== undefined;
  return {
    routeKey,
    rawPath: routeKey.split(' ')[1],
    headers: {
      ...(json || options.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    pathParameters: options.path ?? {},
    ...(options.query ? { queryStringParameters: options.query } : {}),
    ...(json ? { body: JSON.stringify(options.body) } : {}),
    ...(options.rawBody !== undefined ? { body: options.rawBody } : {}),
    isBase64Encoded: false,
    requestContext: {
      requestId: options.requestId ?? 'req-1',
      ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}),
    },
  } as unknown as ApiEvent;
}
