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

  it('turns the chat and analytics on only when their ids are configured and well-formed', () => {
    const plain = parseRuntimeConfig(valid);
    expect(plain.features).toEqual({ supabaseConfirmation: false, supportChat: false, analytics: false });
    expect(plain.hubspotPortalId).toBeUndefined();
    const withIds = parseRuntimeConfig({
      ...valid,
      hubspotPortalId: '4512345',
      gaMeasurementId: 'G-AB12CD34',
    });
    expect(withIds).toMatchObject({ hubspotPortalId: '4512345', gaMeasurementId: 'G-AB12CD34' });
    expect(withIds.features).toMatchObject({ supportChat: true, analytics: true });
    const switchedOff = parseRuntimeConfig({
      ...valid,
      hubspotPortalId: '4512345',
      gaMeasurementId: 'G-AB12CD34',
      features: { supportChat: false, analytics: false },
    });
    expect(switchedOff.features).toMatchObject({ supportChat: false, analytics: false });
    // An id that is not an id never reaches a script URL.
    const hostile = parseRuntimeConfig({ ...valid, hubspotPortalId: '1.js?x=', gaMeasurementId: 'G-1"><' });
    expect(hostile).not.toHaveProperty('hubspotPortalId');
    expect(hostile).not.toHaveProperty('gaMeasurementId');
    expect(hostile.features).toMatchObject({ supportChat: false, analytics: false });
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
