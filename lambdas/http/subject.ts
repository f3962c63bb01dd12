import { COURSES } from '@core/domain/constants';
import {
  type SubjectDetail,
  type SubjectSummary,
  subjectDetail,
  subjectSummary,
} from '@core/domain/contentViews';
import { lessonAccess } from '@core/domain/lessonProgress';
import * as z from 'zod';
import { getSubjectWithLessons, listCourseSubjects } from '../data/contentRepository';
import { getLessonProgress } from '../data/progressRepository';
import { getProfile } from '../data/userRepository';
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

  /**
   * `GET /api/subject/{id}`: `[subject]` with its lessons and submodules. A lesson the caller may
   * open (premium, in progress, or within the free allowance) comes with its study content and its
   * trivia, keys and explanations included; any other lesson only with what it covers.
   */
  getSubject: userOperation({
    path: subjectPath,
    run: async ({ caller, path }) => {
      const [found, profile, stored] = await Promise.all([
        getSubjectWithLessons(path.id),
        getProfile(caller.sub),
        getLessonProgress(caller.sub),
      ]);
      if (!found) throw new NotFoundError('No encontramos esa asignatura.');
      const outline = { id: found.subject.id, lessons: found.lessons };
      const mayOpen = lessonAccess(outline, stored.progress, profile?.is_premium === true);
      const detail: SubjectDetail = subjectDetail(found.subject, found.lessons, mayOpen);
      return ok([detail]);
    },
  }),
};

export const handler = createModuleHandler('subject', operations);
