/**
 * Real students for the load run: each one signs up, confirms with the code the local pool
 * "e-mailed" (the stack's outbox file) and signs in with USER_PASSWORD_AUTH — Cognito's own JSON
 * protocol, the calls Amplify makes — then finishes sign-up on the API and links the CRM contact
 * the registration form created, as the web app does.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { usernameFromEmail } from '@core/domain/username';
import type { StackInfo } from '../local/stack';

export interface LoadStudent {
  index: number;
  email: string;
  password: string;
  sub: string;
  idToken: string;
  contactId: string;
}

export async function cognito<T>(
  stack: StackInfo,
  target: string,
  body: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(stack.cognitoEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { __type?: string; message?: string };
  if (!response.ok) throw new Error(`${target}: ${json.__type} ${json.message}`);
  return json;
}

function latestCode(stack: StackInfo, email: string): string {
  const lines = readFileSync(stack.outboxFile, 'utf8').trim().split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const entry = JSON.parse(lines[i] ?? '{}') as { email?: string; code?: string };
    if (entry.email === email && entry.code) return entry.code;
  }
  throw new Error(`no code was sent to ${email}`);
}

export async function api(
  stack: StackInfo,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: response.status, body: text };
  }
}

function expectStatus(what: string, response: { status: number; body: unknown }, ...allowed: number[]) {
  if (!allowed.includes(response.status)) {
    throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
}

export async function signIn(stack: StackInfo, email: string, password: string): Promise<string> {
  const result = await cognito<{ AuthenticationResult: { IdToken: string } }>(stack, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.userPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return result.AuthenticationResult.IdToken;
}

async function createStudent(stack: StackInfo, index: number): Promise<LoadStudent> {
  const email = `carga.${index}.${randomUUID().slice(0, 8)}@ejemplo.cl`;
  const password = 'clave-de-carga-123';
  const { UserSub } = await cognito<{ UserSub: string }>(stack, 'SignUp', {
    ClientId: stack.userPoolClientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: `Estudiante Carga ${index}` },
      { Name: 'phone_number', Value: '+56912345678' },
    ],
  });
  await cognito(stack, 'ConfirmSignUp', {
    ClientId: stack.userPoolClientId,
    Username: email,
    ConfirmationCode: latestCode(stack, email),
  });
  const idToken = await signIn(stack, email, password);
  const username = usernameFromEmail(email);
  const form = await api(stack, 'POST', '/api/hubspot/submission/register', undefined, {
    fields: {
      firstname: 'Estudiante',
      lastname: `Carga ${index}`,
      email,
      phone: '+56912345678',
      username,
      pathname: '/registro',
    },
    context: { pageUri: 'http://127.0.0.1:5173/registro', pageName: 'Regístrate' },
  });
  expectStatus('registration form', form, 200);
  const contact = await api(stack, 'GET', `/api/hubspot/contact?email=${encodeURIComponent(email)}`, idToken);
  expectStatus('contact look-up', contact, 200);
  const contactId = String((contact.body as { contact: { id: string } }).contact.id);
  const signUp = await api(stack, 'POST', '/api/user/signup-v2', idToken, {
    firstname: 'Estudiante',
    lastname: `Carga ${index}`,
    email,
    phone: '+56912345678',
    username,
    pathname: '/registro',
    hubspot_id: contactId,
  });
  expectStatus('sign-up', signUp, 201);
  return { index, email, password, sub: UserSub, idToken, contactId };
}

/** Creates `count` students, `parallel` at a time (bounded). */
export async function createStudents(stack: StackInfo, count: number, parallel = 4): Promise<LoadStudent[]> {
  const students: LoadStudent[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, i) => start + i);
    students.push(...(await Promise.all(batch.map((index) => createStudent(stack, index)))));
  }
  return students;
}
