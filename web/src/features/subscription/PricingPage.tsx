import { FREE_TIER, PROMOTION } from '@core/domain/constants';
import {
  type PlanPrice,
  type PremiumPlan,
  type PromotionConfig,
  planPrice,
  promotionIsActive,
} from '@core/domain/subscription';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCalendarDay } from '../../app/dates';
import { useAppStore } from '../../app/store';
import { subscriptionText } from '../../i18n/subscription';
import { formatClp, isPremiumPlan, signInThenPlan } from './model';
import { goTo, startCheckout } from './service';
import './subscription.css';

const PLAN_ORDER: PremiumPlan[] = ['yearly', 'monthly'];

/**
 * `/planes-y-precios` (public, renders before the session check): the free and premium plans side
 * by side, the two premium prices, and buttons that start Stripe's checkout — or sign-in first.
 */
export function PricingPage({
  promotion = PROMOTION,
  now = new Date(),
}: {
  /** The promotion of core/domain/constants.ts; a prop so tests can switch it on. */
  promotion?: PromotionConfig;
  now?: Date;
}) {
  const [params] = useSearchParams();
  const chosen = params.get('plan');
  const chosenPlan = isPremiumPlan(chosen) ? chosen : null;
  const cancelled = params.get('pago') === 'cancelado';
  const t = subscriptionText.pricing;
  const promotionActive = promotionIsActive(promotion, now);

  return (
    <section className="page pricing" aria-labelledby="planes-titulo">
      <header className="pricing__header">
        <h1 id="planes-titulo">{t.title}</h1>
        <p className="pricing__intro">{t.intro}</p>
      </header>
      {cancelled && (
        <p className="notice notice--info" role="status">
          {t.cancelled}
        </p>
      )}
      {promotionActive && (
        <p className="notice notice--promo">
          {t.promotion(promotion.nominalDiscountPercent, formatCalendarDay(promotion.endDate))}
        </p>
      )}
      <div className="pricing__plans">
        <FreePlanCard />
        <PremiumPlanCard
          prices={PLAN_ORDER.map((plan) => planPrice(plan, promotion, now))}
          chosenPlan={chosenPlan}
        />
      </div>
      <ComparisonTable />
      <ul className="pricing__fine">
        {t.fine.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

function FreePlanCard() {
  const { isSigned, fetchPending } = useAppStore((state) => state.auth);
  const isPremium = useAppStore((state) => state.subscription.isPremium);
  const t = subscriptionText.pricing.free;
  const c = subscriptionText.pricing.compare;
  return (
    <article className="card plan-card" aria-labelledby="plan-gratis">
      <h2 id="plan-gratis">{t.name}</h2>
      <p className="plan-card__price">
        <span className="plan-card__amount">{t.price}</span> <span>{t.period}</span>
      </p>
      <ul className="plan-card__features">
        <li>
          {FREE_TIER.lessons} {c.lessons.toLowerCase()}
        </li>
        <li>
          {FREE_TIER.quizzes} {c.quizzes.toLowerCase()}
        </li>
        <li>
          {FREE_TIER.exams} {FREE_TIER.exams === 1 ? 'ensayo' : c.exams.toLowerCase()}
        </li>
        <li>
          {c.tutoring}: {c.tutoringRule(FREE_TIER.tutoringHoursPerMonth, FREE_TIER.tutoringHoursPerYear)}
        </li>
      </ul>
      <div className="plan-card__actions">
        {!isSigned && !fetchPending ? (
          <Link to="/registro" className="button button--secondary button--block">
            {t.cta}
          </Link>
        ) : isSigned && !isPremium ? (
          <p className="plan-card__current">{t.current}</p>
        ) : null}
      </div>
    </article>
  );
}

function PremiumPlanCard({ prices, chosenPlan }: { prices: PlanPrice[]; chosenPlan: PremiumPlan | null }) {
  const isPremium = useAppStore((state) => state.subscription.isPremium);
  const isSigned = useAppStore((state) => state.auth.isSigned);
  const t = subscriptionText.pricing;
  const c = t.compare;
  return (
    <article className="card plan-card plan-card--premium" aria-labelledby="plan-premium">
      <h2 id="plan-premium">{t.premium.name}</h2>
      <p className="plan-card__lead">{t.premium.intro}</p>
      <ul className="plan-card__features">
        <li>
          {c.lessons} {c.unlimited.toLowerCase()}
        </li>
        <li>
          {c.quizzes} {c.unlimited.toLowerCase()}
        </li>
        <li>
          {c.exams} {c.unlimited.toLowerCase()}
        </li>
        <li>
          {c.tutoring}: {c.tutoringRule(FREE_TIER.tutoringHoursPerMonth, FREE_TIER.tutoringHoursPerYear)}
        </li>
      </ul>
      {isSigned && isPremium ? (
        <div className="plan-card__actions">
          <p className="plan-card__current">{t.premium.already}</p>
          <Link to="/centro-estudio/cuenta" className="button button--secondary button--block">
            {t.premium.manage}
          </Link>
        </div>
      ) : (
        <div className="plan-options">
          {prices.map((price) => (
            <PlanOption key={price.plan} price={price} chosen={price.plan === chosenPlan} />
          ))}
        </div>
      )}
    </article>
  );
}

function PlanOption({ price, chosen }: { price: PlanPrice; chosen: boolean }) {
  const { isSigned, fetchPending } = useAppStore((state) => state.auth);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const t = subscriptionText.pricing;
  const plan = t.plans[price.plan];
  const headingId = `plan-${price.plan}`;

  // Back from sign-in with this plan chosen: bring the student to its button.
  useEffect(() => {
    if (chosen && isSigned) button.current?.focus();
  }, [chosen, isSigned]);

  async function choose() {
    setBusy(true);
    const url = await startCheckout(price.plan);
    if (url) goTo(url);
    else setBusy(false);
  }

  return (
    <section className={`plan-option${chosen ? ' plan-option--chosen' : ''}`} aria-labelledby={headingId}>
      <div className="plan-option__head">
        <h3 id={headingId}>{plan.name}</h3>
        {chosen && <span className="badge">{t.chosen}</span>}
      </div>
      <p className="plan-card__price">
        {price.discountPercent !== null && (
          <del className="plan-card__before">{t.before(formatClp(price.amount))}</del>
        )}
        <span className="plan-card__amount">{formatClp(price.price)}</span> <span>{plan.period}</span>
      </p>
      <p className="plan-option__note">
        {price.plan === 'yearly'
          ? plan.perMonth(formatClp(Math.round(price.price / price.months)))
          : plan.perMonth('')}
      </p>
      {chosen && isSigned && (
        <p className="plan-option__continue">{t.continueWith(plan.name.toLowerCase())}</p>
      )}
      {!isSigned && !fetchPending ? (
        <>
          <Link to={signInThenPlan(price.plan)} className="button button--primary button--block">
            {plan.cta}
          </Link>
          <p className="plan-option__hint">{t.signInFirst}</p>
        </>
      ) : (
        <button
          ref={button}
          type="button"
          className="button button--primary button--block"
          onClick={choose}
          disabled={busy || fetchPending}
          aria-busy={busy || fetchPending}
        >
          {busy ? t.opening : plan.cta}
        </button>
      )}
    </section>
  );
}

function ComparisonTable() {
  const c = subscriptionText.pricing.compare;
  const tutoring = c.tutoringRule(FREE_TIER.tutoringHoursPerMonth, FREE_TIER.tutoringHoursPerYear);
  const rows: [string, string, string][] = [
    [c.lessons, c.count(FREE_TIER.lessons), c.unlimited],
    [c.quizzes, c.count(FREE_TIER.quizzes), c.unlimited],
    [c.exams, c.count(FREE_TIER.exams), c.unlimited],
    [c.tutoring, tutoring, tutoring],
  ];
  return (
    <section className="pricing__compare" aria-labelledby="comparar-planes">
      <h2 id="comparar-planes">{c.title}</h2>
      <table className="compare-table">
        <thead>
          <tr>
            <th scope="col">{c.feature}</th>
            <th scope="col">{subscriptionText.pricing.free.name}</th>
            <th scope="col">{subscriptionText.pricing.premium.name}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([feature, free, premium]) => (
            <tr key={feature}>
              <th scope="row">{feature}</th>
              <td>{free}</td>
              <td>{premium}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
