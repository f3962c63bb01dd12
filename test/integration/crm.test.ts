/** The CRM routes and the queue → worker path in the local stack (HubSpot played by the local adapter). */
import { usernameFromEmail } from '@core/domain/username';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { crmLog, eventually } from '../helpers/crmLog';
import { apiCall, createStudent } from '../helpers/localUsers';

const stack = inject('stack');
let student: Awaited<ReturnType<typeof createStudent>>;

beforeAll(async () => {
  student = await createStudent(stack);
  const form = {
    fields: {
      firstname: 'Camila',
      lastname: 'Rojas',
      email: student.email.toUpperCase(),
      phone: '+56912345678',
      username: usernameFromEmail(student.email),
      pathname: '/landing/registro',
    },
    context: { pageUri: 'http://127.0.0.1:5173/landing/registro', pageName: 'Regístrate' },
  };
  const submitted = await apiCall(stack, 'POST', '/api/hubspot/submission/register', { body: form });
  expect(submitted.status).toBe(200);
});

describe('CRM routes', () => {
  it('submits the registration form without a session and lowercases the e-mail', () => {
    const entry = crmLog(stack.logDir).find(
      (e) => e.call === 'submitRegistrationForm' && e.fields.email === student.email,
    );
    expect(entry).toMatchObject({ fields: { email: student.email }, context: { pageName: 'Regístrate' } });
  });

  it('looks up only the caller’s own contact', async () => {
    const own = await apiCall(
      stack,
      'GET',
      `/api/hubspot/contact?email=${encodeURIComponent(student.email)}`,
      {
        token: student.tokens.IdToken,
      },
    );
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ exist: true, contact: { id: expect.any(String) } });
    const other = await apiCall(stack, 'GET', '/api/hubspot/contact?email=otra.persona%40ejemplo.cl', {
      token: student.tokens.IdToken,
    });
    expect(other.status).toBe(403);
    expect((await apiCall(stack, 'GET', `/api/hubspot/contact?email=${student.email}`)).status).toBe(401);
  });

  it('queues an allow-listed property update and answers before the CRM is called', async () => {
    const response = await apiCall(stack, 'PUT', '/api/hubspot/contact', {
      token: student.tokens.IdToken,
      body: { name: 'prueba_de_acceso_elegida', value: 'paes', contactId: '999999' },
    });
    expect(response).toMatchObject({ status: 202, body: { queued: true } });
    const applied = await eventually(() =>
      crmLog(stack.logDir).find(
        (e) => e.call === 'updateContactProperties' && e.properties.prueba_de_acceso_elegida === 'paes',
      ),
    );
    // The worker found the caller's own contact by e-mail; the id in the request was not used.
    expect(applied.contactId).not.toBe('999999');
  });

  it('refuses properties outside the allow-list and invalid values', async () => {
    for (const body of [
      { name: 'hs_lead_status', value: 'x' },
      { name: 'clases_restantes', value: '-3' },
      { name: 'hubspot_id', value: '1' },
    ]) {
      const response = await apiCall(stack, 'PUT', '/api/hubspot/contact', {
        token: student.tokens.IdToken,
        body,
      });
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
  });

  it('creates tickets in the configured pipeline, whatever the client sends', async () => {
    const response = await apiCall(stack, 'POST', '/api/hubspot/ticket', {
      token: student.tokens.IdToken,
      body: {
        pipeline: 'hack',
        stage: 'closed',
        subject: 'Tutoría de prueba',
        content: 'Dudas: fracciones',
        contactId: 1,
      },
    });
    expect(response.status).toBe(202);
    const ticket = await eventually(() =>
      crmLog(stack.logDir).find((e) => e.call === 'createTicket' && e.subject === 'Tutoría de prueba'),
    );
    expect(ticket).toMatchObject({ pipeline: '0', stage: '1', content: 'Dudas: fracciones' });
  });
});
