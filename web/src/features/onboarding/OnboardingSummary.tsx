import './onboarding.css';
import { Link } from 'react-router';
import { bundledCatalogue } from '../../app/catalogue';
import { useAppStore } from '../../app/store';
import { onboardingText } from '../../i18n/onboarding';

/** The account page's section with the saved onboarding and the way to change it. */
export function OnboardingSummary() {
  const onboarding = useAppStore((state) => state.onboarding);
  const t = onboardingText.summary;
  const catalogue = bundledCatalogue(onboarding.course);
  const title = (slug: string) => catalogue?.tests.find((test) => test.slug === slug)?.title ?? slug;
  const profile = catalogue?.course.profiles.find((p) => p.id === onboarding.profile)?.label;
  const date =
    catalogue?.course.availableDates.find((d) => d.id === onboarding.date)?.label ?? onboarding.date;

  return (
    <section className="card onboarding-summary" aria-labelledby="tu-preparacion">
      <h2 id="tu-preparacion">{t.title}</h2>
      {onboarding.course ? (
        <dl className="onboarding-summary__list">
          <dt>{t.course}</dt>
          <dd>{catalogue?.course.title ?? onboarding.course.toUpperCase()}</dd>
          {profile && (
            <>
              <dt>{t.profile}</dt>
              <dd>{profile}</dd>
            </>
          )}
          {onboarding.selectedTests && onboarding.selectedTests.length > 0 && (
            <>
              <dt>{t.tests}</dt>
              <dd>{onboarding.selectedTests.map(title).join(', ')}</dd>
            </>
          )}
          {date && (
            <>
              <dt>{t.date}</dt>
              <dd>{date}</dd>
            </>
          )}
          {onboarding.targetPoints !== undefined && (
            <>
              <dt>{t.points}</dt>
              <dd>{t.pointsValue(onboarding.targetPoints)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p>{t.empty}</p>
      )}
      <Link className="button button--secondary" to="/centro-estudio/cuenta/preparacion">
        {onboarding.course ? t.edit : t.choose}
      </Link>
    </section>
  );
}
