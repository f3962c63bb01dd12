import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import * as z from 'zod';
import { es as spanishMessages } from 'zod/locales';
import { type HandlerModule, type Route, type RouteAccess, routeKey, routes } from '../routes';
import { type Caller, callerFromEvent } from './caller';
import { readConfig } from './config';
import { BadRequestError, HttpError, PayloadTooLargeError, ServiceUnavailableError } from './errors';
import { logger } from './logger';

// The namespace import and the one locale keep zod's other locales out of every bundle (issue 15).
z.config(spanishMessages());

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** Bodies above this are refused with 413 before parsing (API Gateway's own limit is far higher). */
export const MAX_BODY_BYTES = 256 * 1024;

export interface HttpResponse {
  statusCode: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const ok = (body: unknown): HttpResponse => ({ statusCode: 200, body });
export const created = (body: unknown): HttpResponse => ({ statusCode: 201, body });

interface OperationInput<B, Q, P> {
  body: B;
  query: Q;
  path: P;
  event: ApiEvent;
}

type Schemas<B, Q, P> = {
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  path?: z.ZodType<P>;
};

/** An operation for a `user` route: it always receives the verified caller. */
export interface UserOperation<B = unknown, Q = unknown, P = unknown> extends Schemas<B, Q, P> {
  access: 'user';
  run(input: OperationInput<B, Q, P> & { caller: Caller }): Promise<HttpResponse>;
}

/** An operation for a `public` or `stripe-signature` route: there is no caller. */
export interface OpenOperation<B = unknown, Q = unknown, P = unknown> extends Schemas<B, Q, P> {
  access: Exclude<RouteAccess, 'user'>;
  /** Keep the body as the raw string (signature checks need the exact bytes). */
  rawBody?: boolean;
  run(input: OperationInput<B, Q, P>): Promise<HttpResponse>;
}

// biome-ignore lint/suspicious/noExplicitAny: operations of any shape share one registry.
export type Operation = UserOperation<any, any, any> | OpenOperation<any, any, any>;

export const userOperation = <B = undefined, Q = undefined, P = undefined>(
  op: Omit<UserOperation<B, Q, P>, 'access'>,
): UserOperation<B, Q, P> => ({ ...op, access: 'user' });

export const openOperation = <B = undefined, Q = undefined, P = undefined>(
  op: Omit<OpenOperation<B, Q, P>, 'access'> & { access?: OpenOperation['access'] },
): OpenOperation<B, Q, P> => ({ ...op, access: op.access ?? 'public' });

/**
 * The Lambda handler of one module: it dispatches on the event's routeKey to the operation the
 * route table names, wrapped in the shared middy chain (size limit → JSON body → validation →
 * operation → error mapping → CORS).
 */
export function createModuleHandler(module: HandlerModule, operations: Record<string, Operation>) {
  const table = new Map<string, { route: Route; operation: Operation }>();
  for (const route of routes.filter((r) => r.module === module)) {
    const operation = operations[route.operation];
    if (!operation) throw new Error(`Module ${module} has no operation ${route.operation}`);
    if ((route.access === 'user') !== (operation.access === 'user')) {
      throw new Error(`Route ${routeKey(route)} is ${route.access} but its operation is ${operation.access}`);
    }
    table.set(routeKey(route), { route, operation });
  }
  const { webOrigin } = readConfig();

  return middy<ApiEvent, ApiResult>()
    .use(corsHeaders(webOrigin))
    .use(errorResponses())
    .use(bodySizeLimit())
    .use({
      before: async (request) => {
        const entry = table.get(request.event.routeKey);
        const wantsRaw = entry?.operation.access !== 'user' && entry?.operation.rawBody;
        const hasBody = typeof request.event.body === 'string' && request.event.body.length > 0;
        if (hasBody && !wantsRaw) {
          await httpJsonBodyParser({ disableContentTypeError: true }).before?.(request as never);
        }
      },
    })
    .handler(async (event) => {
      const entry = table.get(event.routeKey);
      if (!entry) throw new HttpError(404, 'Ruta no encontrada.');
      const { operation } = entry;
      // Who is calling is settled before anything about the request is looked at.
      const caller = operation.access === 'user' ? callerFromEvent(event) : null;
      const input = {
        body: parse(operation.body, emptyToUndefined(event.body), 'body'),
        query: parse(operation.query, event.queryStringParameters ?? {}, 'query'),
        path: parse(operation.path, event.pathParameters ?? {}, 'path'),
        event,
      };
      const response =
        operation.access === 'user' && caller
          ? await operation.run({ ...input, caller })
          : await (operation as OpenOperation).run(input);
      return toResult(response);
    });
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: 'body' | 'query' | 'path'): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new BadRequestError(describeIssues(result.error, where), {
    issues: result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  });
}

const PLACE: Record<'body' | 'query' | 'path', string> = {
  body: 'el cuerpo de la solicitud',
  query: 'los parámetros de la consulta',
  path: 'la ruta',
};

function describeIssues(error: z.ZodError, where: 'body' | 'query' | 'path'): string {
  const first = error.issues[0];
  const field = first && first.path.length > 0 ? ` (campo «${first.path.join('.')}»)` : '';
  return `Datos inválidos en ${PLACE[where]}${field}: ${first?.message ?? 'formato incorrecto'}.`;
}

function emptyToUndefined(body: unknown): unknown {
  return body === '' || body === null ? undefined : body;
}

function toResult(response: HttpResponse): ApiResult {
  return {
    statusCode: response.statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...response.headers },
    body: JSON.stringify(response.body ?? null),
  };
}

