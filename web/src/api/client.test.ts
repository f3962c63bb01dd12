import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureApiClient } from './client';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      calls.push({ url: url.toString(), init });
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

describe('api client', () => {
  it('attaches the ID token as a bearer token', async () => {
    configureApiClient({ apiUrl: 'https://api.example.cl/' }, async () => 'id-token-123');
    const calls = stubFetch(200, { is_premium: false });
    await expect(api.getUser()).resolves.toEqual({ is_premium: false });
    expect(calls[0]?.url).toBe('https://api.example.cl/api/user');
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.authorization).toBe(
      'Bearer id-token-123',
    );
  });

  it('does not send a token to public routes', async () => {
    configureApiClient({ apiUrl: 'https://api.example.cl' }, async () => 'id-token-123');
    const calls = stubFetch(200, { status: 'ok' });
    await api.health();
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.authorization).toBeUndefined();
  });

  it('turns an error answer into an ApiError with the server message', async () => {
    configureApiClient({ apiUrl: 'https://api.example.cl' }, async () => 'id-token-123');
    stubFetch(404, { message: 'Aún no existe un registro para este usuario.' });
    const error = await api.getUser().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Aún no existe un registro para este usuario.' });
  });

  it('refuses to call a user route without a session', async () => {
    configureApiClient({ apiUrl: 'https://api.example.cl' }, async () => undefined);
    const calls = stubFetch(200, {});
    await expect(api.getUser()).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(0);
  });
});
