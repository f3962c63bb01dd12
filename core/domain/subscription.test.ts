import { describe, expect, it } from 'vitest';
import { chileDate } from './chileTime';
import {
  convergePremium,
  grantsPremium,
  NO_PREMIUM,
  planForPrice,
  planPrice,
  promotionIsActive,
  type SubscriptionSnapshot,
} from './subscription';

const priceIds = { monthly: 'price_m', yearly: 'price_y' };
const plan = (priceId: string | null) => planForPrice(priceIds, priceId);

const snapshot = (over: Partial<SubscriptionSnapshot>): SubscriptionSnapshot => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  priceId: 'price_y',
  currentPeriodEnd: 1_900_000_000,
  cancelAtPeriodEnd: false,
  created: 1_800_000_000,
  ...over,
});

describe('premium entitlement', () => {
  it('grants premium for active, trialing and past_due only', () => {
    expect(['active', 'trialing', 'past_due'].map(grantsPremium)).toEqual([true, true, true]);
    for (const status of [
      'canceled',
      'unpaid',
      'incomplete',
      'incomplete_expired',
      'paused',
      'something_new',
    ]) {
      expect({ status, premium: grantsPremium(status) }).toEqual({ status, premium: false });
    }
  });

  it('is free without subscriptions', () => {
    expect(convergePremium([], plan)).toEqual(NO_PREMIUM);
  });

  it('describes the entitling subscription paid furthest ahead', () => {
    const state = convergePremium(
      [
        snapshot({ id: 'sub_old', status: 'canceled', currentPeriodEnd: 1_950_000_000, created: 1 }),
        snapshot({ id: 'sub_m', priceId: 'price_m', currentPeriodEnd: 1_900_000_000 }),
        snapshot({
          id: 'sub_y',
          priceId: 'price_y',
          currentPeriodEnd: 1_910_000_000,
          cancelAtPeriodEnd: true,
        }),
      ],
      plan,
    );
    expect(state).toEqual({
      isPremium: true,
      subscriptionId: 'sub_y',
      status: 'active',
      plan: 'yearly',
      periodEnd: new Date(1_910_000_000 * 1000).toISOString(),
      cancelAtPeriodEnd: true,
    });
  });

  it('keeps the newest subscription for reference when none entitles', () => {
    const state = convergePremium(
      [
        snapshot({ id: 'sub_a', status: 'canceled', created: 10 }),
        snapshot({ id: 'sub_b', status: 'incomplete_expired', created: 20, priceId: 'price_unknown' }),
      ],
      plan,
    );
    expect(state).toMatchObject({
      isPremium: false,
      subscriptionId: 'sub_b',
      status: 'incomplete_expired',
      plan: null,
    });
  });

  it('does not depend on the order of the list', () => {
    const list = [
      snapshot({ id: 'a', status: 'canceled', created: 1 }),
      snapshot({ id: 'b', status: 'active', created: 2 }),
      snapshot({ id: 'c', status: 'unpaid', created: 3 }),
    ];
    expect(convergePremium([...list].reverse(), plan)).toEqual(convergePremium(list, plan));
  });
});

describe('plans and the promotion', () => {
  const promotion = { active: true, nominalDiscountPercent: 70, endDate: '2022-10-26' };

  it('uses the spec prices in whole pesos', () => {
    expect(planPrice('yearly', { ...promotion, active: false })).toEqual({
      plan: 'yearly',
      months: 12,
      amount: 330_000,
      price: 330_000,
      discountPercent: null,
    });
    expect(planPrice('monthly', { ...promotion, active: false }).price).toBe(82_500);
  });

  it('applies the promotion only while on and until its end date in Chile, inclusive', () => {
    const lastDay = new Date('2022-10-27T02:00:00Z'); // 23:00 on 26 Oct in Santiago
    const dayAfter = new Date('2022-10-27T04:00:00Z');
    expect(chileDate(lastDay)).toBe('2022-10-26');
    expect(promotionIsActive(promotion, lastDay)).toBe(true);
    expect(promotionIsActive(promotion, dayAfter)).toBe(false);
    expect(promotionIsActive({ ...promotion, active: false }, lastDay)).toBe(false);
    expect(planPrice('yearly', promotion, lastDay)).toMatchObject({ price: 99_000, discountPercent: 70 });
    expect(planPrice('monthly', promotion, lastDay)).toMatchObject({ price: 24_750, discountPercent: 70 });
  });

  it('is off with the configured promotion of the spec', () => {
    expect(promotionIsActive()).toBe(false);
  });

  it('maps price ids to plans and unknown ones to none', () => {
    expect([plan('price_m'), plan('price_y'), plan('price_z'), plan(null)]).toEqual([
      'monthly',
      'yearly',
      null,
      null,
    ]);
  });
});
