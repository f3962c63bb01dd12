/** What the exam pages show while they load, and instead of a page they cannot show. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { examText } from '../../i18n/exam';

/** The spinner, announced to screen readers; `inline` inside a page that already has its header. */
export function ExamLoading({ inline = false }: { inline?: boolean }) {
  const content = (
    <>
      <span className="visually-hidden">{examText.common.loading}</span>
      <div className="spinner" />
    </>
  );
  return inline ? (
    <div role="status" aria-live="polite">
      {content}
    </div>
  ) : (
    <section className="page" role="status" aria-live="polite">
      {content}
    </section>
  );
}

/** A message card with its way out (`children`); a page of its own unless `inline`. */
export function ExamNotice({
  message,
  children,
  inline = false,
  alert = false,
}: {
  message: string;
  children: ReactNode;
  inline?: boolean;
  alert?: boolean;
}) {
  const card = (
    <div className="card exam-message" role={alert ? 'alert' : undefined}>
      <p>{message}</p>
      {children}
    </div>
  );
  return inline ? card : <section className="page page--narrow">{card}</section>;
}

/** A result or review that is not the student's, or not there: back to the history. */
export function AttemptNotFound() {
  return (
    <ExamNotice message={examText.result.notFound}>
      <Link className="button button--secondary" to="/centro-estudio/ensayos/historial">
        {examText.common.history}
      </Link>
    </ExamNotice>
  );
}
