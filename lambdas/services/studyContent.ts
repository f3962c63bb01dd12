/**
 * What a student reads of the study content: a course's subjects, one subject with the lessons
 * they may open, and the key of a question they have answered.
 */
import type { Course } from '@core/domain/constants';
import {
  bankQuestionDetail,
  type QuestionAnswer,
  type SubjectDetail,
  type SubjectSummary,
  subjectDetail,
  subjectSummary,
  triviaDetail,
} from '@core/domain/contentViews';
import { lessonAccess } from '@core/domain/lessonProgress';
import { getAnswered } from '../data/answeredRepository';
import {
  getPassage,
  getQuestion,
  getSubjectWithLessons,
  listCourseSubjects,
} from '../data/contentRepository';
import { getLessonProgress } from '../data/progressRepository';
import { getProfile } from '../data/userRepository';
import { NotFoundError } from '../lib/errors';

/** The course's subjects, in order. */
export async function courseSubjects(course: Course): Promise<SubjectSummary[]> {
  const items = await listCourseSubjects(course);
  return items.map((item) => subjectSummary(item, item.lessonCount));
}

/**
 * The subject with its lessons and submodules. A lesson the student may open (premium, in
 * progress, or within the free allowance) comes with its study content and its trivia, keys and
 * explanations included; any other lesson only with what it covers.
 */
export async function subjectForStudent(sub: string, subjectId: string): Promise<SubjectDetail> {
  const [found, profile, stored] = await Promise.all([
    getSubjectWithLessons(subjectId),
    getProfile(sub),
    getLessonProgress(sub),
  ]);
  if (!found) throw new NotFoundError('No encontramos esa asignatura.');
  const outline = { id: found.subject.id, lessons: found.lessons };
  const mayOpen = lessonAccess(outline, stored.progress, profile?.is_premium === true);
  return subjectDetail(found.subject, found.lessons, mayOpen);
}

/**
 * The key and explanation of a question the student has answered in a submitted attempt or in
 * lesson trivia (an `ANSWERED#<id>` item, written only then), in the version they answered.
 * `[false]` for any other question, known or not, so the answer does not reveal which ids exist.
 */
export async function answeredQuestion(sub: string, questionId: string): Promise<QuestionAnswer> {
  const answered = await getAnswered(sub, questionId);
  if (!answered) return [false];
  const item =
    (answered.version !== undefined ? await getQuestion(questionId, answered.version) : null) ??
    (await getQuestion(questionId));
  if (!item) return [false];
  if (item.kind === 'trivia') return [triviaDetail(item, item)];
  const passage =
    item.passageId && item.passageVersion !== undefined
      ? await getPassage(item.passageId, item.passageVersion)
      : null;
  return [bankQuestionDetail(item, passage)];
}
