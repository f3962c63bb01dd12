/**
 * POST /api/onboarding against the local stack, which loads the real catalogue on start: the
 * rules are checked against the catalogue in DynamoDB, the choice is stored on the user record
 * and the course reaches the (local) CRM. Also the public contact form of /contacto.
 */
import type { AvailableDate } from '@core/content/schema';
import { offeredDates } from '@core/domain/catalogue';
import { chileToday } from '@core/domain/onboarding';
import { usernameFromEmail } from '@core/domain/username';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import courses from '../../content/catalogue/courses.json';
import { crmLog, eventually } from '../helpers/crmLog';
import { apiCall, createStudent } from '../helpers/localUsers';

const stack = inject('stack');

const paesDates = courses.courses.find((c) => c.id === 'paes')?.availableDates as AvailableDate[];
const upcoming = offeredDates(paesDates, chileToday()).find((d) => d.id !== 'otra');
const past = paesDates.find((d) => d.past);

const valid = {
  course: 'PAES',
  profile: 'emch-cientifico-humanista',
  selectedTests: [
    'paes_competencia_lectora',
    'paes_competencia_matematica_m1',
    'paes_ciencias_electiva_quimica',
  ],
  date: upcoming?.id ?? 'otra',
  targetPoints: 780,
};

let student: Awaited<ReturnType<typeof createStudent>>;
const save = (onboarding: unknown, token: string | null = student.tokens.IdToken) =>
  apiCall(stack, 'POST', '/api/onboarding', { ...(token ? { token } : {}), body: { onboarding } });

beforeAll(async () => {
  student = await createStudent(stack);
  const created = await apiCall(stack, 'POST', '/api/user/signup-v2', {
    token: student.tokens.IdToken,
    body: {
      firstname: 'Camila',
      lastname: 'Rojas',
      email: student.email,
      phone: '+56912345678',
      username: usernameFromEmail(student.email),
      pathname: '/landing/preparate-paes',
      hubspot_id: null,
    },
  });
  expect(created.status).toBe(201);
  // The sign-up form created the CRM contact, as in the browser flow.
  const form = {
    fields: {
      firstname: 'Camila',
      lastname: 'Rojas',
      email: student.email,
      phone: '+56912345678',
      username: usernameFromEmail(student.email),
      pathname: '/landing/preparate-paes',
    },
    context: { pageUri: 'http://127.0.0.1:5173/landing/preparate-paes', pageName: 'Prepárate para la PAES' },
  };
  expect((await apiCall(stack, 'POST', '/api/hubspot/submission/register', { body: form })).status).toBe(200);
});

