import type { ExamResult } from '@core/api/exam';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppStore } from '../../app/store';
import { examText, formatDateTime, formatMinutes } from '../../i18n/exam';
import { AttemptNotFound, ExamLoading } from './ExamNotices';
import { compareWithTarget } from './model';
import { loadResult } from './service';
import './exam.css';

/** `/centro-estudio/ensayo/completo?intento=<id>`: the spec's result screen, reloadable. */
export function ExamResultPage() {
  const [params] = useSearchParams();
  const attemptId = params.get('intento');
  const stored = useAppStore((state) => state.exam.results);
  const [result, setResult] = useState<ExamResult | null | 'loading'>(() =>
    stored && (!attemptId || stored.id === attemptId) ? stored : attemptId ? 'loading' : null,
  );

  useEffect(() => {
    if (result !== 'loading' || !attemptId) return;
    let active = true;
    void loadResult(attemptId).then((loaded) => {
      if (active) setResult(loaded);
    });
    return () => {
      active = false;
    };
  }, [attemptId, result]);

  if (result === 'loading') {
    return <ExamLoading />;
  }
  if (!result) {
    return <AttemptNotFound />;
  }
  return <ResultView result={result} />;
}

export function ResultView({ result }: { result: ExamResult }) {
  const t = examText.result;
  const target = useAppStore((state) => state.onboarding.targetPoints);
  const comparison = compareWithTarget(result.score?.value, target);
  const used = formatMinutes(result.timeUsedSeconds / 60);
  return (
    <section className="page exam-result" aria-labelledby="exam-result-title">
      <header className="exam-result__header">
        <h1 id="exam-result-title">{t.title}</h1>
        <p className="exam-result__test">
          {result.testTitle} · {formatDateTime(result.submittedAt)}
        </p>
      </header>

      <div className="exam-result__top">
        <div className="card exam-score">
          <h2 className="exam-score__label">
            {t.score} <span className="exam-tag">{examText.common.estimated}</span>
          </h2>
          {result.score ? (
            <>
              <p className="exam-score__value">{result.score.value}</p>
              <p className="exam-score__scale">{t.scale(result.score.min, result.score.max)}</p>
            </>
          ) : (
            <p className="exam-score__value">—</p>
          )}
          <p className="exam-score__note">{t.scoreNote}</p>
        </div>

        <div className="card exam-target">
          <h2>{t.target}</h2>
          {comparison.kind === 'none' ? (
            <p>{t.noTarget}</p>
          ) : (
            <>
              <p className="exam-target__value">{target}</p>
              <p className={`exam-target__diff exam-target__diff--${comparison.kind}`}>
                {comparison.kind === 'above'
                  ? t.aboveTarget(comparison.points)
                  : comparison.kind === 'below'
                    ? t.belowTarget(comparison.points)
                    : t.onTarget}
              </p>
            </>
          )}
        </div>
      </div>

      <ul className="exam-stats" aria-label={t.title}>
        <li className="exam-stat exam-stat--correct">
          <span className="exam-stat__value">{result.correct}</span>
          <span className="exam-stat__label">{t.correct}</span>
        </li>
        <li className="exam-stat exam-stat--wrong">
          <span className="exam-stat__value">{result.wrong}</span>
          <span className="exam-stat__label">{t.wrong}</span>
        </li>
        <li className="exam-stat exam-stat--omitted">
          <span className="exam-stat__value">{result.omitted}</span>
          <span className="exam-stat__label">{t.omitted}</span>
        </li>
        <li className="exam-stat">
          <span className="exam-stat__value exam-stat__value--time">{used}</span>
          <span className="exam-stat__label">{t.timeOf(formatMinutes(result.durationMinutes))}</span>
        </li>
      </ul>

      <section className="card exam-breakdown" aria-labelledby="exam-breakdown-title">
        <h2 id="exam-breakdown-title">{t.breakdown}</h2>
        <div className="exam-table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.eje}</th>
                <ColumnHeader full={t.correct} short={t.correctShort} />
                <ColumnHeader full={t.wrong} short={t.wrongShort} />
                <ColumnHeader full={t.omitted} short={t.omittedShort} />
              </tr>
            </thead>
            <tbody>
              {result.byEje.map((row) => (
                <tr key={row.name}>
                  <th scope="row">
                    {row.label}
                    <span className="exam-bar-meter" aria-hidden="true">
                      <span style={{ width: `${row.total ? (100 * row.correct) / row.total : 0}%` }} />
                    </span>
                  </th>
                  <td>{t.ofTotal(row.correct, row.total)}</td>
                  <td>{row.wrong}</td>
                  <td>{row.omitted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="exam-result__actions">
        <Link className="button button--primary" to={`/centro-estudio/ensayos/revision/${result.id}`}>
          {t.review}
        </Link>
        <Link className="button button--secondary" to="/centro-estudio/ensayos/historial">
          {examText.common.history}
        </Link>
        <Link className="button button--secondary" to="/centro-estudio/ensayos">
          {examText.common.backToList}
        </Link>
      </div>
    </section>
  );
}

/** A column header that shows an abbreviation on phones; screen readers always hear the full word. */
function ColumnHeader({ full, short }: { full: string; short: string }) {
  return (
    <th scope="col">
      <span className="exam-th__long">{full}</span>
      <span className="exam-th__short" aria-hidden="true">
        {short}
      </span>
    </th>
  );
}
