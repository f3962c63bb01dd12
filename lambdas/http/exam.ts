/**
 * Practice exams (issue 8): the tests a student may take, starting an attempt, the running
 * attempt's paper, cancelling, submitting (graded on the server, never by the browser), history,
 * one attempt's review and the averages. The workflows are lambdas/services/examAttempts.ts and
 * examHistory.ts. Every answer is private and changes, so none is cached.
 */
import { attemptPath, catalogueQuery, historyQuery, submitBody, testPath } from '@core/api/exam';
import { created, createModuleHandler, type HttpResponse, ok, userOperation } from '../lib/handler';
import { cancelAttempt, runningPaper, startAttempt, submitAttempt } from '../services/examAttempts';
import { examAverages, examCatalogue, examHistory, examReview } from '../services/examHistory';

const NO_STORE = { 'cache-control': 'no-store' };
const private_ = (response: HttpResponse): HttpResponse => ({ ...response, headers: NO_STORE });

export const operations = {
  /** `GET /api/exam`: the course's displayed tests, the student's choice, exams left and running attempts. */
  listExams: userOperation({
    query: catalogueQuery,
    run: async ({ caller, query }) => private_(ok(await examCatalogue(caller.sub, query.course))),
  }),

  /** `GET /api/exam/{id}` (id = test slug): the running attempt's questions, without keys. */
  getExam: userOperation({
    path: testPath,
    run: async ({ caller, path }) => private_(ok(await runningPaper(caller.sub, path.id))),
  }),

  /** `POST /api/exam/{id}/attempt`: 201 with a new attempt, 200 with the running one. */
  startAttempt: userOperation({
    path: testPath,
    run: async ({ caller, path }) => {
      const started = await startAttempt(caller.sub, path.id);
      return private_((started.created ? created : ok)(started.answer));
    },
  }),

  /** `DELETE /api/exam/{id}/attempt`: gives up the running attempt. The exam it used is not returned. */
  cancelAttempt: userOperation({
    path: testPath,
    run: async ({ caller, path }) => private_(ok(await cancelAttempt(caller.sub, path.id))),
  }),

  /** `POST /api/exam/progress`: the stored result in `data[0]`; 201 when this call stored it. */
  submitProgress: userOperation({
    body: submitBody,
    run: async ({ caller, body }) => {
      const { stored, result } = await submitAttempt(caller.sub, body);
      return private_((stored ? created : ok)({ data: [result] }));
    },
  }),

  /** `GET /api/exam/progress`: submitted attempts, newest first; `pagination=true&limit&page` pages them. */
  listProgress: userOperation({
    query: historyQuery,
    run: async ({ caller, query }) => private_(ok(await examHistory(caller.sub, query))),
  }),

  /** `GET /api/exam/progress/{id}`: one submitted attempt of the caller as `[review]`. */
  getProgress: userOperation({
    path: attemptPath,
    run: async ({ caller, path }) => private_(ok([await examReview(caller.sub, path.id)])),
  }),

  /** `GET /api/exam/averages`: per test, the average and best score, read from counters kept on write. */
  getAverages: userOperation({
    run: async ({ caller }) => private_(ok({ data: await examAverages(caller.sub) })),
  }),
};

export const handler = createModuleHandler('exam', operations);
