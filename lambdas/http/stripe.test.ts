/**
 * The Stripe routes against the real `stripe` SDK (fake key) with Stripe's HTTP API played by
 * nock — form-encoded bodies, idempotency keys and query strings as Stripe receives them — and a
 * real DynamoDB protocol (dynalite), so conditional writes and the gsi1 lookup really run.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import nock from 'nock';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalDynamo } from '../../scripts/local/dynamo';
import { apiEvent as gatewayEvent, lambdaContext, studentClaims } from '../../test/helpers/apiEvents';
import { startTestDynamo } from '../../test/helpers/testDynamo';
import type { ApiEvent, ApiResult } from '../lib/handler';

const STRIPE = 'https://api.stripe.com';
const WEBHOOK_SECRET = 'whsec_test_secret';
const WEB_ORIGIN = 'https://www.preu.example';
const context = lambdaContext(10_000);

let dynamoServer: LocalDynamo;
let stripeModule: typeof import('./stripe');
let repository: typeof import('../data/subscriptionRepository');
let users: typeof import('../data/userRepository');
let db: typeof import('../data/client');

beforeAll(async () => {
  dynamoServer = await startTestDynamo('stripe-test');
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_fake_key',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: 'price_monthly_test',
    STRIPE_PRICE_YEARLY: 'price_yearly_test',
    WEB_ORIGIN,
    LOG_LEVEL: 'SILENT',
  });
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  stripeModule = await import('./stripe');
  repository = await import('../data/subscriptionRepository');
  users = await import('../data/userRepository');
  db = await import('../data/client');
});

afterAll(async () => {
  nock.enableNetConnect();
  await dynamoServer.close();
});

afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending, 'every expected Stripe call was made').toEqual([]);
});

let counter = 0;
let sub: string;
beforeEach(() => {
  counter++;
  sub = `sub-${counter}-${Date.now()}`;
});

async function createStudent(id = sub, extra: Record<string, unknown> = {}) {
  await users.createUserRecord(
    id,
    {
      email: `${id}@ejemplo.cl`,
      firstname: 'Camila',
      lastname: 'Rojas',
      phone: '+56912345678',
      username: id,
      pathname: '/',
      hubspotId: null,
    },
    true,
  );
  if (Object.keys(extra).length > 0) {
    const item = await users.getProfile(id);
    await db
      .dynamo()
      .send(new PutCommand({ TableName: dynamoServer.tables.users, Item: { ...item, ...extra } }));
  }
}

const profile = async (id = sub) => (await users.getProfile(id)) as unknown as Record<string, unknown>;

function apiEvent(
  routeKey: string,
  options: { body?: string; claims?: Record<string, unknown> | null; headers?: Record<string, string> } = {},
): ApiEvent {
  return gatewayEvent(routeKey, {
    rawBody: options.body,
    headers: { 'content-type': 'application/json', ...options.headers },
    claims:
      options.claims === undefined ? { ...studentClaims, sub, email: `${sub}@ejemplo.cl` } : options.claims,
    requestId: `req-${counter}`,
  });
}

async function call(event: ApiEvent): Promise<{ status: number; body: Record<string, unknown> }> {
  const result = (await stripeModule.handler(event, context)) as ApiResult & { statusCode: number };
  return { status: result.statusCode, body: JSON.parse(String(result.body)) };
}

const checkout = (body: unknown) =>
  call(apiEvent('POST /api/stripe/checkout', { body: JSON.stringify(body) }));

/** A webhook delivery signed as Stripe signs it (the SDK's own test-header helper). */
function delivery(stripeEvent: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(stripeEvent);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return apiEvent('POST /api/stripe/webhook', {
    body: payload,
    claims: null,
    headers: { 'stripe-signature': signature },
  });
}

