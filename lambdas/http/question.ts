import { questionPath } from '@core/api/content';
import { createModuleHandler, ok, userOperation } from '../lib/handler';
import { answeredQuestion } from '../services/studyContent';

export const operations = {
  /** `GET /api/question/{id}`: `[question]` with key and explanation once answered, else `[false]`. */
  getQuestion: userOperation({
    path: questionPath,
    run: async ({ caller, path }) => ok(await answeredQuestion(caller.sub, path.id)),
  }),
};

export const handler = createModuleHandler('question', operations);
