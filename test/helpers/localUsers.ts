/**
 * Test students in the local pool, created through Cognito's own JSON protocol (the same calls
 * Amplify makes), with the verification code read from the local stack's outbox.
 */

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { usernameFromEmail } from '@core/domain/username';
import type { StackInfo } from '../../scripts/local/stack';

export interface CognitoFailure {
  status: number;
  type: string;
  message: string;
}

export async function cognitoCall<T = Record<string, unknown>>(
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
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    const failure: CognitoFailure = {
      status: response.status,
      type: String(json.__type ?? 'Unknown'),
      message: String(json.message ?? ''),
    };
    throw Object.assign(new Error(`${target} failed: ${failure.type} ${failure.message}`), failure);
  }
  return json as T;
}

/** The newest code the local pool "e-mailed" to this address. */
export function latestCode(stack: StackInfo, email: string, purpose?: string): string {
  const lines = readFileSync(stack.outboxFile, 'utf8').trim().split('\n').filter(Boolean);
  const matches = lines
    .map((line) => JSON.parse(line) as { email: string; code: string; purpose: string })
    .filter((entry) => entry.email === email.toLowerCase() && (!purpose || entry.purpose === purpose));
  const last = matches.at(-1);
  if (!last) throw new Error(`No code was sent to ${email}`);
  return last.code;
}

export interface Tokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

export function uniqueEmail(prefix = 'alumno'): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@ejemplo.cl`;
}

export async function signIn(stack: StackInfo, email: string, password: string): Promise<Tokens> {
  const result = await cognitoCall<{ AuthenticationResult: Tokens }>(stack, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.userPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return result.AuthenticationResult;
}

/** Signs up, confirms with the e-mailed code and signs in: a verified student with real tokens. */
export async function createStudent(
  stack: StackInfo,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<{ email: string; password: string; sub: string; tokens: Tokens }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'clave-segura-123';
  const { UserSub } = await cognitoCall<{ UserSub: string }>(stack, 'SignUp', {
    ClientId: stack.userPoolClientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: options.name ?? 'Camila Rojas' },
      { Name: 'phone_number', Value: '+56912345678' },
    ],
  });
  await cognitoCall(stack, 'ConfirmSignUp', {
    ClientId: stack.userPoolClientId,
    Username: email,
    ConfirmationCode: latestCode(stack, email),
  });
  const tokens = await signIn(stack, email, password);
  return { email, password, sub: UserSub, tokens };
}

/** Calls the local API like the web app does. */
export async function apiCall(
  stack: StackInfo,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined
      ? { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }
      : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * Submits the CRM registration form for a student (as the sign-up page does) and returns the
 * contact id the CRM gives them, read back through the caller-only contact look-up.
 */
export async function registerCrmContact(
  stack: StackInfo,
  student: { email: string; tokens: Tokens },
): Promise<string> {
  const form = await apiCall(stack, 'POST', '/api/hubspot/submission/register', {
    body: {
      fields: {
        firstname: 'Camila',
        lastname: 'Rojas',
        email: student.email,
        phone: '+56912345678',
        username: usernameFromEmail(student.email),
        pathname: '/registro',
      },
      context: { pageUri: 'http://127.0.0.1:5173/registro', pageName: 'Regístrate' },
    },
  });
  if (form.status !== 200) throw new Error(`registration form answered ${form.status}`);
  const found = await apiCall(
    stack,
    'GET',
    `/api/hubspot/contact?email=${encodeURIComponent(student.email)}`,
    {
      token: student.tokens.IdToken,
    },
  );
  const id = (found.body as { contact: { id: string } | null }).contact?.id;
  if (!id) throw new Error(`the CRM has no contact for ${student.email}`);
  return id;
}
