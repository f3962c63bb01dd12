import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCrm } from './crmStandIn';

const dir = mkdtempSync(path.join(tmpdir(), 'preu-crm-'));
beforeAll(() => {
  process.env.LOCAL_LOG_DIR = dir;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const registration = {
  fields: {
    firstname: 'Camila',
    lastname: 'Rojas',
    email: 'camila@ejemplo.cl',
    phone: '+56912345678',
    username: 'camila',
    pathname: '/registro',
  },
  context: { pageUri: 'http://127.0.0.1:5173/registro', pageName: 'Regístrate' },
};

describe('LocalCrm', () => {
  it('never gives a deleted contact’s id to the next student', async () => {
    const crm = new LocalCrm();
    const form = (email: string) => ({ ...registration, fields: { ...registration.fields, email } });
    await crm.submitRegistrationForm(form('a@ejemplo.cl'));
    await crm.submitRegistrationForm(form('b@ejemplo.cl'));
    const b = await crm.findContactId('b@ejemplo.cl');
    await crm.deleteContact(String(await crm.findContactId('a@ejemplo.cl')));
    await crm.submitRegistrationForm(form('c@ejemplo.cl'));
    const c = await crm.findContactId('c@ejemplo.cl');
    expect(c).not.toBe(b);
    expect(c).toMatch(/^\d{1,20}$/);
  });
});
