/**
 * What the journeys share: students set up through the API (as a past visit would have left
 * them), signing in through the form, the local CRM and payment logs, and a stand-in for
 * HubSpot's chat embed (the browser never reaches third-party sites in tests).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { usernameFromEmail } from '@core/domain/username';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { StackInfo } from '../../scripts/local/stack';
import { apiCall, createStudent } from '../helpers/localUsers';
import type { Journey } from './browser';

export type Student = Awaited<ReturnType<typeof createStudent>> & { firstname: string };

export const PAES_ONBOARDING = {
  course: 'paes',
  profile: 'emch-cientifico-humanista',
  selectedTests: ['paes_competencia_lectora', 'paes_competencia_matematica_m1'],
  date: 'otra',
  targetPoints: 700,
} as const;

/** A verified student with a server record and, unless `onboarding: null`, a finished onboarding. */
export async function registeredStudent(
  stack: StackInfo & { webUrl: string },
  options: { firstname?: string; onboarding?: object | null } = {},
): Promise<Student> {
  const firstname = options.firstname ?? 'Camila';
  const student = await createStudent(stack, { name: `${firstname} Rojas` });
  const token = student.tokens.IdToken;
  const fields = {
    firstname,
    lastname: 'Rojas',
    email: student.email,
    phone: '+56912345678',
    username: usernameFromEmail(student.email),
    pathname: '/registro',
  };
  // As the sign-up page does: the CRM's registration form, then the contact id on the record.
  const form = await apiCall(stack, 'POST', '/api/hubspot/submission/register', {
    body: { fields, context: { pageUri: `${stack.webUrl}/registro`, pageName: 'Crea tu cuenta' } },
  });
  expect(form.status).toBe(200);
  const contact = await apiCall(
    stack,
    'GET',
    `/api/hubspot/contact?email=${encodeURIComponent(student.email)}`,
    {
      token,
    },
  );
  const hubspotId = (contact.body as { contact: { id: string } | null }).contact?.id ?? null;
  const created = await apiCall(stack, 'POST', '/api/user/signup-v2', {
    token,
    body: { ...fields, hubspot_id: hubspotId },
  });
  expect(created.status).toBe(201);
  const onboarding = options.onboarding === undefined ? PAES_ONBOARDING : options.onboarding;
  if (onboarding) {
    const saved = await apiCall(stack, 'POST', '/api/onboarding', { token, body: { onboarding } });
    expect(saved.status).toBe(200);
  }
  return { ...student, firstname };
}

/** Signs in with the form of /inicio-sesion and waits until the app has left it. */
export async function signInWithForm(
  journey: Journey,
  stack: StackInfo & { webUrl: string },
  credentials: { email: string; password: string },
  redirect = '/centro-estudio',
): Promise<void> {
  const { page } = journey;
  await page.goto(`${stack.webUrl}/inicio-sesion?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Correo electrónico').fill(credentials.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => url.pathname === redirect.split('?')[0]);
}

/** The lines a local stand-in (CRM, payments) appended to its log. */
export function localLog(stack: StackInfo, file: 'crm-log.jsonl' | 'payments-log.jsonl') {
  const where = path.join(stack.logDir, file);
  if (!existsSync(where)) return [];
  return readFileSync(where, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const HUBSPOT_PORTAL = '4512345';
export const CHAT_WIDGET = '#hubspot-messages-iframe-container';

/**
 * Serves `/config.json` with a HubSpot portal id, and HubSpot's embed script as a stand-in with
 * the conversations API the app drives (load, remove, refresh, status). Like the real widget,
 * loading adds `#hubspot-messages-iframe-container` to the page and removing takes it away.
 */
export async function withSupportChat(page: Page): Promise<void> {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, hubspotPortalId: HUBSPOT_PORTAL } });
  });
  await page.route(`https://js.hs-scripts.com/${HUBSPOT_PORTAL}.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: HUBSPOT_EMBED }),
  );
}

const HUBSPOT_EMBED = `(() => {
  const id = 'hubspot-messages-iframe-container';
  const widget = {
    load() {
      if (document.getElementById(id)) return;
      const container = document.createElement('div');
      container.id = id;
      container.style.cssText = 'position:fixed;right:16px;bottom:16px;z-index:50';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Chatea con nosotros';
      container.append(button);
      document.body.append(container);
    },
    remove() { document.getElementById(id)?.remove(); },
    refresh() {},
    status() { return { loaded: Boolean(document.getElementById(id)) }; },
  };
  window.HubSpotConversations = { widget };
  for (const ready of window.hsConversationsOnReady ?? []) ready();
  if (window.hsConversationsSettings?.loadImmediately !== false) widget.load();
})();`;
