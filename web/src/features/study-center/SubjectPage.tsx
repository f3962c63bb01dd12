import { useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { type CourseLesson, type CourseState, type CourseSubject, useAppStore } from '../../app/store';
import { contentAssetUrl } from '../../app/ui/contentAsset';
import { studyText } from '../../i18n/study';
import { firstIncomplete, type Position, selectSubmodule } from './model';
import { ProgressBar } from './ProgressBar';
import { SubmodulePlayer } from './SubmodulePlayer';
import { openSubject } from './service';
import './study.css';

type Status = 'loading' | 'ready' | 'not-found' | 'failed';

/** `?leccion=<lessonId>&submodulo=<submoduleId>` opens the player at that submodule of an open lesson. */
function positionOf(
  subject: CourseSubject,
  lessonId: string | null,
  submoduleId: string | null,
): Position | null {
  const lessonIndex = subject.lessons.findIndex((l) => l.id === lessonId);
  const lesson = subject.lessons[lessonIndex];
  const submoduleIndex = lesson?.submodules.findIndex((s) => s.id === submoduleId) ?? -1;
  return lesson && !lesson.locked && submoduleIndex >= 0 ? { lessonIndex, submoduleIndex } : null;
}

/** `/centro-estudio/asignaturas/{subjectId}`: the lessons and submodules of a subject, and the player. */
export function SubjectPage() {
  const { subjectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const course = useAppStore((state) => state.course);
  const subject = course.subjectDetails?.id === subjectId ? course.subjectDetails : null;
  const t = studyText.subject;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    let active = true;
    setStatus('loading');
    void openSubject(subjectId).then((result) => {
      if (active) setStatus(result);
    });
    return () => {
      active = false;
    };
  }, [subjectId, attempt]);

  const lessonId = params.get('leccion');
  const submoduleId = params.get('submodulo');
  const wanted = subject ? positionOf(subject, lessonId, submoduleId) : null;

  const inSync =
    wanted !== null &&
    course.currentLessonIndex === wanted.lessonIndex &&
    course.currentSubmoduleIndex === wanted.submoduleIndex;

  // The address says which submodule is open; the store follows it.
  useEffect(() => {
    if (!wanted || inSync) return;
    useAppStore.setState((state) => ({ course: selectSubmodule(state.course, wanted) }));
  }, [wanted, inSync]);

  const openPlayer = useCallback(
    (position: Position, replace = false) => {
      const lesson = subject?.lessons[position.lessonIndex];
      const submodule = lesson?.submodules[position.submoduleIndex];
      if (!lesson || !submodule) return;
      setParams({ leccion: lesson.id, submodulo: submodule.id }, { replace });
    },
    [subject, setParams],
  );

  const closePlayer = useCallback(() => setParams({}), [setParams]);

  if (status === 'loading' && !subject) {
    return (
      <section className="page" aria-busy="true">
        <p role="status" className="study-status">
          <span className="spinner sc-spinner-small" aria-hidden="true" />
          {t.loading}
        </p>
      </section>
    );
  }
  if (status === 'not-found' || status === 'failed' || !subject) {
    return (
      <section className="page">
        <BackLink />
        <div className="card study-empty" role="alert">
          <p>{status === 'not-found' ? t.notFound : t.error}</p>
          {status !== 'not-found' ? (
            <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
              {t.retry}
            </button>
          ) : null}
        </div>
      </section>
    );
  }

  if (wanted) {
    if (!inSync) return null;
    return (
      <section className="page sc-reading">
        <SubmodulePlayer onBack={closePlayer} onMoved={(position) => openPlayer(position)} />
      </section>
    );
  }

  return <SubjectOverview subject={subject} course={course} onOpen={openPlayer} />;
}

function BackLink() {
  return (
    <Link to="/centro-estudio" className="sc-back-link">
      ← {studyText.subject.back}
    </Link>
  );
}

function lessonState(lesson: CourseLesson): keyof typeof studyText.subject.states {
  if (lesson.locked) return 'locked';
  if (lesson.complete) return 'complete';
  return lesson.submodules.some((s) => s.complete) ? 'inProgress' : 'available';
}

