/**
 * The one API client of the app: it knows the base URL from `/config.json`, attaches the
 * student's Cognito ID token and turns error answers into `ApiError`.
 */

import type { QuestionAnswer, SubjectDetail, SubjectSummary } from '@core/api/content';
import type {
  ContactFormBody,
  ContactLookup,
  PropertyUpdateBody,
  Queued,
  RegistrationSubmission,
  Submitted,
} from '@core/api/crm';
import type {
  AttemptPaper,
  CancelledAttempt,
  ExamAverage,
  ExamCatalogue,
  ExamHistory,
  ExamResult,
  ExamReview,
  StartedAttempt,
  SubmitBody,
} from '@core/api/exam';
import type { OnboardingBody } from '@core/api/onboarding';
import type { CheckoutBody, StripeRedirect } from '@core/api/subscription';
import type { TutoringChange, TutoringOverview, TutoringRequestBody } from '@core/api/tutoring';
import type {
  DeleteDataBody,
  DeletedData,
  LastLessonBody,
  SignUpBody,
  UserRecord,
  UserUpdateBody,
} from '@core/api/user';
import type { Course } from '@core/domain/constants';
import type { CourseProgress } from '@core/domain/lessonProgress';
import { amplifyAuth, hasStoredSession } from '../app/amplify';
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

/** The ID token of the stored session (Amplify refreshes it); no session, no token and no Amplify download. */
const sessionToken: TokenSource = async () => {
  if (!hasStoredSession()) return undefined;
  const { fetchAuthSession } = await amplifyAuth();
  return (await fetchAuthSession()).tokens?.idToken?.toString();
};

const settings: { baseUrl: string; token: TokenSource } = { baseUrl: '', token: sessionToken };

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

/**
 * Typed calls of the API (spec section 7). Bodies and answers are the types of core/api, which the
 * handlers validate with, so the browser cannot drift from the server.
 */
export const api = {
  health: () => apiRequest<{ status: string; time: string }>('GET', '/api/health', { anonymous: true }),
  getUser: () => apiRequest<UserRecord>('GET', '/api/user'),
  signUpV2: (body: SignUpBody) => apiRequest<UserRecord>('POST', '/api/user/signup-v2', { body }),
  markEmailVerified: () =>
    apiRequest<UserRecord>('POST', '/api/user', { body: { email_verified: true } satisfies UserUpdateBody }),
  saveHubspotId: (hubspotId: string) =>
    apiRequest<UserRecord>('POST', '/api/user', { body: { hubspot_id: hubspotId } satisfies UserUpdateBody }),
  deleteAllData: (ids: NonNullable<DeleteDataBody>) =>
    apiRequest<DeletedData>('DELETE', '/api/user/deleteAllData', { body: ids }),
  startCheckout: (plan: CheckoutBody['plan']) =>
    apiRequest<StripeRedirect>('POST', '/api/stripe/checkout', { body: { plan } satisfies CheckoutBody }),
  openBillingPortal: () => apiRequest<StripeRedirect>('POST', '/api/stripe/portal', { body: {} }),
  saveOnboarding: (onboarding: OnboardingBody['onboarding']) =>
    apiRequest<UserRecord>('POST', '/api/onboarding', { body: { onboarding } satisfies OnboardingBody }),
  submitRegistration: (body: RegistrationSubmission) =>
    apiRequest<Submitted>('POST', '/api/hubspot/submission/register', { body, anonymous: true }),
  findCrmContact: (email: string) =>
    apiRequest<ContactLookup>('GET', '/api/hubspot/contact', { query: { email } }),
  updateCrmContact: (name: string, value: string) =>
    apiRequest<Queued>('PUT', '/api/hubspot/contact', { body: { name, value } satisfies PropertyUpdateBody }),
  submitContactForm: (body: ContactFormBody) =>
    apiRequest<Submitted>('POST', '/api/hubspot/submission/contact', { body, anonymous: true }),
  listSubjects: (course?: Course) =>
    apiRequest<SubjectSummary[]>('GET', '/api/subject', { query: { course: course?.toLowerCase() } }),
  getSubject: (id: string) => apiRequest<SubjectDetail[]>('GET', `/api/subject/${encodeURIComponent(id)}`),
  /** Spec `POST /api/user?course`: the server merges it with what it has and answers the record. */
  saveProgress: (progress: CourseProgress, course?: Course) =>
    apiRequest<UserRecord>('POST', '/api/user', {
      body: { progress } satisfies UserUpdateBody,
      query: { course: course?.toLowerCase() },
    }),
  saveLastLesson: (lastLesson: string) =>
    apiRequest<UserRecord>('POST', '/api/user/lastLesson', { body: { lastLesson } satisfies LastLessonBody }),
  /** The tests a student may take, the exams left and any running attempts. */
  listExams: (course?: Course) =>
    apiRequest<ExamCatalogue>('GET', '/api/exam', { query: { course: course?.toLowerCase() } }),
  /** The questions of the caller's running attempt of the test (409/403 without one). */
  getExam: (testSlug: string) => apiRequest<AttemptPaper>('GET', `/api/exam/${encodeURIComponent(testSlug)}`),
  startExam: (testSlug: string) =>
    apiRequest<StartedAttempt>('POST', `/api/exam/${encodeURIComponent(testSlug)}/attempt`),
  cancelExam: (testSlug: string) =>
    apiRequest<CancelledAttempt>('DELETE', `/api/exam/${encodeURIComponent(testSlug)}/attempt`),
  /** Spec `POST /api/exam/progress`: the server grades it; the stored result is `data[0]`. */
  submitExam: (body: SubmitBody) =>
    apiRequest<{ data: ExamResult[] }>('POST', '/api/exam/progress', { body }),
  listExamProgress: (page?: { page: number; limit: number }) =>
    apiRequest<ExamHistory>('GET', '/api/exam/progress', {
      query: page ? { pagination: true, page: page.page, limit: page.limit } : {},
    }),
  /** Spec `GET /api/exam/progress/{id}`: `[review]`, whose `progress` the spec parses. */
  getExamProgress: (attemptId: string) =>
    apiRequest<ExamReview[]>('GET', `/api/exam/progress/${encodeURIComponent(attemptId)}`),
  getExamAverages: () => apiRequest<{ data: ExamAverage[] }>('GET', '/api/exam/averages'),
  getQuestion: (id: string) => apiRequest<QuestionAnswer>('GET', `/api/question/${encodeURIComponent(id)}`),
  getTutoring: () => apiRequest<TutoringOverview>('GET', '/api/tutorial'),
  requestTutoring: (body: TutoringRequestBody) =>
    apiRequest<TutoringChange>('POST', '/api/tutorial', { body }),
  cancelTutoring: (id: string) =>
    apiRequest<TutoringChange>('GET', `/api/tutorial/cancel/${encodeURIComponent(id)}`),
};
