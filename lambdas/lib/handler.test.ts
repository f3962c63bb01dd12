import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiEvent, lambdaContext } from '../../test/helpers/apiEvents';
import { ForbiddenError } from './errors';
import {
  type ApiEvent,
  createModuleHandler,
  MAX_BODY_BYTES,
  ok,
  openOperation,
  userOperation,
} from './handler';
import { logger } from './logger';

// Other projects' stacks set WEB_ORIGIN in the environment this worker inherits; pin it here.
vi.hoisted(() => {
  process.env.WEB_ORIGIN = 'http://localhost:5173';
});

vi.mock('../routes', async (original) => {
  const actual = await original<typeof import('../routes')>();
  return {
    ...actual,
    routes: [
      { method: 'POST', path: '/api/test/echo', module: 'health', operation: 'echo', access: 'user' },
      { method: 'GET', path: '/api/test/public', module: 'health', operation: 'open', access: 'public' },
      { method: 'GET', path: '/api/test/boom', module: 'health', operation: 'boom', access: 'public' },
      {
        method: 'GET',
        path: '/api/test/forbidden',
        module: 'health',
        operation: 'forbidden',
        access: 'user',
      },
      { method: 'GET', path: '/api/test/outage', module: 'health', operation: 'outage', access: 'public' },
    ],
  };
});

const idClaims = { sub: 'sub-123', email: 'Camila@Ejemplo.cl', token_use: 'id', email_verified: 'true' };

const event = (
  routeKey: string,
  options: { body?: string; claims?: Record<string, unknown>; headers?: Record<string, string> } = {},
) =>
  apiEvent(routeKey, {
    rawBody: options.body,
    headers: { 'content-type': 'application/json', ...options.headers },
    claims: options.claims ?? null,
  });

const context = lambdaContext();

const operations = {
  echo: userOperation({
    body: z.object({ name: z.string().min(2), count: z.number().int().min(0) }).strict(),
    run: async ({ body, caller }) => ok({ body, sub: caller.sub, email: caller.email }),
  }),
  open: openOperation({ run: async () => ok({ open: true }) }),
  boom: openOperation({
    run: async () => {
      throw new Error('secret internal detail');
    },
  }),
  forbidden: userOperation({
    run: async () => {
      throw new ForbiddenError();
    },
  }),
  outage: openOperation({
    run: async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    },
  }),
};

const handler = createModuleHandler('health', operations);
const invoke = async (e: ApiEvent) => {
  const result = await handler(e, context);
  return { ...result, json: JSON.parse(result.body ?? 'null') };
};

afterEach(() => vi.restoreAllMocks());

describe('createModuleHandler', () => {
  it('parses JSON, validates it and passes the caller from the verified claims', async () => {
    const result = await invoke(
      event('POST /api/test/echo', { body: '{"name":"Ana","count":2}', claims: idClaims }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.json).toEqual({
      body: { name: 'Ana', count: 2 },
      sub: 'sub-123',
      email: 'camila@ejemplo.cl',
    });
    expect(result.headers?.['content-type']).toContain('application/json');
  });

  it('answers invalid input with a 400 and a Spanish message naming the field', async () => {
    const result = await invoke(
      event('POST /api/test/echo', { body: '{"name":"A","count":2}', claims: idClaims }),
    );
    expect(result.statusCode).toBe(400);
    expect(result.json.message).toMatch(/^Datos inválidos en el cuerpo de la solicitud \(campo «name»\)/);
    expect(result.json.issues[0].path).toBe('name');
  });

  it('rejects fields the schema does not know', async () => {
    const result = await invoke(
      event('POST /api/test/echo', { body: '{"name":"Ana","count":1,"is_premium":true}', claims: idClaims }),
    );
    expect(result.statusCode).toBe(400);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const result = await invoke(event('POST /api/test/echo', { body: '{"name":', claims: idClaims }));
    expect(result.statusCode).toBe(400);
    expect(result.json.message).toBe('El cuerpo de la solicitud no es un JSON válido.');
  });

  it('refuses bodies over the size limit with 413', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), count: 1 });
    const result = await invoke(event('POST /api/test/echo', { body, claims: idClaims }));
    expect(result.statusCode).toBe(413);
  });

  it('answers 401 on a user route without claims or with an access token', async () => {
    expect(
      (await invoke(event('POST /api/test/echo', { body: '{"name":"Ana","count":2}' }))).statusCode,
    ).toBe(401);
    const accessClaims = { sub: 'sub-123', token_use: 'access', client_id: 'abc' };
    const result = await invoke(
      event('POST /api/test/echo', { body: '{"name":"Ana","count":2}', claims: accessClaims }),
    );
    expect(result.statusCode).toBe(401);
    expect(result.json.message).toBe('Debes iniciar sesión para continuar.');
  });

  it('maps domain errors to their status', async () => {
    const result = await invoke(event('GET /api/test/forbidden', { claims: idClaims }));
    expect(result.statusCode).toBe(403);
    expect(result.json).toEqual({ message: 'No tienes permiso para realizar esta acción.' });
  });

  it('turns unexpected errors into a 500 with a correlation id, logged but not leaked', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const result = await invoke(event('GET /api/test/boom'));
    expect(result.statusCode).toBe(500);
    expect(result.json.correlationId).toBe('req-1');
    expect(result.body).not.toContain('secret internal detail');
    expect(logged).toHaveBeenCalledWith(
      'unexpected error',
      expect.objectContaining({ correlationId: 'req-1' }),
    );
  });

  it('answers 503 with a Spanish message when a dependency is unreachable', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const result = await invoke(event('GET /api/test/outage'));
    expect(result.statusCode).toBe(503);
    expect(result.json.message).toMatch(/no está disponible/);
  });

  it('adds the CORS header for the web origin to answers and errors', async () => {
    const okResult = await invoke(event('GET /api/test/public'));
    expect(okResult.headers?.['access-control-allow-origin']).toBe('http://localhost:5173');
    const failed = await invoke(event('GET /api/test/forbidden', { claims: idClaims }));
    expect(failed.headers?.['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('answers 404 for a routeKey the module does not serve', async () => {
    expect((await invoke(event('GET /api/test/unknown'))).statusCode).toBe(404);
  });

  it('refuses to build a handler whose operation access contradicts the route table', () => {
    expect(() =>
      createModuleHandler('health', { ...operations, open: userOperation({ run: async () => ok(1) }) }),
    ).toThrow(/is public but its operation is user/);
    const { echo: _echo, ...withoutEcho } = operations;
    expect(() => createModuleHandler('health', withoutEcho)).toThrow(/has no operation echo/);
  });
});
