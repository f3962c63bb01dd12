import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { displayedTests } from '../../app/catalogue';
import { useAppStore } from '../../app/store';
import { publicText } from '../../i18n/public';
import { nextPaesSitting } from './sittings';
import './public.css';

export type LandingVariant = 'registro' | 'registroEnsayo' | 'preparatePaes';

interface LandingPageProps {
  variant: LandingVariant;
  /** The sign-up form, composed by the app (features do not import each other). */
  signUpForm: (submitLabel: string) => ReactNode;
}

/** `/landing/registro`, `/landing/registro-ensayo`, `/landing/preparate-paes`: a pitch and the sign-up form. */
export function LandingPage({ variant, signUpForm }: LandingPageProps) {
  const t = publicText.landings[variant];
  const isSigned = useAppStore((state) => state.auth.isSigned);
  const sitting = useMemo(() => nextPaesSitting(), []);

  return (
    <div className={`landing landing--${variant}`}>
      <div className="landing__inner">
        <header className="landing__header">
          <p className="eyebrow">{t.eyebrow}</p>
          <h1>{t.title}</h1>
          <p className="landing__lead">{t.lead}</p>
          {variant === 'preparatePaes' && sitting && (
            <p className="countdown">
              <strong>{publicText.daysLeft(sitting.daysLeft)}</strong>
              <span>{publicText.nextSitting(sitting.label, sitting.date)}</span>
            </p>
          )}
        </header>

        <aside className="landing__form card" aria-labelledby="landing-form-title">
          <h2 id="landing-form-title">{isSigned ? publicText.goToStudyCenter : t.formTitle}</h2>
          {isSigned ? (
            <Link className="button button--primary button--block" to="/centro-estudio">
              {publicText.goToStudyCenter}
            </Link>
          ) : (
            <>
              {signUpForm(t.submit)}
              <p className="form__footer">
                {publicText.haveAccount} <Link to="/inicio-sesion">{publicText.signIn}</Link>
              </p>
            </>
          )}
        </aside>

        <div className="landing__details">
          <h2>{t.bulletsTitle}</h2>
          <ul className="check-list">
            {t.bullets.map((bullet) => (
              <li key={bullet}>{bullet}</li>
            ))}
          </ul>
          {variant === 'registroEnsayo' && <EssayTests />}
          {variant === 'preparatePaes' && <StudyPlan />}
        </div>
      </div>
    </div>
  );
}

function EssayTests() {
  const t = publicText.landings.registroEnsayo;
  return (
    <section aria-labelledby="landing-tests">
      <h2 id="landing-tests">{t.testsTitle}</h2>
      <ul className="test-chips">
        {displayedTests('paes').map((test) => (
          <li key={test.slug} style={{ borderInlineStartColor: test.color }}>
            <span className="test-chips__title">{test.title}</span>
            <span className="test-chips__details">
              {publicText.testDetails(test.questionCount, test.durationMinutes)}
            </span>
          </li>
        ))}
      </ul>
      <p className="landing__note">{t.note}</p>
    </section>
  );
}

function StudyPlan() {
  const t = publicText.landings.preparatePaes;
  return (
    <section aria-labelledby="landing-plan">
      <h2 id="landing-plan">{t.planTitle}</h2>
      <ol className="steps steps--compact">
        {t.plan.map((step) => (
          <li key={step.title} className="steps__item">
            <h3>{step.title}</h3>
            <p>{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