let eventCounter = 0;
function stripeEvent(type: string, object: Record<string, unknown>) {
  eventCounter++;
  return {
    id: `evt_${eventCounter}_${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

const DAY = 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);

/** A subscription as Stripe's API returns it (the period end sits on the items). */
function subscription(
  id: string,
  customer: string,
  status: string,
  options: { price?: string; periodEnd?: number; created?: number; cancelAtPeriodEnd?: boolean } = {},
) {
  const periodEnd = options.periodEnd ?? now() + 365 * DAY;
  return {
    id,
    object: 'subscription',
    customer,
    status,
    created: options.created ?? now() - 60,
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    metadata: { user_sub: sub },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price: {
            id: options.price ?? 'price_yearly_test',
            object: 'price',
            currency: 'clp',
            unit_amount: 330000,
          },
          quantity: 1,
          current_period_start: periodEnd - 365 * DAY,
          current_period_end: periodEnd,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
  };
}

/** Stripe's answer to `GET /v1/subscriptions?customer=…&status=all`. */
function stripeListsSubscriptions(customer: string, data: unknown[], times = 1) {
  return nock(STRIPE)
    .get('/v1/subscriptions')
    .query({ customer, status: 'all', limit: '20' })
    .times(times)
    .matchHeader('authorization', 'Bearer sk_test_fake_key')
    .reply(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
}

describe('POST /api/stripe/checkout', () => {
  it('creates the customer once (idempotency key), stores it with its gsi1 keys, and opens a subscription Checkout Session', async () => {
    await createStudent();
    const stripe = nock(STRIPE)
      .post('/v1/customers', { email: `${sub}@ejemplo.cl`, metadata: { user_sub: sub } })
      .matchHeader('authorization', 'Bearer sk_test_fake_key')
      .matchHeader('idempotency-key', `customer-${sub}`)
      .matchHeader('content-type', 'application/x-www-form-urlencoded')
      .reply(200, { id: 'cus_new1', object: 'customer', email: `${sub}@ejemplo.cl` })
      .post('/v1/checkout/sessions', {
        mode: 'subscription',
        customer: 'cus_new1',
        client_reference_id: sub,
        'line_items[0][price]': 'price_yearly_test',
        'line_items[0][quantity]': '1',
        success_url: `${WEB_ORIGIN}/centro-estudio/cuenta?pago=exito`,
        cancel_url: `${WEB_ORIGIN}/planes-y-precios?pago=cancelado&plan=yearly`,
        locale: 'es-419',
        'metadata[user_sub]': sub,
        'metadata[plan]': 'yearly',
        'subscription_data[metadata][user_sub]': sub,
        'subscription_data[metadata][plan]': 'yearly',
      })
      .reply(200, {
        id: 'cs_test_1',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      });

    const response = await checkout({ plan: 'yearly' });
    expect(response).toEqual({ status: 200, body: { url: 'https://checkout.stripe.com/c/pay/cs_test_1' } });
    expect(stripe.isDone()).toBe(true);
    expect(await profile()).toMatchObject({
      stripe_customer_id: 'cus_new1',
      gsi1pk: 'STRIPE#cus_new1',
      gsi1sk: 'USER',
      is_premium: false,
    });
    expect(await repository.findUserByCustomer('cus_new1')).toBe(sub);
  });

  it('reuses the stored customer and uses the monthly price id from configuration', async () => {
    await createStudent(sub, { stripe_customer_id: 'cus_known', gsi1pk: 'STRIPE#cus_known', gsi1sk: 'USER' });
    nock(STRIPE)
      .post(
        '/v1/checkout/sessions',
        (body) => body.customer === 'cus_known' && body['line_items[0][price]'] === 'price_monthly_test',
      )
      .reply(200, {
        id: 'cs_test_2',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_2',
      });
    const response = await checkout({ plan: 'monthly' });
    expect(response.status).toBe(200);
  });

  it('gives two tabs checking out at once a single customer', async () => {
    await createStudent();
    nock(STRIPE)
      .post('/v1/customers')
      .matchHeader('idempotency-key', `customer-${sub}`)
      .times(2)
      .reply(200, { id: 'cus_same', object: 'customer' })
      .post('/v1/checkout/sessions', (body) => body.customer === 'cus_same')
      .times(2)
      .reply(200, {
        id: 'cs_tab',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_tab',
      });
    const [first, second] = await Promise.all([checkout({ plan: 'yearly' }), checkout({ plan: 'yearly' })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await profile()).stripe_customer_id).toBe('cus_same');
  });

  it('keeps the customer another request stored first and deletes the one it created', async () => {
    await createStudent();
    nock(STRIPE)
      .post('/v1/customers')
      .reply(200, async () => {
        // Another tab links its customer while ours is being created.
        await repository.linkStripeCustomer(sub, 'cus_winner');
        return { id: 'cus_loser', object: 'customer' };
      })
      .delete('/v1/customers/cus_loser')
      .reply(200, { id: 'cus_loser', object: 'customer', deleted: true })
      .post('/v1/checkout/sessions', (body) => body.customer === 'cus_winner')
      .reply(200, { id: 'cs_w', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_w' });
    expect((await checkout({ plan: 'monthly' })).status).toBe(200);
    expect((await profile()).stripe_customer_id).toBe('cus_winner');
  });

  it('refuses a premium student, an unknown plan, extra fields and a student without a record', async () => {
    await createStudent(sub, { is_premium: true, stripe_customer_id: 'cus_p' });
    const premium = await checkout({ plan: 'yearly' });
    expect(premium.status).toBe(409);
    expect(premium.body.message).toContain('Ya tienes un plan premium');
    expect((await checkout({ plan: 'weekly' })).status).toBe(400);
    expect((await checkout({ plan: 'yearly', is_premium: true })).status).toBe(400);
    expect((await checkout({})).status).toBe(400);
    sub = `${sub}-none`;
    expect((await checkout({ plan: 'yearly' })).status).toBe(404);
  });

  it('answers 503 without calling Stripe when the price id is not configured', async () => {
    await createStudent();
    const saved = process.env.STRIPE_PRICE_YEARLY;
    delete process.env.STRIPE_PRICE_YEARLY;
    try {
      const response = await checkout({ plan: 'yearly' });
      expect(response.status).toBe(503);
    } finally {
      process.env.STRIPE_PRICE_YEARLY = saved;
    }
  });
});

describe('POST /api/stripe/portal', () => {
  it('opens a billing-portal session for the caller’s own customer', async () => {
    await createStudent(sub, { stripe_customer_id: 'cus_portal' });
    nock(STRIPE)
      .post('/v1/billing_portal/sessions', {
        customer: 'cus_portal',
        return_url: `${WEB_ORIGIN}/centro-estudio/cuenta`,
        locale: 'es-419',
      })
      .reply(200, {
        id: 'bps_1',
        object: 'billing_portal.session',
        url: 'https://billing.stripe.com/p/session/test_1',
      });
    const response = await call(apiEvent('POST /api/stripe/portal'));
    expect(response).toEqual({ status: 200, body: { url: 'https://billing.stripe.com/p/session/test_1' } });
  });

  it('answers 409 with a Spanish message when there is no customer, 404 without a record', async () => {
    await createStudent();
    const none = await call(apiEvent('POST /api/stripe/portal', { body: '{}' }));
    expect(none).toEqual({
      status: 409,
      body: { message: 'Aún no tienes una suscripción. Elige un plan en «Planes y precios».' },
    });
    sub = `${sub}-none`;
    expect((await call(apiEvent('POST /api/stripe/portal'))).status).toBe(404);
    expect((await call(apiEvent('POST /api/stripe/portal', { body: '{"customer":"cus_x"}' }))).status).toBe(
      400,
    );
  });
});

describe('POST /api/stripe/webhook', () => {
  async function premiumCandidate(customer: string) {
    await createStudent(sub, { stripe_customer_id: customer, gsi1pk: `STRIPE#${customer}`, gsi1sk: 'USER' });
  }

  const eventRecord = async (id: string) =>
    (
      await db
        .dynamo()
        .send(new GetCommand({ TableName: dynamoServer.tables.events, Key: { pk: `STRIPE#${id}` } }))
    ).Item;

  it('rejects a missing, forged or stale signature with 400 and changes nothing', async () => {
    await premiumCandidate('cus_sig');
    const event = stripeEvent('customer.subscription.created', subscription('sub_sig', 'cus_sig', 'active'));
    const before = await profile();
    const payload = JSON.stringify(event);

    const unsigned = await call(apiEvent('POST /api/stripe/webhook', { body: payload, claims: null }));
    const forged = await call(delivery(event, 'whsec_someone_else'));
    const tampered = delivery(event);
    tampered.body = payload.replace('"active"', '"trialing"');
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: now() - 3600,
    });
    const old = await call(
      apiEvent('POST /api/stripe/webhook', {
        body: payload,
        claims: null,
        headers: { 'stripe-signature': stale },
      }),
    );
    const empty = await call(
      apiEvent('POST /api/stripe/webhook', { claims: null, headers: { 'stripe-signature': 't=1,v1=abc' } }),
    );
    for (const response of [unsigned, forged, await call(tampered), old, empty]) {
      expect(response.status).toBe(400);
    }
    expect(await profile()).toEqual(before);
    expect(await eventRecord(event.id)).toBeUndefined();
  });

  it('turns premium on from Stripe’s current state after checkout.session.completed', async () => {
    await premiumCandidate('cus_paid');
    const periodEnd = now() + 365 * DAY;
    const list = stripeListsSubscriptions('cus_paid', [
      subscription('sub_paid', 'cus_paid', 'active', { periodEnd }),
    ]);
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_paid',
      object: 'checkout.session',
      mode: 'subscription',
      customer: 'cus_paid',
      client_reference_id: sub,
      subscription: 'sub_paid',
      payment_status: 'paid',
      status: 'complete',
    });
    const response = await call(delivery(event));
    expect(response).toEqual({ status: 200, body: { received: true } });
    expect(list.isDone()).toBe(true);
    expect(await profile()).toMatchObject({
      is_premium: true,
      stripe_customer_id: 'cus_paid',
      stripe_subscription_id: 'sub_paid',
      premium_status: 'active',
      premium_plan: 'yearly',
      premium_period_end: new Date(periodEnd * 1000).toISOString(),
      premium_cancel_at_period_end: false,
    });
    expect(await eventRecord(event.id)).toMatchObject({ type: 'checkout.session.completed' });
    const record = await users.getUserRecord(sub);
    expect(record).toMatchObject({
      is_premium: true,
      premium_plan: 'yearly',
      stripe_subscription_id: 'sub_paid',
    });
  });

  it('applies a duplicated event once: the second delivery reads nothing from Stripe', async () => {
    await premiumCandidate('cus_dup');
    stripeListsSubscriptions('cus_dup', [subscription('sub_dup', 'cus_dup', 'active')], 1);
    const event = stripeEvent('customer.subscription.created', subscription('sub_dup', 'cus_dup', 'active'));
    const first = await call(delivery(event));
    const afterFirst = await profile();
    // Had it been processed again, this second answer of Stripe would have been read and applied.
    const second = await call(delivery(event));
    expect(first.body).toEqual({ received: true });
    expect(second).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await profile()).toEqual(afterFirst);
    expect(afterFirst.is_premium).toBe(true);
  });

  it('ends free when deleted arrives before created (Stripe says canceled either way)', async () => {
    await premiumCandidate('cus_order');
    const canceled = subscription('sub_order', 'cus_order', 'canceled', { periodEnd: now() - 60 });
    stripeListsSubscriptions('cus_order', [canceled], 2);
    const deleted = await call(delivery(stripeEvent('customer.subscription.deleted', canceled)));
    const created = await call(
      delivery(
        stripeEvent('customer.subscription.created', subscription('sub_order', 'cus_order', 'active')),
      ),
    );
    expect([deleted.status, created.status]).toEqual([200, 200]);
    expect(await profile()).toMatchObject({
      is_premium: false,
      premium_status: 'canceled',
      stripe_subscription_id: 'sub_order',
    });
  });

  it('keeps premium while past_due and removes it when unpaid, canceled or incomplete_expired', async () => {
    await premiumCandidate('cus_states');
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      customer: 'cus_states',
      status: 'open',
      billing_reason: 'subscription_cycle',
    };
    stripeListsSubscriptions('cus_states', [subscription('sub_s', 'cus_states', 'past_due')]);
    await call(delivery(stripeEvent('invoice.payment_failed', invoice)));
    expect(await profile()).toMatchObject({ is_premium: true, premium_status: 'past_due' });
    for (const status of ['unpaid', 'canceled', 'incomplete_expired', 'incomplete', 'paused']) {
      stripeListsSubscriptions('cus_states', [subscription('sub_s', 'cus_states', status)]);
      await call(
        delivery(stripeEvent('customer.subscription.updated', subscription('sub_s', 'cus_states', status))),
      );
      expect(await profile(), status).toMatchObject({ is_premium: false, premium_status: status });
    }
    stripeListsSubscriptions('cus_states', [subscription('sub_s', 'cus_states', 'trialing')]);
    await call(
      delivery(stripeEvent('customer.subscription.updated', subscription('sub_s', 'cus_states', 'active'))),
    );
    expect(await profile()).toMatchObject({ is_premium: true, premium_status: 'trialing' });
  });

  it('stays premium through a new subscription when an old one’s events arrive late', async () => {
    await premiumCandidate('cus_two');
    stripeListsSubscriptions('cus_two', [
      subscription('sub_new', 'cus_two', 'active', {
        price: 'price_monthly_test',
        periodEnd: now() + 30 * DAY,
      }),
      subscription('sub_old', 'cus_two', 'canceled', { periodEnd: now() - DAY, created: now() - 90 * DAY }),
    ]);
    await call(
      delivery(stripeEvent('customer.subscription.deleted', subscription('sub_old', 'cus_two', 'canceled'))),
    );
    expect(await profile()).toMatchObject({
      is_premium: true,
      stripe_subscription_id: 'sub_new',
      premium_plan: 'monthly',
    });
  });

  it('shows a cancellation at period end while premium lasts', async () => {
    await premiumCandidate('cus_cape');
    stripeListsSubscriptions('cus_cape', [
      subscription('sub_cape', 'cus_cape', 'active', { cancelAtPeriodEnd: true }),
    ]);
    await call(
      delivery(stripeEvent('customer.subscription.updated', subscription('sub_cape', 'cus_cape', 'active'))),
    );
    expect(await profile()).toMatchObject({ is_premium: true, premium_cancel_at_period_end: true });
  });

  it('links the customer through client_reference_id when the profile does not hold it yet', async () => {
    await createStudent();
    stripeListsSubscriptions('cus_ref', [subscription('sub_ref', 'cus_ref', 'active')]);
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_ref',
      object: 'checkout.session',
      mode: 'subscription',
      customer: 'cus_ref',
      client_reference_id: sub,
      subscription: 'sub_ref',
    });
    expect((await call(delivery(event))).status).toBe(200);
    expect(await profile()).toMatchObject({
      is_premium: true,
      stripe_customer_id: 'cus_ref',
      gsi1pk: 'STRIPE#cus_ref',
    });
  });

  it('never moves premium onto a student whose record holds another customer', async () => {
    await premiumCandidate('cus_mine');
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_other',
      object: 'checkout.session',
      mode: 'subscription',
      customer: 'cus_someone_else',
      client_reference_id: sub,
    });
    expect((await call(delivery(event))).body).toEqual({ received: true });
    expect(await profile()).toMatchObject({ is_premium: false, stripe_customer_id: 'cus_mine' });
  });

  it('acknowledges unknown events and events of unknown customers without calling Stripe', async () => {
    const unknown = stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge', customer: 'cus_x' });
    expect(await call(delivery(unknown))).toEqual({ status: 200, body: { received: true, ignored: true } });
    expect(await eventRecord(unknown.id)).toBeUndefined();
    const stranger = stripeEvent('customer.subscription.created', {
      ...subscription('sub_x', 'cus_nobody', 'active'),
      metadata: {},
    });
    expect(await call(delivery(stranger))).toEqual({ status: 200, body: { received: true } });
  });

  it('answers 503 when Stripe fails and forgets the event, so the next delivery applies it', async () => {
    await premiumCandidate('cus_flaky');
    nock(STRIPE)
      .get('/v1/subscriptions')
      .query(true)
      .times(2) // the SDK retries once
      .reply(500, { error: { type: 'api_error', message: 'boom' } });
    const event = stripeEvent('customer.subscription.created', subscription('sub_f', 'cus_flaky', 'active'));
    expect((await call(delivery(event))).status).toBe(503);
    expect(await eventRecord(event.id)).toBeUndefined();
    expect((await profile()).is_premium).toBe(false);
    stripeListsSubscriptions('cus_flaky', [subscription('sub_f', 'cus_flaky', 'active')]);
    expect((await call(delivery(event))).status).toBe(200);
    expect((await profile()).is_premium).toBe(true);
  });

  it('refuses to write a reading of Stripe older than the one stored', async () => {
    await premiumCandidate('cus_race');
    const newer = new Date().toISOString();
    const older = new Date(Date.now() - 1000).toISOString();
    const active = {
      isPremium: true,
      subscriptionId: 'sub_r',
      status: 'active',
      plan: 'yearly' as const,
      periodEnd: null,
      cancelAtPeriodEnd: false,
    };
    const canceled = { ...active, isPremium: false, status: 'canceled' };
    expect(await repository.applyPremiumState(sub, 'cus_race', canceled, newer)).toBe('applied');
    expect(await repository.applyPremiumState(sub, 'cus_race', active, older)).toBe('stale');
    expect(await profile()).toMatchObject({ is_premium: false, premium_status: 'canceled' });
  });
});