describe('POST /api/onboarding', () => {
  it('needs a session', async () => {
    expect((await save(valid, null)).status).toBe(401);
  });

  it('stores the choice on the user record (course lowercased) and answers the record', async () => {
    const response = await save(valid);
    expect(response.status).toBe(200);
    const expected = { ...valid, course: 'paes' };
    expect((response.body as { onboarding: unknown }).onboarding).toEqual(expected);
    const record = await apiCall(stack, 'GET', '/api/user', { token: student.tokens.IdToken });
    expect((record.body as { onboarding: unknown }).onboarding).toEqual(expected);
  });

  it('queues prueba_de_acceso_elegida with the course for the CRM', async () => {
    const pdtChoice = {
      course: 'pdt',
      profile: 'emtp-tecnico-profesional',
      selectedTests: ['matematica'],
      date: 'otra',
      targetPoints: 600,
    };
    expect((await save(pdtChoice)).status).toBe(200);
    const contactId = crmLog(stack.logDir).find(
      (e) => e.call === 'submitRegistrationForm' && e.fields.email === student.email,
    )?.contactId;
    const update = await eventually(() =>
      crmLog(stack.logDir).find(
        (e) =>
          e.call === 'updateContactProperties' &&
          e.contactId === contactId &&
          e.properties.prueba_de_acceso_elegida === 'pdt',
      ),
    );
    expect(update.properties).toEqual({ prueba_de_acceso_elegida: 'pdt' });
  });

  it('lets the student change the choice later (the account page edit)', async () => {
    const changed = { ...valid, course: 'paes', date: 'otra', targetPoints: 900 };
    const response = await save(changed);
    expect(response.status).toBe(200);
    expect((response.body as { onboarding: unknown }).onboarding).toEqual(changed);
  });

  it.each([
    ['an unknown course', { ...valid, course: 'psu' }, 'onboarding.course'],
    ['a profile of no course', { ...valid, profile: 'humanista' }, 'El perfil no corresponde'],
    [
      'a hidden test (M2)',
      { ...valid, selectedTests: [...valid.selectedTests, 'paes_competencia_matematica_m2'] },
      'Competencia Matemática 2 (M2)',
    ],
    [
      'a test of the other profile',
      { ...valid, selectedTests: [...valid.selectedTests, 'paes_ciencias_tecnico_profesional'] },
      'no se ofrecen para tu perfil',
    ],
    [
      'PAES without M1',
      { ...valid, selectedTests: ['paes_competencia_lectora'] },
      'Estas pruebas son obligatorias: Competencia Matemática 1 (M1).',
    ],
    ['a past sitting', { ...valid, date: past?.id }, 'no está entre las rendiciones disponibles'],
    ['a date label instead of its id', { ...valid, date: upcoming?.label ?? 'Verano' }, 'rendiciones'],
    ['PAES points under 100', { ...valid, targetPoints: 99 }, 'entre 100 y 1000'],
    ['PAES points over 1000', { ...valid, targetPoints: 1001 }, 'entre 100 y 1000'],
    [
      'PDT points over 850',
      {
        ...valid,
        course: 'pdt',
        profile: 'emtp-tecnico-profesional',
        selectedTests: ['matematica'],
        date: 'otra',
        targetPoints: 851,
      },
      'entre 0 y 850',
    ],
    ['points with decimals', { ...valid, targetPoints: 650.5 }, 'número entero'],
    ['points as text', { ...valid, targetPoints: '700' }, 'onboarding.targetPoints'],
    ['an extra field', { ...valid, premium: true }, 'onboarding'],
  ])('refuses %s with a 400 that says why', async (_name, onboarding, message) => {
    const response = await save(onboarding);
    expect(response.status).toBe(400);
    expect((response.body as { message: string }).message).toContain(message);
  });

  it('lists every broken rule', async () => {
    const response = await save({ ...valid, selectedTests: [], date: 'nunca', targetPoints: 5000 });
    expect(response.status).toBe(400);
    const issues = (response.body as { issues: { field: string; code: string }[] }).issues;
    expect(issues.map((i) => `${i.field}:${i.code}`)).toEqual([
      'selectedTests:empty',
      'date:notOffered',
      'targetPoints:outOfRange',
    ]);
  });

  it('answers 404 to a student whose record does not exist yet, and writes nothing', async () => {
    const stranger = await createStudent(stack);
    const response = await save(valid, stranger.tokens.IdToken);
    expect(response.status).toBe(404);
    expect((await apiCall(stack, 'GET', '/api/user', { token: stranger.tokens.IdToken })).status).toBe(404);
  });
});

describe('POST /api/hubspot/submission/contact', () => {
  const message = {
    fields: {
      firstname: 'Tomás',
      lastname: 'Muñoz',
      email: 'Tomas.Munoz@Ejemplo.cl',
      message: 'Motivo: Colegios y preuniversitarios\nQuisiera información para mi curso de 4° medio.',
    },
    context: { pageUri: 'http://127.0.0.1:5173/contacto', pageName: 'Contacto' },
  };

  it('reaches the CRM without a session, e-mail lowercased', async () => {
    const response = await apiCall(stack, 'POST', '/api/hubspot/submission/contact', { body: message });
    expect(response).toMatchObject({ status: 200, body: { submitted: true } });
    const entry = crmLog(stack.logDir).find(
      (e) => e.call === 'submitContactForm' && e.fields.email === 'tomas.munoz@ejemplo.cl',
    );
    expect(entry).toMatchObject({ fields: { firstname: 'Tomás', message: message.fields.message } });
  });

  it('refuses an incomplete message and drops what a bot sends', async () => {
    const short = { ...message, fields: { ...message.fields, message: 'hola' } };
    expect((await apiCall(stack, 'POST', '/api/hubspot/submission/contact', { body: short })).status).toBe(
      400,
    );
    const bot = {
      ...message,
      fields: { ...message.fields, email: 'bot@ejemplo.cl' },
      website: 'http://spam',
    };
    expect((await apiCall(stack, 'POST', '/api/hubspot/submission/contact', { body: bot })).status).toBe(200);
    expect(
      crmLog(stack.logDir).some((e) => e.call === 'submitContactForm' && e.fields.email === 'bot@ejemplo.cl'),
    ).toBe(false);
  });
});
