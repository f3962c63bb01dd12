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

  it('names no data controller locally, so the legal pages say it is pending rather than invent one', async () => {
    const config = (await (await fetch(`${web.url}/config.json`)).json()) as Record<string, unknown>;
    expect(config).not.toHaveProperty('controller');
  });

  it('serves the SPA shell in Spanish for any path', async () => {
    const html = await (await fetch(`${web.url}/centro-estudio`)).text();
    expect(html).toContain('<html lang="es-CL">');
    expect(html).toContain('/src/main.tsx');
  });
});
