import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig } from './config';

const valid = {
  stage: 'prod',
  apiUrl: 'https://api.example.cl/',
  region: 'sa-east-1',
  userPoolId: 'sa-east-1_abc',
  userPoolClientId: 'client',
};

describe('runtime configuration', () => {
  it('normalises the API URL and defaults the feature flags to off', () => {
    expect(parseRuntimeConfig(valid)).toMatchObject({
      apiUrl: 'https://api.example.cl',
      features: { supabaseConfirmation: false },
    });
    expect(
      parseRuntimeConfig({ ...valid, features: { supabaseConfirmation: true } }).features
        .supabaseConfirmation,
    ).toBe(true);
  });

  it('names the missing field', () => {
    expect(() => parseRuntimeConfig({ ...valid, userPoolId: '' })).toThrow(
      'config.json is missing "userPoolId"',
    );
    expect(() => parseRuntimeConfig(null)).toThrow(/missing "apiUrl"/);
  });

  it('fails clearly when /config.json cannot be read', async () => {
    const failing = (async () => new Response('nope', { status: 404 })) as typeof fetch;
    await expect(loadRuntimeConfig(failing)).rejects.toThrow('config.json answered 404');
  });
});
