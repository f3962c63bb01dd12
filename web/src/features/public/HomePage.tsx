import { useMemo } from 'react';
import { Link } from 'react-router';
import { displayedTests } from '../../app/catalogue';
import { useAppStore } from '../../app/store';
import { publicText } from '../../i18n/public';
import { nextPaesSitting } from './sittings';
import './public.css';

/** `/`: what the platform offers PAES students, with calls to action. */
export function HomePage() {
  const t = publicText.home;
  const isSigned = useAppStore((state) => state.auth.isSigned);
  const sitting = useMemo(() => nextPaesSitting(), []);
  const tests = displayedTests('paes');
  const faq = t.faq;

  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-title">
        <div className="hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">{t.hero.eyebrow}</p>
            <h1 id="home-title">{t.hero.title}</h1>
            <p className="hero__lead">{t.hero.lead}</p>
            <div className="cta-row">
              {isSigned ? (
                <Link className="button button--accent" to="/centro-estudio">
                  {publicText.goToStudyCenter}
                </Link>
              ) : (
                <Link className="button button--accent" to="/registro">
                  {t.hero.primary}
                </Link>
              )}
              <Link className="button button--ghost" to="/planes-y-precios">
                {t.hero.secondary}
              </Link>
            </div>
          </div>
          <aside className="hero__card card" aria-label={t.free.title}>
            {sitting && (
              <p className="hero__sitting">
                <strong>{publicText.nextSitting(sitting.label, sitting.date)}</strong>
                <span>{publicText.daysLeft(sitting.daysLeft)}</span>
              </p>
            )}
            <p className="hero__card-title">{t.free.title}</p>
            <ul className="check-list">
              {t.free.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            {!isSigned && (
              <Link className="button button--secondary button--block" to="/landing/registro-ensayo">
                {t.hero.essay}
              </Link>
            )}
          </aside>
        </div>
      </section>

      <section className="section" aria-labelledby="home-features">
        <h2 id="home-features">{t.featuresTitle}</h2>
        <div className="feature-grid">
          {t.features.map((feature) => (
            <article key={feature.title} className="card feature">
              <h3>{feature.title}</h3>
              <p>{feature.body}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="home-tests">
        <div className="section__inner">
          <h2 id="home-tests">{t.testsTitle}</h2>
          <p className="section__lead">{t.testsLead}</p>
          <ul className="test-chips">
            {tests.map((test) => (
              <li key={test.slug} style={{ borderInlineStartColor: test.color }}>
                <span className="test-chips__title">{test.title}</span>
                <span className="test-chips__details">
                  {publicText.testDetails(test.questionCount, test.durationMinutes)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="home-steps">
        <h2 id="home-steps">{t.stepsTitle}</h2>
        <ol className="steps">
          {t.steps.map((step) => (
            <li key={step.title} className="steps__item">
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section" aria-labelledby="home-plans">
        <h2 id="home-plans">{t.plansTitle}</h2>
        <div className="plan-grid">
          <article className="card plan">
            <h3>{t.free.title}</h3>
            <p className="plan__price">{t.free.price}</p>
            <ul className="check-list">
              {t.free.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            {!isSigned && (
              <Link className="button button--primary button--block" to="/registro">
                {t.free.cta}
              </Link>
            )}
          </article>
          <article className="card plan plan--premium">
            <h3>{t.premium.title}</h3>
            <p className="plan__price">{t.premium.price}</p>
            <ul className="check-list">
              {t.premium.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <Link className="button button--secondary button--block" to="/planes-y-precios">
              {t.premium.cta}
            </Link>
          </article>
        </div>
      </section>

      <section className="section" aria-labelledby="home-faq">
        <h2 id="home-faq">{t.faqTitle}</h2>
        <div className="faq">
          <details>
            <summary>{faq.paes.question}</summary>
            <p>{faq.paes.answer}</p>
          </details>
          <details>
            <summary>{faq.when.question}</summary>
            <p>{sitting ? faq.when.answer(sitting.label, sitting.date) : faq.when.noDate}</p>
          </details>
          <details>
            <summary>{faq.card.question}</summary>
            <p>{faq.card.answer}</p>
          </details>
          <details>
            <summary>{faq.demre.question}</summary>
            <p>{faq.demre.answer}</p>
          </details>
          <details>
            <summary>{faq.mobile.question}</summary>
            <p>{faq.mobile.answer}</p>
          </details>
        </div>
      </section>

      {!isSigned && (
        <section className="section final-cta" aria-labelledby="home-final">
          <h2 id="home-final">{t.finalTitle}</h2>
          <p>{t.finalLead}</p>
          <Link className="button button--accent" to="/landing/registro-ensayo">
            {t.hero.essay}
          </Link>
        </section>
      )}
    </div>
  );
}
