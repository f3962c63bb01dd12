import type { TutoringRequestView } from '@core/api/tutoring';
import { describeInstant, describeOption, SCHEDULE_OPTION_KEYS } from '@core/domain/tutoring';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { formatChileDay } from '../../app/dates';
import { tutoringText } from '../../i18n/tutoring';
import { cancelTutoring } from './service';

const t = tutoringText;

/** The student's requests, newest first, with their state and a cancel where allowed. */
export function TutoringRequestList({ tutorials }: { tutorials: TutoringRequestView[] }) {
  const newestFirst = [...tutorials].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section className="tutorial-list" aria-labelledby="mis-solicitudes">
      <h2 id="mis-solicitudes">{t.list.title}</h2>
      {newestFirst.length === 0 ? (
        <p className="card empty-state">{t.list.empty}</p>
      ) : (
        <ol className="tutorial-list__items">
          {newestFirst.map((tutorial) => (
            <li key={tutorial.id}>
              <TutorialCard tutorial={tutorial} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function TutorialCard({ tutorial }: { tutorial: TutoringRequestView }) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const keepButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus follows the dialog-like step: into it when it opens, back to "Cancelar" when it closes.
  useEffect(() => {
    if (confirming) keepButton.current?.focus();
    else if (wasConfirming.current) cancelButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  async function confirmCancel() {
    setBusy(true);
    // On success the page reloads, so the buttons stay disabled until then.
    if (!(await cancelTutoring(tutorial.id))) {
      setBusy(false);
      setConfirming(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) setConfirming(false);
  };

  return (
    <article className={`card tutorial tutorial--${tutorial.state}`} aria-labelledby={headingId}>
      <header className="tutorial__header">
        <h3 id={headingId}>{t.list.heading(formatChileDay(tutorial.createdAt))}</h3>
        <span className={`badge badge--${tutorial.state}`}>
          <span className="visually-hidden">{t.list.state}: </span>
          {t.states[tutorial.state]}
        </span>
      </header>
      <dl className="tutorial__details">
        {tutorial.scheduledAt && (
          <div>
            <dt>{t.list.scheduledFor}</dt>
            <dd>{describeInstant(tutorial.scheduledAt)}</dd>
          </div>
        )}
        {tutorial.cancelledAt && (
          <div>
            <dt>{t.list.cancelledOn}</dt>
            <dd>{formatChileDay(tutorial.cancelledAt)}</dd>
          </div>
        )}
        <div>
          <dt>{t.list.options}</dt>
          <dd>
            <ul className="tutorial__options">
              {SCHEDULE_OPTION_KEYS.map((key) => {
                const option = tutorial.scheduleOptions[key];
                return option ? <li key={key}>{t.list.option(key, describeOption(option))}</li> : null;
              })}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t.list.doubts}</dt>
          <dd className="tutorial__doubts">{tutorial.doubts}</dd>
        </div>
      </dl>
      {tutorial.cancellable &&
        (confirming ? (
          <fieldset className="tutorial__confirm">
            <legend>{t.list.confirm}</legend>
            <div className="tutorial__actions">
              <button
                ref={keepButton}
                type="button"
                className="button button--secondary"
                onClick={() => setConfirming(false)}
                onKeyDown={onKeyDown}
                disabled={busy}
              >
                {t.list.confirmNo}
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={confirmCancel}
                onKeyDown={onKeyDown}
                disabled={busy}
                aria-busy={busy}
              >
                {busy ? t.list.cancelling : t.list.confirmYes}
              </button>
            </div>
          </fieldset>
        ) : (
          <div className="tutorial__actions">
            <button
              ref={cancelButton}
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming(true)}
            >
              {t.list.cancel}
            </button>
          </div>
        ))}
    </article>
  );
}
