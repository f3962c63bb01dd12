import { chileDate } from '@core/domain/chileTime';
import type { SubjectSummary } from '@core/domain/contentViews';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppStore } from '../../app/store';
import { contentAssetUrl } from '../../app/ui/contentAsset';
import { studyText } from '../../i18n/study';
import { courseTitle, sittingOf, testTitle } from './catalogue';
import { DETAIL_NAVIGATION_DELAY_MS, daysUntil, parseLastLesson } from './model';
import { ProgressBar } from './ProgressBar';
import { fetchSubject, loadCourseProgress, loadSubjects } from './service';
import './study.css';

type Status = 'loading' | 'ready' | 'failed';

/** `/centro-estudio`: the signed-in home (spec section 2). */
export function StudyCenterPage() {
  const t = studyText.home;
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const attributes = useAppStore((state) => state.user.userInfo?.attributes);
  const firstName = attributes?.given_name ?? attributes?.name?.split(' ')[0];

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    let active = true;
    setStatus('loading');
    void loadCourseProgress();
    void loadSubjects().then((loaded) => {
      if (active) setStatus(loaded ? 'ready' : 'failed');
    });
    return () => {
      active = false;
    };
  }, [attempt]);

  return (
    <section className="page study-center">
      <header className="study-center__header">
        <p className="study-center__eyebrow">{t.title}</p>
        <h1>{t.greeting(firstName)}</h1>
        <p className="study-center__intro">{t.intro}</p>
      </header>
      <div className="study-center__top">
        <PlanCard />
        <OnboardingCard />
        <Counters />
      </div>
      <ResumeCard />
      <SubjectsSection status={status} onRetry={() => setAttempt((n) => n + 1)} />
    </section>
  );
}

function PlanCard() {
  const t = studyText.home;
  const isPremium = useAppStore((state) => state.subscription.isPremium || state.course.isPremium);
  const left = useAppStore((state) => state.course.progress.maxLessonsAvailable);
  if (isPremium) {
    return (
      <div className="card sc-plan-card sc-plan-card--premium">
        <span className="sc-badge sc-badge--premium">{t.premiumBadge}</span>
        <p>{t.premiumNote}</p>
      </div>
    );
  }
  return (
    <div className="card sc-plan-card">
      <h2>{t.upgradeTitle}</h2>
      <p>{t.upgradeBody}</p>
      <p className="sc-plan-card__left">{t.freeLessonsLeft(left)}</p>
      <Link to="/planes-y-precios" className="button sc-button-accent">
        {t.upgradeCta}
      </Link>
    </div>
  );
}

