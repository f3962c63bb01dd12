import { FREE_TIER } from '@core/domain/constants';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatChileDay } from '../../app/dates';
import { useAppStore } from '../../app/store';
import { subscriptionText } from '../../i18n/subscription';
import { goTo, openBillingPortal, refreshSubscription, waitForPremium } from './service';
import './subscription.css';

type Confirmation = 'idle' | 'confirming' | 'confirmed' | 'processing';

/**
 * The plan section of the account page: the plan, its renewal or end date, and the button to
 * Stripe's portal. Back from a paid checkout (`?pago=exito`) it waits for the webhook's premium.
 */
export function SubscriptionPanel({ pollOptions }: { pollOptions?: Parameters<typeof waitForPremium>[0] }) {
  const [params, setParams] = useSearchParams();
  const returnedFromCheckout = params.get('pago') === 'exito';
  const [confirmation, setConfirmation] = useState<Confirmation>(
    returnedFromCheckout ? 'confirming' : 'idle',
  );
  const [opening, setOpening] = useState(false);
  const isPremium = useAppStore((state) => state.subscription.isPremium);
  const customer = useAppStore((state) => state.subscription.customer);
  const record = useAppStore((state) => state.root.userExtraData);
  const t = subscriptionText.panel;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per arrival on the page.
  useEffect(() => {
    if (!returnedFromCheckout) {
      void refreshSubscription();
      return;
    }
    const leaving = new AbortController();
    void waitForPremium({ ...pollOptions, signal: leaving.signal }).then((premium) => {
      if (leaving.signal.aborted) return;
      setConfirmation(premium ? 'confirmed' : 'processing');
      // The success URL is not kept: a reload must not wait for a payment again.
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('pago');
          return next;
        },
        { replace: true },
      );
    });
    return () => leaving.abort();
  }, []);

  async function manage() {
    setOpening(true);
    const url = await openBillingPortal();
    if (url) goTo(url);
    else setOpening(false);
  }

  const status = record.premium_status ?? null;
  const periodEnd = record.premium_period_end ?? null;
  const cancelScheduled = record.premium_cancel_at_period_end === true;

  return (
    <section
      className="card subscription-panel"
      aria-labelledby="mi-plan"
      aria-busy={confirmation === 'confirming'}
    >
      <h2 id="mi-plan">{t.title}</h2>
      {confirmation === 'confirming' && (
        <p className="notice notice--info" role="status">
          {t.confirming}
        </p>
      )}
      {confirmation === 'confirmed' && (
        <p className="notice notice--success" role="status">
          {t.confirmed}
        </p>
      )}
      {confirmation === 'processing' && (
        <div className="notice notice--info" role="status">
          <p>{t.stillProcessing}</p>
          <button
            type="button"
            className="button button--link"
            onClick={() => {
              void refreshSubscription();
            }}
          >
            {t.refresh}
          </button>
        </div>
      )}
      {isPremium ? (
        <>
          <p className="subscription-panel__plan">{t.premiumName(record.premium_plan ?? null)}</p>
          <dl className="subscription-panel__facts">
            {status && t.statuses[status] && (
              <div>
                <dt>{t.status}</dt>
                <dd>{t.statuses[status]}</dd>
              </div>
            )}
            {periodEnd && (
              <div>
                <dt>{cancelScheduled ? t.endsOn : t.renews}</dt>
                <dd>{formatChileDay(periodEnd)}</dd>
              </div>
            )}
          </dl>
          {cancelScheduled && <p>{t.cancelScheduled}</p>}
          {status === 'past_due' && <p className="notice notice--warning">{t.pastDue}</p>}
          <button type="button" className="button button--primary" onClick={manage} disabled={opening}>
            {opening ? t.opening : t.manage}
          </button>
        </>
      ) : (
        <>
          <p className="subscription-panel__plan">{t.freeName}</p>
          <p>{t.freeSummary(FREE_TIER.lessons, FREE_TIER.quizzes, FREE_TIER.exams)}</p>
          <div className="subscription-panel__actions">
            <Link to="/planes-y-precios" className="button button--primary">
              {t.seePlans}
            </Link>
            {customer && (
              <button type="button" className="button button--secondary" onClick={manage} disabled={opening}>
                {opening ? t.opening : t.history}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
