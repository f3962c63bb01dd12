/** The user routes (workflows in lambdas/services/user.ts, requests and answers in core/api/user.ts). */
import { courseQuery, deleteBody, lastLessonBody, signUpBody, updateBody } from '@core/api/user';
import { created, createModuleHandler, ok, userOperation } from '../lib/handler';
import {
  deleteAllData,
  exportData,
  readUser,
  saveLastLesson,
  saveProgress,
  signUp,
  updateUser,
} from '../services/user';

export const operations = {
  /** `GET /api/user/export`: a JSON download, never cached. */
  exportData: userOperation({
    run: async ({ caller }) => ({
      statusCode: 200,
      headers: {
        'content-disposition': 'attachment; filename="mis-datos-preu-paes.json"',
        'cache-control': 'no-store',
      },
      body: await exportData(caller),
    }),
  }),

  getUser: userOperation({
    run: async ({ caller }) => ok(await readUser(caller)),
  }),

  signUpV2: userOperation({
    body: signUpBody,
    run: async ({ caller, body }) => {
      const { record, created: isNew } = await signUp(caller, body);
      return isNew ? created(record) : ok(record);
    },
  }),

  /** `POST /api/user?course=`: `{ progress }` alone, or `{ email_verified }` / `{ hubspot_id }`. */
  updateUser: userOperation({
    body: updateBody,
    query: courseQuery,
    run: async ({ caller, body, query }) =>
      ok(
        body.progress
          ? await saveProgress(caller, query.course, body.progress)
          : await updateUser(caller, body),
      ),
  }),

  /** `POST /api/user/lastLesson`: where the student was, `subjectId/lessonId[/submoduleId]`. */
  saveLastLesson: userOperation({
    body: lastLessonBody,
    run: async ({ caller, body }) => ok(await saveLastLesson(caller, body.lastLesson)),
  }),

  deleteAllData: userOperation({
    body: deleteBody,
    run: async ({ caller }) => ok({ deleted: await deleteAllData(caller) }),
  }),
};

export const handler = createModuleHandler('user', operations);