function OnboardingCard() {
  const t = studyText.home;
  const onboarding = useAppStore((state) => state.onboarding);
  if (!onboarding.course) {
    return (
      <div className="card sc-onboarding-card">
        <p>{t.noOnboarding}</p>
        <Link to="/registro/completo" className="button button--primary">
          {t.completeOnboarding}
        </Link>
      </div>
    );
  }
  const sitting = sittingOf(onboarding.course, onboarding.date);
  const days = sitting?.date ? daysUntil(sitting.date, chileDate(new Date())) : null;
  return (
    <div className="card sc-onboarding-card">
      <h2>{t.course(courseTitle(onboarding.course))}</h2>
      {days !== null && sitting ? (
        <p className="sc-onboarding-card__countdown">
          <strong>{t.daysLeft(days)}</strong>
          <span>
            {' · '}
            {t.testDate(sitting.label)}
            {sitting.approximate ? ` (${t.approximateDate})` : ''}
          </span>
        </p>
      ) : (
        <p>{sitting && sitting.id !== 'otra' ? t.testDate(sitting.label) : t.noDate}</p>
      )}
      {onboarding.targetPoints !== undefined ? <p>{t.targetPoints(onboarding.targetPoints)}</p> : null}
      {onboarding.selectedTests?.length ? (
        <>
          <h3 className="sc-onboarding-card__tests-title">{t.myTests}</h3>
          <ul className="sc-tag-list">
            {onboarding.selectedTests.map((slug) => (
              <li key={slug} className="sc-tag">
                {testTitle(slug)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function Counters() {
  const t = studyText.home;
  const { examsAvailable, tutorialAvailable, isPremium } = useAppStore((state) => state.subscription);
  const coursePremium = useAppStore((state) => state.course.isPremium);
  const lessonsLeft = useAppStore((state) => state.course.progress.maxLessonsAvailable);
  return (
    <div className="card sc-counters">
      <h2>{t.counters}</h2>
      <dl>
        <div>
          <dt>{t.examsAvailable}</dt>
          <dd>{examsAvailable}</dd>
        </div>
        <div>
          <dt>{t.tutoringAvailable}</dt>
          <dd>{tutorialAvailable}</dd>
        </div>
        <div>
          <dt>{t.lessonsAvailable}</dt>
          <dd>{isPremium || coursePremium ? t.unlimited : lessonsLeft}</dd>
        </div>
      </dl>
    </div>
  );
}

function ResumeCard() {
  const t = studyText.home;
  const lastLesson = useAppStore((state) => state.course.lastLesson);
  const subjects = useAppStore((state) => state.studyCenter.subjects);
  const where = parseLastLesson(lastLesson);
  const subject = subjects.find((s) => s.id === where?.subjectId);
  const [lessonTitle, setLessonTitle] = useState<string | null>(null);
  const subjectId = where?.subjectId;
  const lessonId = where?.lessonId;

  // The lesson's title comes with the subject's details.
  useEffect(() => {
    if (!subjectId) return;
    let active = true;
    fetchSubject(subjectId)
      .then((detail) => {
        if (active) setLessonTitle(detail?.lessons.find((l) => l.id === lessonId)?.title ?? null);
      })
      .catch((error: unknown) => console.error('Could not load the last lesson', error));
    return () => {
      active = false;
    };
  }, [subjectId, lessonId]);

  if (!where || !subject) return null;
  const query = new URLSearchParams({
    leccion: where.lessonId,
    ...(where.submoduleId ? { submodulo: where.submoduleId } : {}),
  });
  return (
    <div className="card sc-resume-card">
      <div>
        <h2>{t.resumeTitle}</h2>
        <p className="sc-resume-card__lesson">{lessonTitle ?? subject.title}</p>
        <p className="sc-resume-card__subject">{t.resumeIn(subject.title)}</p>
      </div>
      <Link
        className="button button--primary"
        to={`/centro-estudio/asignaturas/${encodeURIComponent(subject.id)}?${query.toString()}`}
      >
        {t.resumeCta}
      </Link>
    </div>
  );
}

function SubjectsSection({ status, onRetry }: { status: Status; onRetry(): void }) {
  const t = studyText.home;
  const subjects = useAppStore((state) => state.studyCenter.subjects);
  const progress = useAppStore((state) => state.course.progress);
  const selectedTests = useAppStore((state) => state.onboarding.selectedTests) ?? [];
  const navigate = useNavigate();
  const [opening, setOpening] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  /** Spec section 2: the detail opens about 1 s after "ver detalle"; the subject loads meanwhile. */
  function seeDetail(subject: SubjectSummary) {
    if (opening) return;
    setOpening(subject.id);
    useAppStore.getState().setLoading(true);
    void fetchSubject(subject.id).catch(() => undefined);
    timer.current = setTimeout(() => {
      useAppStore.getState().setLoading(false);
      navigate(`/centro-estudio/asignaturas/${encodeURIComponent(subject.id)}`);
    }, DETAIL_NAVIGATION_DELAY_MS);
  }

  return (
    <section className="sc-subjects" aria-labelledby="asignaturas">
      <h2 id="asignaturas">{t.subjectsTitle}</h2>
      {status === 'loading' && subjects.length === 0 ? (
        <p role="status" className="study-status">
          <span className="spinner sc-spinner-small" aria-hidden="true" />
          {t.loading}
        </p>
      ) : null}
      {status === 'failed' && subjects.length === 0 ? (
        <div className="card study-empty" role="alert">
          <p>{t.subjectsError}</p>
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t.retry}
          </button>
        </div>
      ) : null}
      {status === 'ready' && subjects.length === 0 ? (
        <p className="card study-empty">{t.subjectsEmpty}</p>
      ) : null}
      {opening ? (
        <p className="visually-hidden" role="status">
          {t.opening}
        </p>
      ) : null}
      <ul className="sc-subject-grid">
        {subjects.map((subject) => {
          const percent = progress.subjects.find((s) => s.id === subject.id)?.progress_percent ?? 0;
          const forYou = subject.tests.some((slug) => selectedTests.includes(slug));
          return (
            <li key={subject.id} className="card sc-subject-card">
              <div className="sc-subject-card__head">
                <img src={contentAssetUrl(subject.icon)} alt="" width={44} height={44} />
                <div>
                  <h3>{subject.title}</h3>
                  <p className="sc-subject-card__meta">
                    {t.lessons(subject.lessonCount)}
                    {forYou ? <span className="sc-tag sc-tag--accent">{t.forYourTests}</span> : null}
                  </p>
                </div>
              </div>
              <p className="sc-subject-card__description">{subject.description}</p>
              <div className="sc-subject-card__progress">
                <ProgressBar percent={percent} label={t.progressLabel(subject.title)} />
                <span aria-hidden="true">{percent}%</span>
              </div>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => seeDetail(subject)}
                aria-label={t.seeDetailOf(subject.title)}
                aria-busy={opening === subject.id}
                disabled={opening !== null}
              >
                {t.seeDetail}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
