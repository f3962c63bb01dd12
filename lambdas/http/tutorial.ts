/**
 * Tutoring hours (spec sections 4, 5, 7): the requests and allowance, a new request and its
 * cancel (workflows in lambdas/services/tutoring.ts). Every answer is private and changes with
 * each request, so none may be cached — the cancel least of all, since the spec makes it a GET
 * (docs/decisions.md).
 */
import { cancelPath, requestBody } from '@core/api/tutoring';
import { created, createModuleHandler, type HttpResponse, ok, userOperation } from '../lib/handler';
import { cancelTutoring, requestTutoring, tutoringOverview } from '../services/tutoring';

const NO_STORE = { 'cache-control': 'no-store' };
const withNoStore = (response: HttpResponse): HttpResponse => ({ ...response, headers: NO_STORE });

export const operations = {
  getTutorials: userOperation({
    run: async ({ caller }) => withNoStore(ok(await tutoringOverview(caller, new Date()))),
  }),

  requestTutorial: userOperation({
    body: requestBody,
    run: async ({ caller, body }) => withNoStore(created(await requestTutoring(caller, body))),
  }),

  cancelTutorial: userOperation({
    path: cancelPath,
    run: async ({ caller, path }) => withNoStore(ok(await cancelTutoring(caller, path.id))),
  }),
};

export const handler = createModuleHandler('tutorial', operations);
