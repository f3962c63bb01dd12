import { useCallback, useEffect, useState } from 'react';
import { formatChileDay } from '../../app/dates';
import { useAppStore } from '../../app/store';
import { tutoringText } from '../../i18n/tutoring';
import { loadTutoring, selectTutorials } from './service';
import { TutoringForm } from './TutoringForm';
import { TutoringRequestList } from './TutoringRequestList';
import './tutoring.css';

const t = tutoringText;

/** /centro-estudio/tutorias: the allowance, the request form and the student's requests. */
export function TutoringPage() {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const available = useAppStore((state) => state.tutoring.tutorialAvailable);
  const endDate = useAppStore((state) => state.tutoring.end_date);
  const tutorials = useAppStore(selectTutorials);

  const load = useCallback(async () => {
    setStatus('loading');
    setStatus((await loadTutoring()) ? 'ready' : 'failed');
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="page tutoring" aria-labelledby="tutorias-titulo" aria-busy={status === 'loading'}>
      <h1 id="tutorias-titulo">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>
      {status === 'loading' && (
        <div className="tutoring__loading" role="status">
          <div className="spinner" />
          <span>{t.loading}</span>
        </div>
      )}
      {status === 'failed' && (
        <div className="card tutoring__failed">
          <p>{t.loadError}</p>
          <button type="button" className="button button--secondary" onClick={() => void load()}>
            {t.retry}
          </button>
        </div>
      )}
      {status === 'ready' && (
        <div className={`tutoring__layout${available > 0 ? '' : ' tutoring__layout--no-form'}`}>
          <Allowance available={available} endDate={endDate} />
          {available > 0 ? <TutoringForm /> : <Unavailable />}
          <TutoringRequestList tutorials={tutorials} />
        </div>
      )}
    </section>
  );
}

function Allowance({ available, endDate }: { available: number; endDate: string | null }) {
  const renewal = endDate ? formatChileDay(endDate) : null;
  return (
    <section className="card allowance" aria-labelledby="tus-horas">
      <h2 id="tus-horas">{t.allowance.title}</h2>
      <p className="allowance__count">
        <strong>{available}</strong> {t.allowance.count(available)}
      </p>
      {renewal && <p>{available > 0 ? t.allowance.renews(renewal) : t.allowance.next(renewal)}</p>}
      <p className="form__note">{t.allowance.rule}</p>
    </section>
  );
}

function Unavailable() {
  return (
    <section className="card tutoring__unavailable" aria-labelledby="sin-horas">
      <h2 id="sin-horas">{t.form.unavailableTitle}</h2>
      <p>{t.form.unavailable}</p>
    </section>
  );
}
