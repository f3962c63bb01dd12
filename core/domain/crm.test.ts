import { describe, expect, it } from 'vitest';
import { CONTACT_PROPERTIES, isContactProperty, lastLoginValue, lifecycleStageWrites } from './crm';

describe('CRM rules', () => {
  it('writes last_login as today at UTC midnight', () => {
    expect(lastLoginValue(new Date('2026-11-22T23:59:59-03:00'))).toBe('2026-11-23T00:00:00.000Z');
    expect(lastLoginValue(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01T00:00:00.000Z');
    expect(CONTACT_PROPERTIES.last_login(lastLoginValue())).toBe(true);
  });

  it('accepts only the known lifecycle stages, ignores empty values and logs unknown ones', () => {
    expect(lifecycleStageWrites('')).toEqual({ writes: [] });
    expect(lifecycleStageWrites(undefined)).toEqual({ writes: [] });
    expect(lifecycleStageWrites('lead')).toEqual({ writes: ['lead'] });
    expect(lifecycleStageWrites('cliente')).toEqual({
      writes: [],
      warning: 'Property cliente is not a valid lifecycle stage',
    });
  });

  it('sets marketingqualifiedlead before salesqualifiedlead', () => {
    expect(lifecycleStageWrites('salesqualifiedlead')).toEqual({
      writes: ['marketingqualifiedlead', 'salesqualifiedlead'],
    });
  });

  it('allows only the platform’s contact properties with valid values', () => {
    expect(isContactProperty('clases_restantes')).toBe(true);
    expect(isContactProperty('hs_lead_status')).toBe(false);
    expect(isContactProperty('constructor')).toBe(false);
    expect(CONTACT_PROPERTIES.clases_restantes('2')).toBe(true);
    expect(CONTACT_PROPERTIES.clases_restantes('-1')).toBe(false);
    expect(CONTACT_PROPERTIES.prueba_de_acceso_elegida('paes')).toBe(true);
    expect(CONTACT_PROPERTIES.prueba_de_acceso_elegida('sat')).toBe(false);
  });
});
