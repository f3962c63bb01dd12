/**
 * The one API client of the app: it knows the base URL from `/config.json`, attaches the
 * student's Cognito ID token and turns error answers into `ApiError`.
 */

import type { UserRecord } from '@core/api/user';
import type { Course } from '@core/domain/constants';
import type { QuestionAnswer, SubjectDetail, SubjectSummary } from '@core/domain/contentViews';
import type {
  AttemptPaper,
  ExamAverage,
  ExamCatalogue,
  ExamResult,
  ExamReview,
  ExamSummary,
  StartedAttempt,
} from '@core/domain/examAttempt';
import type { CourseProgress } from '@core/domain/lessonProgress';
import type { OnboardingChoice } from '@core/domain/onboarding';
import type { PremiumPlan } from '@core/domain/subscription';
import type { TutorialView, TutoringOverview, TutoringRequestInput } from '@core/domain/tutoring';
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

/** The answer of a tutoring request or cancel: the request and the allowance after it. */
export type TutoringChange = Omit<TutoringOverview, 'tutorials'> & { tutorial: TutorialView };

/** The spec's fields of `POST /api/exam/progress`, plus the attempt the start route gave. */
export interface ExamSubmission {
  attemptId: string;
  examType: string;
  startTime: number | null;
  endTime: number | null;
  /** The server counts the correct answers itself; the browser does not know the keys. */
  points: number | null;
  course: string;
  /** The questions, serialised: `[{ id, answered, answers: [{ id, selected }] }]`. */
  progress: string;
}

export interface ExamHistoryPage {
  data: ExamSummary[];
  pagination?: { page: number; limit: number; total: number; pages: number };
}

/** The CRM registration form (spec: `POST /api/{crm}/submission/register`). */
export interface RegistrationSubmission {
  fields: {
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
    username: string;
    pathname: string;
  };
  context: { hutk?: string; pageUri: string; pageName: string };
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

/** A message of the contact page (`website` is the hidden field only bots fill). */
export interface ContactFormBody {
  fields: { firstname: string; lastname: string; email: string; phone?: string; message: string };
  context: { hutk?: string; pageUri: string; pageName: string };
  website?: string;
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
  startCheckout: (plan: PremiumPlan) =>
    apiRequest<{ url: string }>('POST', '/api/stripe/checkout', { body: { plan } }),
  openBillingPortal: () => apiRequest<{ url: string }>('POST', '/api/stripe/portal', { body: {} }),
  saveOnboarding: (onboarding: OnboardingChoice) =>
    apiRequest<UserRecord>('POST', '/api/onboarding', { body: { onboarding } }),
  submitRegistration: (body: RegistrationSubmission) =>
    apiRequest<{ submitted: boolean }>('POST', '/api/hubspot/submission/register', { body, anonymous: true }),
  findCrmContact: (email: string) =>
    apiRequest<{ exist: boolean; contact: { id: string } | null }>('GET', '/api/hubspot/contact', {
      query: { email },
    }),
  updateCrmContact: (name: string, value: string) =>
    apiRequest<{ queued: boolean }>('PUT', '/api/hubspot/contact', { body: { name, value } }),
  submitContactForm: (body: ContactFormBody) =>
    apiRequest<{ submitted: boolean }>('POST', '/api/hubspot/submission/contact', { body, anonymous: true }),
  listSubjects: (course?: Course) =>
    apiRequest<SubjectSummary[]>('GET', '/api/subject', { query: { course: course?.toLowerCase() } }),
  getSubject: (id: string) => apiRequest<SubjectDetail[]>('GET', `/api/subject/${encodeURIComponent(id)}`),
  /** Spec `POST /api/user?course`: the server merges it with what it has and answers the record. */
  saveProgress: (progress: CourseProgress, course?: Course) =>
    apiRequest<UserRecord>('POST', '/api/user', {
      body: { progress },
      query: { course: course?.toLowerCase() },
    }),
  saveLastLesson: (lastLesson: string) =>
    apiRequest<UserRecord>('POST', '/api/user/lastLesson', { body: { lastLesson } }),
  /** The tests a student may take, the exams left and any running attempts. */
  listExams: (course?: Course) =>
    apiRequest<ExamCatalogue>('GET', '/api/exam', { query: { course: course?.toLowerCase() } }),
  /** The questions of the caller's running attempt of the test (409/403 without one). */
  getExam: (testSlug: string) => apiRequest<AttemptPaper>('GET', `/api/exam/${encodeURIComponent(testSlug)}`),
  startExam: (testSlug: string) =>
    apiRequest<StartedAttempt>('POST', `/api/exam/${encodeURIComponent(testSlug)}/attempt`),
  cancelExam: (testSlug: string) =>
    apiRequest<{ cancelled: boolean; attemptId?: string }>(
      'DELETE',
      `/api/exam/${encodeURIComponent(testSlug)}/attempt`,
    ),
  /** Spec `POST /api/exam/progress`: the server grades it; the stored result is `data[0]`. */
  submitExam: (body: ExamSubmission) =>
    apiRequest<{ data: ExamResult[] }>('POST', '/api/exam/progress', { body }),
  listExamProgress: (page?: { page: number; limit: number }) =>
    apiRequest<ExamHistoryPage>('GET', '/api/exam/progress', {
      query: page ? { pagination: true, page: page.page, limit: page.limit } : {},
    }),
  /** Spec `GET /api/exam/progress/{id}`: `[review]`, whose `progress` the spec parses. */
  getExamProgress: (attemptId: string) =>
    apiRequest<ExamReview[]>('GET', `/api/exam/progress/${encodeURIComponent(attemptId)}`),
  getExamAverages: () => apiRequest<{ data: ExamAverage[] }>('GET', '/api/exam/averages'),
  getQuestion: (id: string) => apiRequest<QuestionAnswer>('GET', `/api/question/${encodeURIComponent(id)}`),
  getTutoring: () => apiRequest<TutoringOverview>('GET', '/api/tutorial'),
  requestTutoring: (body: TutoringRequestInput) =>
    apiRequest<TutoringChange>('POST', '/api/tutorial', { body }),
  cancelTutoring: (id: string) =>
    apiRequest<TutoringChange>('GET', `/api/tutorial/cancel/${encodeURIComponent(id)}`),
};
