import type { ExamCatalogue } from '@core/api/exam';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { examText } from '../../i18n/exam';
import { ExamLoading, ExamNotice } from './ExamNotices';
import { beginExam, loadExamCatalogue, type StartOutcome } from './service';
import './exam.css';

/**
 * `/centro-estudio/ensayos/{slug}`: what the test is (questions, time), how many exams are left,
 * and — before anything is used — that a cancelled exam is not given back.
 */
export function ExamIntroPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const t = examText;
  const [catalogue, setCatalogue] = useState<ExamCatalogue | null | 'loading'>('loading');
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<Exclude<StartOutcome, 'started'> | null>(null);

  useEffect(() => {
    let active = true;
    void loadExamCatalogue().then((loaded) => {
      if (active) setCatalogue(loaded);
    });
    return () => {
      active = false;
    };
  }, []);

  if (catalogue === 'loading') {
    return <ExamLoading />;
  }
  const test = catalogue?.tests.find((candidate) => candidate.slug === slug);
  if (!catalogue || !test) {
    return (
      <ExamNotice message={catalogue ? t.intro.unknown : t.common.loadFailed}>
        <Link className="button button--secondary" to="/centro-estudio/ensayos">
          {t.common.backToList}
        </Link>
      </ExamNotice>
    );
  }

  const running = catalogue.running.some((r) => r.testSlug === slug);
  const left = catalogue.isPremium ? null : (catalogue.examsAvailable ?? 0);
  const canStart = running || left === null || left > 0;

  async function start() {
    setStarting(true);
    setProblem(null);
    const outcome = await beginExam(slug);
    if (outcome === 'started') {
      navigate(`/centro-estudio/ensayos/${slug}/rendir`);
      return;
    }
    setStarting(false);
    setProblem(outcome);
  }

  return (
    <section className="page page--narrow exam-intro" aria-labelledby="exam-intro-title">
      <p className="exam-intro__back">
        <Link to="/centro-estudio/ensayos">← {t.common.backToList}</Link>
      </p>
      <div className="card" style={{ borderTop: `6px solid ${test.color}` }}>
        <h1 id="exam-intro-title">{test.title}</h1>
        <dl className="exam-facts" aria-label={t.intro.facts}>
          <div>
            <dt>{t.intro.questions}</dt>
            <dd>{test.questionCount}</dd>
          </div>
          <div>
            <dt>{t.intro.duration}</dt>
            <dd>{t.common.duration(test.durationMinutes)}</dd>
          </div>
          <div>
            <dt>{t.intro.available}</dt>
            <dd>{left === null ? t.intro.unlimited : left}</dd>
          </div>
        </dl>
        {running ? (
          <Link
            className="button button--primary button--block"
            to={`/centro-estudio/ensayos/${slug}/rendir`}
          >
            {t.intro.resume}
          </Link>
        ) : (
          <>
            <div className="exam-warning" role="note" aria-labelledby="exam-warning-title">
              <h2 id="exam-warning-title">{t.intro.warningTitle}</h2>
              <p>{t.intro.warning(left)}</p>
              <p>{t.intro.autoSubmit}</p>
            </div>
            {canStart ? (
              <button
                type="button"
                className="button button--primary button--block"
                onClick={start}
                disabled={starting}
                aria-busy={starting}
              >
                {starting ? t.intro.starting : t.intro.start}
              </button>
            ) : null}
          </>
        )}
        {(!canStart || problem === 'noExams') && (
          <div className="exam-offer" role={problem ? 'alert' : undefined}>
            <p>{t.take.noExams}</p>
            <Link className="button button--primary" to="/planes-y-precios">
              {t.common.premiumCta}
            </Link>
          </div>
        )}
        {problem === 'failed' && (
          <p className="exam-alert" role="alert">
            {t.take.startFailed}
          </p>
        )}
        {problem === 'notOffered' && (
          <p className="exam-alert" role="alert">
            {t.intro.unknown}
          </p>
        )}
      </div>
    </section>
  );
}
