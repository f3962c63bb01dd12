import { z } from 'zod';
import { getSubjectWithLessons, listCourseSubjects } from '../data/contentRepository';
import { COURSES } from '../domain/constants';
import {
  type SubjectDetail,
  type SubjectSummary,
  subjectDetail,
  subjectSummary,
} from '../domain/contentViews';
import { NotFoundError } from '../lib/errors';
import { createModuleHandler, ok, userOperation } from '../lib/handler';

/** `?course=`: optional, default `paes`, case-insensitive (spec section 7). */
const courseQuery = z.object({
  course: z
    .string()
    .optional()
    .transform((value) => (value?.trim() || 'paes').toLowerCase())
    .pipe(z.enum(COURSES)),
});

const subjectPath = z.object({ id: z.string().trim().min(1).max(200) });

export const operations = {
  /** `GET /api/subject?course=`: the course's subjects, in order. */
  listSubjects: userOperation({
    query: courseQuery,
    run: async ({ query }) => {
      const items = await listCourseSubjects(query.course);
      const subjects: SubjectSummary[] = items.map((item) => subjectSummary(item, item.lessonCount));
      return ok(subjects);
    },
  }),

  /** `GET /api/subject/{id}`: `[subject]` with its lessons and submodules; trivia without keys. */
  getSubject: userOperation({
    path: subjectPath,
    run: async ({ path }) => {
      const found = await getSubjectWithLessons(path.id);
      if (!found) throw new NotFoundError('No encontramos esa asignatura.');
      const detail: SubjectDetail = subjectDetail(found.subject, found.lessons);
      return ok([detail]);
    },
  }),
};

export const handler = createModuleHandler('subject', operations);
