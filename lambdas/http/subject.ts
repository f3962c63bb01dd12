import { subjectPath, subjectsQuery } from '@core/api/content';
import { createModuleHandler, ok, userOperation } from '../lib/handler';
import { courseSubjects, subjectForStudent } from '../services/studyContent';

export const operations = {
  /** `GET /api/subject?course=`: the course's subjects, in order. */
  listSubjects: userOperation({
    query: subjectsQuery,
    run: async ({ query }) => ok(await courseSubjects(query.course)),
  }),

  /** `GET /api/subject/{id}`: `[subject]` with its lessons; content only for lessons the caller may open. */
  getSubject: userOperation({
    path: subjectPath,
    run: async ({ caller, path }) => ok([await subjectForStudent(caller.sub, path.id)]),
  }),
};

export const handler = createModuleHandler('subject', operations);