function SubjectOverview({
  subject,
  course,
  onOpen,
}: {
  subject: CourseSubject;
  course: CourseState;
  onOpen(position: Position): void;
}) {
  const t = studyText.subject;
  const percent = course.progress.subjects.find((s) => s.id === subject.id)?.progress_percent ?? 0;
  const current = subject.lessons[course.currentLessonIndex]?.locked
    ? firstIncomplete(subject, true)
    : { lessonIndex: course.currentLessonIndex, submoduleIndex: course.currentSubmoduleIndex };
  const started = course.progress.subjects.some((s) => s.id === subject.id && s.lessons.length > 0);

  return (
    <section className="page sc-subject-page">
      <BackLink />
      <header className="sc-subject-header">
        <img src={contentAssetUrl(subject.icon)} alt="" width={56} height={56} />
        <div>
          <h1>{subject.title}</h1>
          <p className="sc-subject-header__description">{subject.description}</p>
        </div>
      </header>
      <div className="card sc-subject-summary">
        <p className="sc-subject-summary__percent">{t.progress(percent)}</p>
        <ProgressBar percent={percent} label={t.progressLabel} />
        <p className={`sc-allowance${course.isPremium ? ' sc-allowance--premium' : ''}`}>
          {course.isPremium ? t.allowancePremium : t.allowanceFree(course.progress.maxLessonsAvailable)}
        </p>
        <div className="sc-subject-summary__actions">
          {current ? (
            <button type="button" className="button button--primary" onClick={() => onOpen(current)}>
              {started ? t.continue : t.start}
            </button>
          ) : null}
          {course.isPremium ? null : (
            <Link to="/planes-y-precios" className="button button--secondary">
              {t.upgradeCta}
            </Link>
          )}
        </div>
      </div>

      <h2>{t.lessonsTitle}</h2>
      <ol className="sc-lesson-list">
        {subject.lessons.map((lesson, lessonIndex) => {
          const state = lessonState(lesson);
          return (
            <li key={lesson.id} className={`card sc-lesson sc-lesson--${state}`}>
              <div className="sc-lesson__header">
                <p className="sc-lesson__number">{t.lessonNumber(lessonIndex + 1)}</p>
                <span className={`sc-badge sc-badge--${state}`}>{t.states[state]}</span>
              </div>
              <h3 className="sc-lesson__title">{lesson.title}</h3>
              <p className="sc-lesson__summary">{lesson.summary}</p>
              {lesson.locked ? <p className="sc-lesson__locked-note">{t.lockedNote}</p> : null}
              <ul className="sc-submodule-list">
                {lesson.submodules.map((submodule, submoduleIndex) => {
                  const isCurrent =
                    !lesson.locked &&
                    current?.lessonIndex === lessonIndex &&
                    current.submoduleIndex === submoduleIndex;
                  const label = lesson.locked
                    ? t.submoduleState.locked
                    : submodule.complete
                      ? t.submoduleState.complete
                      : isCurrent
                        ? t.submoduleState.current
                        : t.submoduleState.pending;
                  return (
                    <li
                      key={submodule.id}
                      className={`sc-submodule${submodule.complete ? ' sc-submodule--complete' : ''}${isCurrent ? ' sc-submodule--current' : ''}`}
                      aria-current={isCurrent ? 'step' : undefined}
                    >
                      <span className="sc-submodule__icon" aria-hidden="true">
                        {lesson.locked ? <LockIcon /> : submodule.complete ? '✓' : isCurrent ? '▶' : '○'}
                      </span>
                      <span className="sc-submodule__title">
                        {submodule.title}
                        <span className="visually-hidden">{` (${label})`}</span>
                      </span>
                      {lesson.locked ? null : (
                        <button
                          type="button"
                          className="button sc-button-small"
                          onClick={() => onOpen({ lessonIndex, submoduleIndex })}
                          aria-label={`${submodule.complete ? t.review : t.study}: ${submodule.title}`}
                        >
                          {submodule.complete ? t.review : t.study}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A padlock drawn in SVG (emoji fonts are not everywhere). */
function LockIcon() {
  return (
    <svg width="14" height="16" viewBox="0 0 14 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M3 7V5a4 4 0 1 1 8 0v2h1a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
    </svg>
  );
}
