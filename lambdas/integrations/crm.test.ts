/** The contact-page form through the real @hubspot/api-client, HubSpot's Forms API played by nock. */
import { Client } from '@hubspot/api-client';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HubSpotCrm } from './crm';

const settings = {
  queueUrl: undefined,
  portalId: '123',
  registerFormId: 'form-1',
  contactFormId: 'form-2',
  ticketPipeline: '77',
  ticketStage: '88',
};

const crm = (overrides: Partial<typeof settings> = {}) =>
  new HubSpotCrm(new Client({ accessToken: 'test-token' }), { ...settings, ...overrides });

const form = {
  fields: {
    firstname: 'Tomás',
    lastname: 'Muñoz',
    email: 'tomas@ejemplo.cl',
    message: 'Motivo: Tutorías\n\n¿Cómo pido una hora?',
  },
  context: {
    hutk: 'a'.repeat(32),
    pageUri: 'https://preu.example/contacto',
    pageName: 'Contacto | Preu PAES',
  },
};

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('HubSpotCrm.submitContactForm', () => {
  it('submits to the contact form with the token, leaving out fields the visitor left empty', async () => {
    let body: unknown;
    const scope = nock('https://api.hsforms.com', { reqheaders: { authorization: 'Bearer test-token' } })
      .post('/submissions/v3/integration/secure/submit/123/form-2', (sent) => {
        body = sent;
        return true;
      })
      .reply(200, { inlineMessage: 'Gracias' });
    await crm().submitContactForm({ ...form, fields: { ...form.fields, phone: undefined } });
    expect(scope.isDone()).toBe(true);
    expect(body).toEqual({
      fields: [
        { objectTypeId: '0-1', name: 'firstname', value: 'Tomás' },
        { objectTypeId: '0-1', name: 'lastname', value: 'Muñoz' },
        { objectTypeId: '0-1', name: 'email', value: 'tomas@ejemplo.cl' },
        { objectTypeId: '0-1', name: 'message', value: form.fields.message },
      ],
      context: form.context,
    });
  });

  it('fails loudly when HubSpot refuses or the form is not configured', async () => {
    nock('https://api.hsforms.com')
      .post('/submissions/v3/integration/secure/submit/123/form-2')
      .reply(400, {});
    await expect(crm().submitContactForm(form)).rejects.toThrow('Form submission answered 400');
    await expect(crm({ contactFormId: undefined }).submitContactForm(form)).rejects.toThrow(
      'HUBSPOT_CONTACT_FORM_ID',
    );
  });
});
