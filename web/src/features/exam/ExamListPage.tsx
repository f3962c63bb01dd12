import type { ExamCatalogue } from '@core/api/exam';
import type { TestSummary } from '@core/domain/contentViews';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { contentAssetUrl } from '../../app/ui/contentAsset';
import { examText } from '../../i18n/exam';
import { ExamLoading, ExamNotice } from './ExamNotices';
import { loadExamCatalogue } from './service';
import './exam.css';

/** The tests to offer: the student's onboarding choice first, the other displayed tests after. */
export function splitTests(catalogue: ExamCatalogue): { mine: TestSummary[]; others: TestSummary[] } {
  const chosen = new Set(catalogue.selectedTests);
  if (chosen.size === 0) return { mine: catalogue.tests, others: [] };
  return {
    mine: catalogue.tests.filter((t) => chosen.has(t.slug)),
    others: catalogue.tests.filter((t) => !chosen.has(t.slug)),
  };
}

/** `/centro-estudio/ensayos`: choose a test (questions, time, exams available). */
export function ExamListPage() {
  const t = examText;
  const [catalogue, setCatalogue] = useState<ExamCatalogue | null | 'loading'>('loading');
  const [retry, setRetry] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `retry` is the retry trigger.
  useEffect(() => {
    let active = true;
    setCatalogue('loading');
    void loadExamCatalogue().then((loaded) => {
      if (active) setCatalogue(loaded);
    });
    return () => {
      active = false;
    };
  }, [retry]);

  return (
    <section className="page exam-list" aria-labelledby="exam-list-title">
      <header className="exam-list__header">
        <div>
          <h1 id="exam-list-title">{t.list.title}</h1>
          <p className="exam-list__intro">{t.list.intro}</p>
        </div>
        <Link to="/centro-estudio/ensayos/historial" className="button button--secondary">
          {t.common.history}
        </Link>
      </header>
      {catalogue === 'loading' && <ExamLoading inline />}
      {catalogue === null && (
        <ExamNotice message={t.common.loadFailed} inline>
          <button type="button" className="button button--primary" onClick={() => setRetry((n) => n + 1)}>
            {t.common.retry}
          </button>
        </ExamNotice>
      )}
      {catalogue && catalogue !== 'loading' && <Catalogue catalogue={catalogue} />}
    </section>
  );
}

function Catalogue({ catalogue }: { catalogue: ExamCatalogue }) {
  const t = examText;
  const { mine, others } = splitTests(catalogue);
  const running = new Map(catalogue.running.map((r) => [r.testSlug, r]));
  const noneLeft = !catalogue.isPremium && (catalogue.examsAvailable ?? 0) === 0;
  return (
    <>
      <p className={`exam-allowance${noneLeft ? ' exam-allowance--none' : ''}`}>
        {catalogue.isPremium ? t.common.unlimited : t.common.examsAvailable(catalogue.examsAvailable ?? 0)}
      </p>
      {noneLeft && catalogue.running.length === 0 && (
        <div className="card exam-offer">
          <h2>{t.list.noExamsTitle}</h2>
          <p>{t.list.noExamsBody}</p>
          <Link className="button button--primary" to="/planes-y-precios">
            {t.common.premiumCta}
          </Link>
        </div>
      )}
      {catalogue.tests.length === 0 && <p>{t.list.noTests}</p>}
      <TestGroup title={others.length > 0 ? t.list.yourTests : null} tests={mine} running={running} />
      {others.length > 0 && <TestGroup title={t.list.otherTests} tests={others} running={running} />}
    </>
  );
}

function TestGroup({
  title,
  tests,
  running,
}: {
  title: string | null;
  tests: TestSummary[];
  running: Map<string, { attemptId: string }>;
}) {
  const t = examText;
  if (tests.length === 0) return null;
  return (
    <section className="exam-group" aria-label={title ?? t.list.yourTests}>
      {title && <h2>{title}</h2>}
      <ul className="exam-cards">
        {tests.map((test) => {
          const isRunning = running.has(test.slug);
          return (
            <li key={test.slug} className="card exam-card" style={{ borderTopColor: test.color }}>
              <img
                src={contentAssetUrl(test.image)}
                alt=""
                width={48}
                height={48}
                className="exam-card__icon"
              />
              <div className="exam-card__body">
                <h3 className="exam-card__title">{test.title}</h3>
                <p className="exam-card__facts">
                  {t.common.questions(test.questionCount)} · {t.common.duration(test.durationMinutes)}
                </p>
                {isRunning && <span className="exam-badge">{t.list.running}</span>}
              </div>
              <Link
                className={`button ${isRunning ? 'button--primary' : 'button--secondary'} exam-card__action`}
                to={
                  isRunning
                    ? `/centro-estudio/ensayos/${test.slug}/rendir`
                    : `/centro-estudio/ensayos/${test.slug}`
                }
                aria-label={`${isRunning ? t.list.resume : t.list.choose}: ${test.title}`}
              >
                {isRunning ? t.list.resume : t.list.choose}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
