import { bankQuestionDetail, type QuestionAnswer, triviaDetail } from '@core/domain/contentViews';
import * as z from 'zod';
import { getAnswered } from '../data/answeredRepository';
import { getPassage, getQuestion } from '../data/contentRepository';
import { createModuleHandler, ok, userOperation } from '../lib/handler';

const questionPath = z.object({ id: z.string().trim().min(1).max(200) });

export const operations = {
  /**
   * `GET /api/question/{id}`: the key and explanation of a question the caller has answered in a
   * submitted attempt or in lesson trivia (an `ANSWERED#<id>` item, written only then), in the
   * version they answered. `[false]` for any other question, known or not, so the answer does
   * not reveal which ids exist.
   */
  getQuestion: userOperation({
    path: questionPath,
    run: async ({ caller, path }) => {
      const answered = await getAnswered(caller.sub, path.id);
      if (!answered) return ok([false] satisfies QuestionAnswer);
      const item =
        (answered.version !== undefined ? await getQuestion(path.id, answered.version) : null) ??
        (await getQuestion(path.id));
      if (!item) return ok([false] satisfies QuestionAnswer);
      if (item.kind === 'trivia') return ok([triviaDetail(item, item)] satisfies QuestionAnswer);
      const passage =
        item.passageId && item.passageVersion !== undefined
          ? await getPassage(item.passageId, item.passageVersion)
          : null;
      return ok([bankQuestionDetail(item, passage)] satisfies QuestionAnswer);
    },
  }),
};

export const handler = createModuleHandler('question', operations);
