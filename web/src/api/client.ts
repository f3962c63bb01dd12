/**
 * The one API client of the app: it knows the base URL from `/config.json`, attaches the
 * student's Cognito ID token and turns error answers into `ApiError`.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import type { Course } from '../../../lambdas/domain/constants';
import type {
  ExamPaper,
  QuestionAnswer,
  SubjectDetail,
  SubjectSummary,
} from '../../../lambdas/domain/contentViews';
import type { UserRecord } from '../../../lambdas/domain/user';
import type { RuntimeConfig } from '../app/config';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type TokenSource = () => Promise<string | undefined>;

const settings: { baseUrl: string; token: TokenSource } = {
  baseUrl: '',
  token: async () => (await fetchAuthSession()).tokens?.idToken?.toString(),
};

export function configureApiClient(config: Pick<RuntimeConfig, 'apiUrl'>, token?: TokenSource): void {
  settings.baseUrl = config.apiUrl.replace(/\/+$/, '');
  if (token) settings.token = token;
}

interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Public routes do not need the token. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`${settings.baseUrl}${path}`, window.location.origin);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (!options.anonymous) {
    const token = await settings.token();
    if (!token) throw new ApiError(401, 'No hay una sesión activa.', null);
    headers.authorization = `Bearer ${token}`;
  }
  const response = await fetch(url, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new ApiError(response.status, typeof message === 'string' ? message : response.statusText, body);
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface SignUpV2Body {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  username: string;
  pathname: string;
  hubspot_id: string | null;
}

/** Typed calls of the API (spec section 7), added as their routes are built. */
export const api = {
  health: () => apiRequest<{ status: string; time: string }>('GET', '/api/health', { anonymous: true }),
  getUser: () => apiRequest<UserRecord>('GET', '/api/user'),
  signUpV2: (body: SignUpV2Body) => apiRequest<UserRecord>('POST', '/api/user/signup-v2', { body }),
  markEmailVerified: () => apiRequest<UserRecord>('POST', '/api/user', { body: { email_verified: true } }),
  saveHubspotId: (hubspotId: string) =>
    apiRequest<UserRecord>('POST', '/api/user', { body: { hubspot_id: hubspotId } }),
  deleteAllData: (ids: { hsContactId: string | null; stripeCustomerId: string | null }) =>
    apiRequest<{ deleted: number }>('DELETE', '/api/user/deleteAllData', { body: ids }),
  listSubjects: (course?: Course) =>
    apiRequest<SubjectSummary[]>('GET', '/api/subject', { query: { course: course?.toLowerCase() } }),
  getSubject: (id: string) => apiRequest<SubjectDetail[]>('GET', `/api/subject/${encodeURIComponent(id)}`),
  getExam: (testSlug: string) => apiRequest<ExamPaper>('GET', `/api/exam/${encodeURIComponent(testSlug)}`),
  getQuestion: (id: string) => apiRequest<QuestionAnswer>('GET', `/api/question/${encodeURIComponent(id)}`),
};
