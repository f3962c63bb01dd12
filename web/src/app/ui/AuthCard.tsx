import type { ReactNode } from 'react';

/** The frame of the account screens: a centred card with a title and an introduction. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="page page--narrow">
      <div className="card auth-card">
        <h1>{title}</h1>
        {intro && <p className="auth-card__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