function bodySizeLimit(): middy.MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: async ({ event }) => {
      const length = event.body
        ? Buffer.byteLength(event.body, event.isBase64Encoded ? 'base64' : 'utf8')
        : 0;
      if (length > MAX_BODY_BYTES) throw new PayloadTooLargeError();
    },
  };
}

/** Errors that mean the database or another AWS dependency is unreachable for a moment. */
function isDependencyOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  return (
    // An integration's error that says its service is down or throttling (e.g. CrmError 5xx/429).
    (error as { dependencyUnavailable?: boolean }).dependencyUnavailable === true ||
    error.name === 'TimeoutError' ||
    error.name === 'ServiceUnavailable' ||
    error.name === 'ProvisionedThroughputExceededException' ||
    error.name === 'ThrottlingException' ||
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'EPIPE'
  );
}

function errorResponses(): middy.MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: async ({ event }) => {
      logger.resetKeys();
      logger.appendKeys({ correlationId: event.requestContext?.requestId, routeKey: event.routeKey });
    },
    onError: async (request) => {
      const { error } = request;
      const correlationId = request.event.requestContext?.requestId;
      if (error instanceof HttpError) {
        if (error.statusCode >= 500) logger.warn('request failed', { statusCode: error.statusCode });
        request.response = toResult({
          statusCode: error.statusCode,
          body: { message: error.message, ...(error.details ?? {}) },
        });
        return;
      }
      // @middy/http-json-body-parser signals malformed JSON with its own 415.
      const middyStatus = (error as { statusCode?: number } | null)?.statusCode;
      if (middyStatus === 415) {
        request.response = toResult({
          statusCode: 400,
          body: { message: 'El cuerpo de la solicitud no es un JSON válido.' },
        });
        return;
      }
      if (isDependencyOutage(error)) {
        logger.error('dependency unavailable', { error: error as Error, correlationId });
        const unavailable = new ServiceUnavailableError();
        request.response = toResult({
          statusCode: 503,
          body: { message: unavailable.message, correlationId },
        });
        return;
      }
      logger.error('unexpected error', { error: error as Error, correlationId });
      request.response = toResult({
        statusCode: 500,
        body: {
          message: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
          correlationId,
        },
      });
    },
  };
}

function corsHeaders(origin: string): middy.MiddlewareObj<ApiEvent, ApiResult> {
  const add = (request: middy.Request<ApiEvent, ApiResult>) => {
    if (!request.response) return;
    request.response.headers = {
      ...request.response.headers,
      'access-control-allow-origin': origin,
      vary: 'Origin',
    };
  };
  return { after: async (request) => add(request), onError: async (request) => add(request) };
}

export type LambdaHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;
