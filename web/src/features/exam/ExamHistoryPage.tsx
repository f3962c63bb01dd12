import type { ExamSummary } from '@core/api/exam';
import type { ExamAverage } from '@core/domain/examAttempt';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAppStore } from '../../app/store';
import { examText, formatCompactDateTime } from '../../i18n/exam';
import { ExamLoading, ExamNotice } from './ExamNotices';
import { ScoreChart } from './ScoreChart';
import { loadHistory } from './service';
import './exam.css';

export interface TestHistory {
  examType: string;
  title: string;
  /** Newest first, as the API lists them. */
  attempts: ExamSummary[];
  average: ExamAverage | null;
}

/** History grouped by test, tests in the order of their latest attempt. */
export function groupHistory(
  progress: readonly ExamSummary[],
  averages: readonly ExamAverage[],
): TestHistory[] {
  const groups = new Map<string, TestHistory>();
  for (const attempt of progress) {
    let group = groups.get(attempt.examType);
    if (!group) {
      group = {
        examType: attempt.examType,
        title: attempt.testTitle,
        attempts: [],
        average: averages.find((a) => a.examType === attempt.examType) ?? null,
      };
      groups.set(attempt.examType, group);
    }
    group.attempts.push(attempt);
  }
  return [...groups.values()];
}

const COLORS = ['#1d3f8f', '#d6336c', '#0f766e', '#9a3412', '#6d28d9', '#0369a1', '#4d7c0f', '#be123c'];

/** `/centro-estudio/ensayos/historial`: scores over time per test against the target, the best, reviews. */
export function ExamHistoryPage() {
  const t = examText;
  const progress = useAppStore((state) => state.exam.progress);
  const averages = useAppStore((state) => state.exam.averages);
  const target = useAppStore((state) => state.onboarding.targetPoints ?? null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [retry, setRetry] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `retry` is the retry trigger.
  useEffect(() => {
    let active = true;
    setStatus('loading');
    void loadHistory().then((ok) => {
      if (active) setStatus(ok ? 'ready' : 'failed');
    });
    return () => {
      active = false;
    };
  }, [retry]);

  const groups = useMemo(() => groupHistory(progress, averages ?? []), [progress, averages]);

  return (
    <section className="page exam-history" aria-labelledby="exam-history-title">
      <header className="exam-list__header">
        <div>
          <h1 id="exam-history-title">{t.history.title}</h1>
          <p className="exam-list__intro">{t.history.intro}</p>
        </div>
        <Link to="/centro-estudio/ensayos" className="button button--secondary">
          {t.common.backToList}
        </Link>
      </header>
      {status === 'loading' && groups.length === 0 && <ExamLoading inline />}
      {status === 'failed' && (
        <ExamNotice message={t.common.loadFailed} inline>
          <button type="button" className="button button--primary" onClick={() => setRetry((n) => n + 1)}>
            {t.common.retry}
          </button>
        </ExamNotice>
      )}
      {status === 'ready' && groups.length === 0 && (
        <ExamNotice message={t.history.empty} inline>
          <Link className="button button--primary" to="/centro-estudio/ensayos">
            {t.history.start}
          </Link>
        </ExamNotice>
      )}
      {groups.map((group, i) => (
        <TestHistoryCard
          key={group.examType}
          group={group}
          target={target}
          color={COLORS[i % COLORS.length] ?? '#1d3f8f'}
        />
      ))}
    </section>
  );
}

function TestHistoryCard({
  group,
  target,
  color,
}: {
  group: TestHistory;
  target: number | null;
  color: string;
}) {
  const t = examText.history;
  const headingId = `history-${group.examType}`;
  const scored = group.attempts.filter((a) => a.score !== null);
  const chronological = [...scored].reverse();
  const scale = scored[0]?.score ?? { min: 100, max: 1000 };
  const best =
    group.average?.bestScore ??
    (scored.length > 0 ? Math.max(...scored.map((a) => a.score?.value ?? 0)) : null);
  const bestId = group.average?.bestAttemptId ?? null;
  const targetOnScale = target !== null && target >= scale.min && target <= scale.max ? target : null;
  return (
    <section className="card exam-history__test" aria-labelledby={headingId}>
      <h2 id={headingId}>{group.title}</h2>
      <dl className="exam-facts">
        <div>
          <dt>{t.best}</dt>
          <dd>
            {best ?? '—'} <span className="exam-tag">{examText.common.estimated}</span>
          </dd>
        </div>
        <div>
          <dt>{t.average}</dt>
          <dd>{group.average?.averageScore ?? '—'}</dd>
        </div>
        <div>
          <dt>{t.attempts}</dt>
          <dd>{t.count(group.average?.count ?? group.attempts.length)}</dd>
        </div>
      </dl>
      {chronological.length > 0 && (
        <figure className="exam-history__chart">
          <ScoreChart
            title={t.chartTitle(group.title)}
            description={t.chartDescription(chronological.length, best, targetOnScale)}
            points={chronological.map((a) => ({ at: a.submittedAt, score: a.score?.value ?? 0 }))}
            min={scale.min}
            max={scale.max}
            target={targetOnScale}
            targetLabel={targetOnScale !== null ? t.targetLine(targetOnScale) : null}
            color={color}
          />
        </figure>
      )}
      <div className="exam-table-wrap">
        <table className="exam-history__table">
          <caption className="visually-hidden">{t.chartTitle(group.title)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{t.score}</th>
              <th scope="col">{t.points}</th>
              <th scope="col">{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {group.attempts.map((attempt) => {
              const date = formatCompactDateTime(attempt.submittedAt);
              return (
                <tr key={attempt.id} className={attempt.id === bestId ? 'exam-history__best' : undefined}>
                  <th scope="row">{date}</th>
                  <td>
                    {attempt.score?.value ?? '—'}
                    {attempt.id === bestId && <span className="exam-tag exam-tag--best">{t.bestTag}</span>}
                  </td>
                  <td>{`${attempt.correct} / ${attempt.total}`}</td>
                  <td>
                    <Link
                      to={`/centro-estudio/ensayos/revision/${attempt.id}`}
                      aria-label={t.reviewOf(group.title, date)}
                    >
                      {t.review}
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
