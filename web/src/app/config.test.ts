import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig, normaliseRut, parseRuntimeConfig } from './config';

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

  it('reads the controller identity for the legal texts, keeping only well-formed fields', () => {
    expect(parseRuntimeConfig(valid)).not.toHaveProperty('controller');
    const full = parseRuntimeConfig({
      ...valid,
      controller: {
        name: '  Preu PAES SpA ',
        rut: '76123456-0',
        address: 'Av. Providencia 1234, oficina 56,\nProvidencia, Santiago',
        email: 'privacidad@preu.cl',
      },
    });
    expect(full.controller).toEqual({
      name: 'Preu PAES SpA',
      rut: '76.123.456-0',
      address: 'Av. Providencia 1234, oficina 56, Providencia, Santiago',
      email: 'privacidad@preu.cl',
    });
    // A wrong check digit, a non-address, an e-mail that is not one: shown as pending, not invented.
    const partial = parseRuntimeConfig({
      ...valid,
      controller: { name: 'Preu PAES SpA', rut: '76.123.456-7', address: 42, email: 'privacidad@' },
    });
    expect(partial.controller).toEqual({ name: 'Preu PAES SpA' });
    expect(
      parseRuntimeConfig({ ...valid, controller: { name: '', rut: 'K', email: 'a b@c.cl' } }),
    ).not.toHaveProperty('controller');
    expect(parseRuntimeConfig({ ...valid, controller: 'Preu PAES' })).not.toHaveProperty('controller');
  });

  it('accepts RUTs with or without dots and a K check digit', () => {
    expect(normaliseRut('11111111-1')).toBe('11.111.111-1');
    expect(normaliseRut('12.345.678-5')).toBe('12.345.678-5');
    expect(normaliseRut('9876543-3')).toBe('9.876.543-3');
    expect(normaliseRut('12.345.678-6')).toBeUndefined();
    expect(normaliseRut('12.345.678')).toBeUndefined();
    expect(normaliseRut('10000013-k')).toBe('10.000.013-K');
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
