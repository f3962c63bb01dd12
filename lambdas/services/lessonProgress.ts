/**
 * Lesson progress (`POST /api/user?course=` with `{ progress }`, and the check of
 * `POST /api/user/lastLesson`; lambdas/services/user.ts calls these).
 *
 * A save is merged into what is stored, never written over it: the completed submodules of the
 * request are added to the stored ones, the free allowance is charged from the stored value, and
 * the item is written with a condition on its `version`. When another tab wrote in between, the
 * merge runs again on the fresh item, so neither tab loses a completed submodule and the last
 * free lesson cannot be spent twice (docs/decisions.md).
 */
import { randomUUID } from 'node:crypto';
import type { ProgressInput } from '@core/api/user';
import type { Course } from '@core/domain/constants';
import {
  applyCompletions,
  type CourseProgress,
  completedSubmodules,
  type SubjectOutline,
  type SubmoduleRef,
} from '@core/domain/lessonProgress';
import type { LessonItem, SubjectMetaItem } from '../data/contentItems';
import { getSubjectWithLessons } from '../data/contentRepository';
import { getLessonProgress, putLessonProgress, recordTriviaAnswered } from '../data/progressRepository';
import { getProfile, type ProfileItem } from '../data/userRepository';
import { queueCrmUpdate } from '../integrations/queue';
import type { Caller } from '../lib/caller';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';

const NO_RECORD = 'Aún no existe un registro para este usuario.';
/** Rounds of read–merge–conditional write before answering 409 (each round is a few ms). */
const MAX_MERGE_ROUNDS = 5;

const refText = (ref: SubmoduleRef) => `${ref.subjectId}/${ref.lessonId}/${ref.submoduleId}`;

const outlineOf = (subject: SubjectMetaItem, lessons: LessonItem[]): SubjectOutline => ({
  id: subject.id,
  lessons: lessons.map((lesson) => ({ id: lesson.id, submodules: lesson.submodules })),
});

export interface SavedProgress {
  progress: CourseProgress;
  profile: ProfileItem;
}

/**
 * `POST /api/user?course=` with `{ progress }`. A free student whose save would open more lessons
 * than the allowance left is refused with 403 and nothing is written.
 */
export async function saveLessonProgress(
  caller: Caller,
  course: Course | undefined,
  input: ProgressInput,
): Promise<SavedProgress> {
  const profile = await getProfile(caller.sub);
  if (!profile) throw new NotFoundError(NO_RECORD);
  const isPremium = profile.is_premium === true;
  const courseId: Course = course ?? profile.onboarding?.course ?? 'paes';
  const wanted = completedSubmodules(input as CourseProgress);
  const subjects = new Map<string, { subject: SubjectMetaItem; lessons: LessonItem[] } | null>();

  for (let round = 0; round < MAX_MERGE_ROUNDS; round++) {
    const stored = await getLessonProgress(caller.sub);
    const done = new Set(completedSubmodules(stored.progress).map(refText));
    const candidates = wanted.filter((ref) => !done.has(refText(ref)));
    if (candidates.length === 0) return { progress: stored.progress, profile };

    for (const subjectId of new Set(candidates.map((ref) => ref.subjectId))) {
      if (!subjects.has(subjectId)) subjects.set(subjectId, await getSubjectWithLessons(subjectId));
    }
    const outlines = new Map<string, SubjectOutline>();
    for (const [subjectId, found] of subjects) {
      if (found?.subject.courses.includes(courseId))
        outlines.set(subjectId, outlineOf(found.subject, found.lessons));
    }

    const result = applyCompletions(stored.progress, candidates, outlines, isPremium);
    const [unknown] = result.unknown;
    if (unknown) {
      throw new BadRequestError(
        `El submódulo «${refText(unknown)}» no existe en las asignaturas del curso ${courseId.toUpperCase()}.`,
      );
    }
    if (result.overAllowance) {
      throw new HttpError(
        403,
        'No te quedan clases gratuitas para empezar otra lección. Con el plan premium puedes seguir sin límite.',
        {
          code: 'LESSON_ALLOWANCE_EXCEEDED',
          maxLessonsAvailable: stored.progress.maxLessonsAvailable,
          lessonsToOpen: result.newlyOpened.length,
        },
      );
    }

    await recordTriviaAnswered(caller.sub, triviaIds(result.newlyCompleted, subjects));
    if (await putLessonProgress(caller.sub, result.progress, stored.version)) {
      if (!isPremium) await queueRemainingLessons(caller, profile, result.progress.maxLessonsAvailable);
      return { progress: result.progress, profile };
    }
    logger.info('progress changed during the save; merging again', { round });
  }
  throw new ConflictError('Tu progreso cambió en otra pestaña al mismo tiempo. Inténtalo de nuevo.');
}

function triviaIds(
  refs: readonly SubmoduleRef[],
  subjects: ReadonlyMap<string, { lessons: LessonItem[] } | null>,
): string[] {
  return refs.flatMap((ref) => {
    const lesson = subjects.get(ref.subjectId)?.lessons.find((l) => l.id === ref.lessonId);
    const submodule = lesson?.submodules.find((s) => s.id === ref.submoduleId);
    return (submodule?.trivia ?? []).map((trivia) => trivia.id);
  });
}

/** Spec section 7: `clases_restantes` after saving progress, for free students. Never fails the save. */
async function queueRemainingLessons(caller: Caller, profile: ProfileItem, remaining: number): Promise<void> {
  try {
    await queueCrmUpdate({
      type: 'property',
      key: randomUUID(),
      sub: caller.sub,
      email: caller.email,
      contactId: profile.hubspot_id ?? null,
      name: 'clases_restantes',
      value: String(remaining),
    });
  } catch (error) {
    logger.error('could not queue clases_restantes', { error: error as Error });
  }
}

/** Checks that `subjectId/lessonId[/submoduleId]` names real content (400 otherwise). */
export async function checkLastLesson(lastLesson: string): Promise<void> {
  const [subjectId = '', lessonId, submoduleId] = lastLesson.split('/');
  const found = await getSubjectWithLessons(subjectId);
  const lesson = found?.lessons.find((l) => l.id === lessonId);
  if (!lesson || (submoduleId !== undefined && !lesson.submodules.some((s) => s.id === submoduleId))) {
    throw new BadRequestError(`La lección «${lastLesson}» no existe.`);
  }
}
