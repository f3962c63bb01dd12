/**
 * The route table: the single place where an API route is declared.
 * CDK builds one API Gateway route per row (and one Lambda per handler module), the local server
 * mounts the same rows, and the tests iterate them.
 *
 * A row is added only when its handler is real; routes the spec names but no issue has built yet
 * are listed in lambdas/routes.test.ts as pending.
 */

/** Who may call a route. `user` needs a verified Cognito ID token; `stripe-signature` is verified by the handler. */
export type RouteAccess = 'user' | 'public' | 'stripe-signature';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A handler module is one file in lambdas/http and one Lambda function in AWS. */
export type HandlerModule =
  | 'health'
  | 'subject'
  | 'user'
  | 'exam'
  | 'tutorial'
  | 'onboarding'
  | 'question'
  | 'crm'
  | 'stripe';

export interface Route {
  method: HttpMethod;
  /** API Gateway route path: literal segments and `{name}` parameters, no trailing slash. */
  path: string;
  module: HandlerModule;
  /** The name of the operation exported by the module's `operations` map. */
  operation: string;
  access: RouteAccess;
}

export const routes: readonly Route[] = [
  { method: 'GET', path: '/api/health', module: 'health', operation: 'getHealth', access: 'public' },
  { method: 'GET', path: '/api/subject', module: 'subject', operation: 'listSubjects', access: 'user' },
  { method: 'GET', path: '/api/subject/{id}', module: 'subject', operation: 'getSubject', access: 'user' },
  { method: 'GET', path: '/api/exam/{id}', module: 'exam', operation: 'getExam', access: 'user' },
  { method: 'GET', path: '/api/exam', module: 'exam', operation: 'listExams', access: 'user' },
  {
    method: 'POST',
    path: '/api/exam/{id}/attempt',
    module: 'exam',
    operation: 'startAttempt',
    access: 'user',
  },
  {
    method: 'DELETE',
    path: '/api/exam/{id}/attempt',
    module: 'exam',
    operation: 'cancelAttempt',
    access: 'user',
  },
  { method: 'GET', path: '/api/exam/progress', module: 'exam', operation: 'listProgress', access: 'user' },
  { method: 'POST', path: '/api/exam/progress', module: 'exam', operation: 'submitProgress', access: 'user' },
  {
    method: 'GET',
    path: '/api/exam/progress/{id}',
    module: 'exam',
    operation: 'getProgress',
    access: 'user',
  },
  { method: 'GET', path: '/api/exam/averages', module: 'exam', operation: 'getAverages', access: 'user' },
  { method: 'GET', path: '/api/question/{id}', module: 'question', operation: 'getQuestion', access: 'user' },
  { method: 'GET', path: '/api/user', module: 'user', operation: 'getUser', access: 'user' },
  { method: 'GET', path: '/api/user/export', module: 'user', operation: 'exportData', access: 'user' },
  { method: 'POST', path: '/api/user/signup-v2', module: 'user', operation: 'signUpV2', access: 'user' },
  { method: 'POST', path: '/api/user', module: 'user', operation: 'updateUser', access: 'user' },
  {
    method: 'POST',
    path: '/api/user/lastLesson',
    module: 'user',
    operation: 'saveLastLesson',
    access: 'user',
  },
  {
    method: 'DELETE',
    path: '/api/user/deleteAllData',
    module: 'user',
    operation: 'deleteAllData',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/hubspot/submission/register',
    module: 'crm',
    operation: 'submitRegistration',
    access: 'public',
  },
  {
    method: 'POST',
    path: '/api/hubspot/submission/contact',
    module: 'crm',
    operation: 'submitContact',
    access: 'public',
  },
  { method: 'GET', path: '/api/hubspot/contact', module: 'crm', operation: 'getContact', access: 'user' },
  { method: 'PUT', path: '/api/hubspot/contact', module: 'crm', operation: 'updateContact', access: 'user' },
  { method: 'POST', path: '/api/hubspot/ticket', module: 'crm', operation: 'createTicket', access: 'user' },
  {
    method: 'POST',
    path: '/api/onboarding',
    module: 'onboarding',
    operation: 'saveOnboarding',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/stripe/checkout',
    module: 'stripe',
    operation: 'createCheckout',
    access: 'user',
  },
  { method: 'POST', path: '/api/stripe/portal', module: 'stripe', operation: 'createPortal', access: 'user' },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    module: 'stripe',
    operation: 'receiveWebhook',
    access: 'stripe-signature',
  },
  { method: 'GET', path: '/api/tutorial', module: 'tutorial', operation: 'getTutorials', access: 'user' },
  { method: 'POST', path: '/api/tutorial', module: 'tutorial', operation: 'requestTutorial', access: 'user' },
  // A GET because the spec makes it one; its answers are `Cache-Control: no-store` (docs/decisions.md).
  {
    method: 'GET',
    path: '/api/tutorial/cancel/{id}',
    module: 'tutorial',
    operation: 'cancelTutorial',
    access: 'user',
  },
];

/** `GET /api/user/{id}` — the key API Gateway uses for a route, and the event's `routeKey`. */
export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;

export interface RouteMatch {
  route: Route;
  pathParameters: Record<string, string>;
}

/**
 * Finds the route for a request the way API Gateway does: literal segments win over `{param}`
 * segments, so `/api/exam/progress` is not taken as `/api/exam/{id}`. A trailing slash is ignored.
 */
export function matchRoute(
  method: string,
  rawPath: string,
  table: readonly Route[] = routes,
): RouteMatch | null {
  const requestSegments = splitPath(rawPath);
  let best: { match: RouteMatch; literals: number } | null = null;
  for (const route of table) {
    if (route.method !== method.toUpperCase()) continue;
    const routeSegments = splitPath(route.path);
    if (routeSegments.length !== requestSegments.length) continue;
    const pathParameters: Record<string, string> = {};
    let literals = 0;
    let matches = true;
    for (const [i, segment] of routeSegments.entries()) {
      const value = requestSegments[i] ?? '';
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param?.[1]) {
        pathParameters[param[1]] = safeDecode(value);
      } else if (segment === value) {
        literals++;
      } else {
        matches = false;
        break;
      }
    }
    if (matches && (!best || literals > best.literals)) {
      best = { match: { route, pathParameters }, literals };
    }
  }
  return best?.match ?? null;
}

/** Whether any route serves this path with another method (for a 405 rather than a 404). */
export function pathIsKnown(rawPath: string, table: readonly Route[] = routes): boolean {
  return table.some((route) => matchRoute(route.method, rawPath, [route]) !== null);
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
