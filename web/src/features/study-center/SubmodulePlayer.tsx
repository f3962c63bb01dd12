import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type TriviaRun, useAppStore } from '../../app/store';
import { Markdown } from '../../app/ui/Markdown';
import { studyText } from '../../i18n/study';
import {
  type AdvanceBlock,
  currentLesson,
  currentRef,
  currentSubmodule,
  isSubjectFullyOpened,
  lastLessonOf,
  type Position,
  parseLastLesson,
  resetTrivia,
  startTrivia,
  triviaSummary,
} from './model';
import { completeSubmodule, goToNextSubmodule, rememberLastLesson } from './service';
import { TriviaQuiz } from './TriviaQuiz';

type Phase = 'study' | 'trivia' | 'summary';

const setTrivia = (run: TriviaRun | null) =>
  useAppStore.setState((state) => ({ course: { ...state.course, currentTrivia: run } }));

/**
 * The current submodule: its study text, then its trivia, then a summary from which the student
 * advances (spec "Course"). When advancing is blocked, it says why and offers premium.
 */
export function SubmodulePlayer({
  onBack,
  onMoved,
}: {
  onBack(): void;
  /** The current submodule changed (the page puts it in the address). */
  onMoved(position: Position): void;
}) {
  const t = studyText.player;
  const course = useAppStore((state) => state.course);
  const lesson = currentLesson(course);
  const submodule = currentSubmodule(course);
  const ref = currentRef(course);
  const [phase, setPhase] = useState<Phase>('study');
  const [blocked, setBlocked] = useState<AdvanceBlock | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submoduleKey = ref ? `${ref.lessonId}/${ref.submoduleId}` : '';

  // Each submodule starts with its study text; the heading takes the focus.
  useEffect(() => {
    if (!submoduleKey) return;
    setPhase('study');
    setBlocked(null);
    headingRef.current?.focus();
  }, [submoduleKey]);

  const lastLesson = ref && lesson?.locked === false ? lastLessonOf(ref) : null;
  useEffect(() => {
    const where = parseLastLesson(lastLesson);
    if (where?.submoduleId) void rememberLastLesson({ ...where, submoduleId: where.submoduleId });
  }, [lastLesson]);

  if (!lesson || !submodule || !course.subjectDetails) return null;
  const total = lesson.submodules.length;
  const position = t.position(course.currentLessonIndex + 1, course.currentSubmoduleIndex + 1, total);

  const header = (
    <header className="sc-player__header">
      <button type="button" className="button button--link" onClick={onBack}>
        ← {t.backToSubject}
      </button>
      <p className="sc-player__position">{position}</p>
      <h1 ref={headingRef} tabIndex={-1}>
        {submodule.title}
      </h1>
      <p className="sc-player__lesson">{lesson.title}</p>
    </header>
  );

  if (lesson.locked) {
    return (
      <article className="sc-player card">
        {header}
        <UpgradePanel title={t.lockedTitle} body={t.lockedBody} />
      </article>
    );
  }

  if (blocked) {
    const why =
      blocked === 'locked'
        ? t.blockedLocked
        : isSubjectFullyOpened(course)
          ? t.blockedFullyOpened
          : t.blockedNoLessons;
    return (
      <article className="sc-player card">
        {header}
        <UpgradePanel title={t.blockedTitle} body={why} />
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t.backToSubject}
        </button>
      </article>
    );
  }

  const run = course.currentTrivia;

  function advance() {
    const reason = goToNextSubmodule();
    if (reason) {
      setBlocked(reason);
      return;
    }
    const { currentLessonIndex, currentSubmoduleIndex } = useAppStore.getState().course;
    onMoved({ lessonIndex: currentLessonIndex, submoduleIndex: currentSubmoduleIndex });
  }

  return (
    <article className="sc-player card">
      {header}
      {phase === 'study' ? (
        <section aria-label={t.studyHeading}>
          <Markdown source={submodule.content ?? ''} className="sc-player__content" />
          <div className="sc-player__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setTrivia(startTrivia(submodule));
                setPhase('trivia');
              }}
            >
              {t.startTrivia}
            </button>
          </div>
        </section>
      ) : null}

      {phase === 'trivia' && run ? (
        <TriviaQuiz
          run={run}
          onChange={setTrivia}
          onFinished={() => {
            setPhase('summary');
            void completeSubmodule();
          }}
        />
      ) : null}

      {phase === 'summary' && run ? (
        <Summary
          run={run}
          onNext={advance}
          onRetry={() => {
            setTrivia(resetTrivia(run));
            setPhase('trivia');
          }}
          onBack={onBack}
        />
      ) : null}
    </article>
  );
}

function Summary({
  run,
  onNext,
  onRetry,
  onBack,
}: {
  run: TriviaRun;
  onNext(): void;
  onRetry(): void;
  onBack(): void;
}) {
  const t = studyText.player;
  const { correct, total } = triviaSummary(run);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="sc-summary" aria-labelledby="resumen-trivia">
      <h2 id="resumen-trivia" ref={headingRef} tabIndex={-1}>
        {t.summaryHeading}
      </h2>
      <p className="sc-summary__score">{t.summary(correct, total)}</p>
      <p>{correct / Math.max(1, total) >= 0.8 ? t.summaryGreat : t.summaryKeepGoing}</p>
      <p className="sc-summary__done">{t.submoduleDone}</p>
      <div className="sc-player__actions">
        <button type="button" className="button button--primary" onClick={onNext}>
          {t.nextSubmodule}
        </button>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t.retryTrivia}
        </button>
        <button type="button" className="button button--link" onClick={onBack}>
          {t.backToSubject}
        </button>
      </div>
    </section>
  );
}

function UpgradePanel({ title, body }: { title: string; body: string }) {
  return (
    <section className="sc-upgrade-panel" aria-labelledby="plan-limite">
      <h2 id="plan-limite">{title}</h2>
      <p>{body}</p>
      <Link className="button button--primary" to="/planes-y-precios">
        {studyText.player.upgradeCta}
      </Link>
    </section>
  );
}
