import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { webRuntimeConfig } from '../../scripts/local/stack';
import { startLocalWeb } from '../../scripts/local/web';

const stack = inject('stack');
let web: { url: string; close(): Promise<void> };

beforeAll(async () => {
  web = await startLocalWeb({ mode: 'dev', port: 0, runtimeConfig: () => webRuntimeConfig(stack) });
});
afterAll(() => web.close());

describe('local web server', () => {
  it('serves /config.json from the running stack, uncached', async () => {
    const response = await fetch(`${web.url}/config.json`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({
      apiUrl: stack.apiUrl,
      userPoolId: stack.userPoolId,
      userPoolClientId: stack.userPoolClientId,
      userPoolEndpoint: stack.cognitoEndpoint,
      features: { supabaseConfirmation: false },
    });
  });

  it('gives the legal pages a controller identity that says it is only the local one', async () => {
    const config = (await (await fetch(`${web.url}/config.json`)).json()) as {
      controller: Record<string, string>;
    };
    expect(config.controller.name).toContain('entorno local');
    expect(Object.keys(config.controller).sort()).toEqual(['address', 'email', 'name', 'rut']);
    expect(config.controller.email).toMatch(/\.test$/);
  });

  it('serves the SPA shell in Spanish for any path', async () => {
    const html = await (await fetch(`${web.url}/centro-estudio`)).text();
    expect(html).toContain('<html lang="es-CL">');
    expect(html).toContain('/src/main.tsx');
  });
});
