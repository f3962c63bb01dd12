/**
 * The local stand-in for API Gateway's HTTP API: it mounts lambdas/routes.ts, verifies the bearer
 * JWT of `user` routes against the local pool's keys (401 otherwise, as the JWT authorizer does),
 * builds API Gateway v2 events and invokes the same handler modules that run in Lambda.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JwtVerifier } from 'aws-jwt-verify';
import type { Context } from 'aws-lambda';
import type { ApiEvent, ApiResult, LambdaHandler } from '../../lambdas/lib/handler';
import { type HandlerModule, matchRoute, pathIsKnown, type Route, routeKey } from '../../lambdas/routes';

/** API Gateway refuses payloads above 10 MB before any Lambda runs. */
const GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface LocalAuth {
  issuer: string;
  userPoolClientId: string;
  jwksUrl: string;
}

export interface LocalApi {
  url: string;
  port: number;
  close(): Promise<void>;
}

type JwtClaims = Record<string, string | number | boolean | string[]>;

export async function startLocalApi(options: {
  port: number;
  host?: string;
  auth: LocalAuth;
  /** Read on every request: the web origin may only be known after the API is listening. */
  webOrigin: () => string;
  loadModule?: (module: HandlerModule) => Promise<{ handler: LambdaHandler }>;
}): Promise<LocalApi> {
  const host = options.host ?? '127.0.0.1';
  const verifyToken = await createTokenVerifier(options.auth);
  const importModule = options.loadModule ?? ((module) => import(`../../lambdas/http/${module}.ts`));
  // Each module once, as a Lambda container keeps it: a repeated import() of a loaded module still
  // costs ~0.4 ms per request under tsx's loader hooks, which Lambda never pays (issue 15).
  const modules = new Map<HandlerModule, Promise<{ handler: LambdaHandler }>>();
  const loadModule = (module: HandlerModule) => {
    let loading = modules.get(module);
    if (!loading) {
      loading = importModule(module);
      modules.set(module, loading);
      loading.catch(() => modules.delete(module));
    }
    return loading;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error('[api] unexpected failure of the local gateway', error);
      send(res, 500, { message: 'Internal Server Error' }, corsHeaders(options.webOrigin()));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const cors = corsHeaders(options.webOrigin());
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET,POST,PUT,DELETE,OPTIONS',
        'access-control-allow-headers': 'authorization,content-type',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const body = await readBody(req);
    if (body === null) return send(res, 413, { message: 'Request Entity Too Large' }, cors);

    const match = matchRoute(method, url.pathname);
    if (!match) {
      const status = pathIsKnown(url.pathname) ? 405 : 404;
      return send(res, status, { message: status === 405 ? 'Method Not Allowed' : 'Not Found' }, cors);
    }
    let claims: JwtClaims | undefined;
    if (match.route.access === 'user') {
      claims = await verifyToken(req.headers.authorization);
      if (!claims) return send(res, 401, { message: 'Unauthorized' }, cors);
    }
    const event = buildEvent(req, url, method, body, match.route, match.pathParameters, claims);
    const { handler } = await loadModule(match.route.module);
    const result: ApiResult = await handler(event, lambdaContext(match.route.module));
    res.writeHead(result.statusCode ?? 200, { ...cors, ...stringHeaders(result.headers) });
    res.end(result.body ?? '');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Verifies a bearer token the way API Gateway's JWT authorizer does: RS256 signature from the
 * pool's JWKS, issuer, expiry, and `aud` (ID token) or `client_id` (access token) equal to the client.
 */
export async function createTokenVerifier(auth: LocalAuth) {
  const verifier = JwtVerifier.create({
    issuer: auth.issuer,
    audience: null,
    jwksUri: auth.jwksUrl,
    customJwtCheck: ({ payload }) => {
      if (payload.aud !== auth.userPoolClientId && payload.client_id !== auth.userPoolClientId) {
        throw new Error('Token was not issued for this client');
      }
    },
  });
  // aws-jwt-verify only fetches over https; the local pool serves its JWKS over http.
  const jwks = await (await fetch(auth.jwksUrl)).json();
  verifier.cacheJwks(jwks);
  // A token verified once is the same token until it expires: API Gateway's check costs a Lambda
  // nothing, so the local gateway should not add an RSA verification to every request (issue 15).
  const verified = new Map<string, JwtClaims>();
  return async (authorization: string | undefined): Promise<JwtClaims | undefined> => {
    const token = authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!token) return undefined;
    const known = verified.get(token);
    if (known && Number(known.exp) * 1000 > Date.now()) return known;
    verified.delete(token);
    try {
      const claims = (await verifier.verify(token)) as unknown as JwtClaims;
      if (verified.size >= 10_000) verified.clear();
      verified.set(token, claims);
      return claims;
    } catch {
      return undefined;
    }
  };
}

function buildEvent(
  req: IncomingMessage,
  url: URL,
  method: string,
  body: string,
  route: Route,
  pathParameters: Record<string, string>,
  claims: JwtClaims | undefined,
): ApiEvent {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    queryStringParameters[name] = queryStringParameters[name]
      ? `${queryStringParameters[name]},${value}`
      : value;
  }
  const now = new Date();
  const key = routeKey(route);
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    ...(Object.keys(queryStringParameters).length > 0 ? { queryStringParameters } : {}),
    ...(Object.keys(pathParameters).length > 0 ? { pathParameters } : {}),
    ...(body.length > 0 ? { body } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: claims ?? {}, scopes: [] } },
    },
  } as unknown as ApiEvent;
}

function lambdaContext(module: string): Context {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${module}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${module}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/local-${module}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, 10_000 - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > GATEWAY_MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function corsHeaders(origin: string): Record<string, string> {
  return { 'access-control-allow-origin': origin, vary: 'Origin' };
}

function stringHeaders(headers: ApiResult['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name] = String(value);
  return out;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
