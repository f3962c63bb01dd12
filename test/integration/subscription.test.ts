/**
 * The premium subscription through the local stack, as a new student lives it: free → checkout
 * on the local payment page → premium (set by the signed webhook the page sends) → cancel in the
 * local portal → free. And no route but the webhook can make anyone premium.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { usernameFromEmail } from '@core/domain/username';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { routeKey, routes } from '../../lambdas/routes';
import { apiCall, createStudent } from '../helpers/localUsers';

const stack = inject('stack');

async function registeredStudent() {
  const student = await createStudent(stack);
  const response = await apiCall(stack, 'POST', '/api/user/signup-v2', {
    token: student.tokens.IdToken,
    body: signUpBody(student.email),
  });
  expect(response.status).toBe(201);
  return student;
}

function signUpBody(email: string) {
  return {
    firstname: 'Camila',
    lastname: 'Rojas',
    email,
    phone: '+56912345678',
    username: usernameFromEmail(email),
    pathname: '/planes-y-precios',
    hubspot_id: null,
  };
}

const record = async (token: string) =>
  (await apiCall(stack, 'GET', '/api/user', { token })).body as Record<string, unknown>;

const paymentsLog = () => {
  const file = path.join(stack.logDir, 'payments-log.jsonl');
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];
};

/** A form post on the local Stripe pages, without following the redirect. */
async function submit(url: string, form: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

describe('premium subscription in the local stack', () => {
  it('free → pay on the local checkout → premium → cancel in the local portal → free', async () => {
    expect(stack.paymentsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const student = await registeredStudent();
    const token = student.tokens.IdToken;
    expect(await record(token)).toMatchObject({ is_premium: false, stripe_customer_id: null });

    const noPortal = await apiCall(stack, 'POST', '/api/stripe/portal', { token });
    expect(noPortal.status).toBe(409);

    // Checkout: a customer is created and stored, and the student is sent to the local page.
    const checkout = await apiCall(stack, 'POST', '/api/stripe/checkout', {
      token,
      body: { plan: 'yearly' },
    });
    expect(checkout.status).toBe(200);
    const checkoutUrl = (checkout.body as { url: string }).url;
    expect(checkoutUrl.startsWith(`${stack.paymentsUrl}/checkout/cs_local_`)).toBe(true);
    const customerId = (await record(token)).stripe_customer_id as string;
    expect(customerId).toMatch(/^cus_local_/);
    expect(await record(token)).toMatchObject({ is_premium: false });

    const checkoutPage = await fetch(checkoutUrl);
    const checkoutHtml = await checkoutPage.text();
    expect(checkoutHtml).toContain('Pago de prueba — modo local');
    expect(checkoutHtml).toContain('esto no es un pago real');
    expect(checkoutHtml).toContain('$330.000');
    expect(checkoutHtml).toContain(student.email);

    // "Pagar": the page sends signed events to the webhook, then returns to the success URL.
    const paid = await submit(`${checkoutUrl}/pagar`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/centro-estudio\/cuenta\?pago=exito$/);
    const premium = await record(token);
    expect(premium).toMatchObject({
      is_premium: true,
      stripe_customer_id: customerId,
      premium_status: 'active',
      premium_plan: 'yearly',
      premium_cancel_at_period_end: false,
    });
    expect(premium.stripe_subscription_id).toMatch(/^sub_local_/);
    const periodEnd = new Date(premium.premium_period_end as string);
    const inAYear = Date.now() + 365 * 24 * 3600 * 1000;
    expect(Math.abs(periodEnd.getTime() - inAYear)).toBeLessThan(2 * 24 * 3600 * 1000);
    const deliveries = paymentsLog().filter((entry) => entry.call === 'webhook');
    expect(deliveries.slice(-3).map((entry) => [entry.type, entry.status])).toEqual([
      ['customer.subscription.created', 200],
      ['invoice.paid', 200],
      ['checkout.session.completed', 200],
    ]);

    // Paying twice is refused; a second click on "Pagar" changes nothing.
    expect(
      (await apiCall(stack, 'POST', '/api/stripe/checkout', { token, body: { plan: 'monthly' } })).status,
    ).toBe(409);
    expect((await submit(`${checkoutUrl}/pagar`)).status).toBe(303);
    expect((await record(token)).stripe_subscription_id).toBe(premium.stripe_subscription_id);

    // The portal of the caller's own customer, where the subscription is cancelled.
    const portal = await apiCall(stack, 'POST', '/api/stripe/portal', { token });
    expect(portal.status).toBe(200);
    const portalUrl = (portal.body as { url: string }).url;
    const portalHtml = await (await fetch(portalUrl)).text();
    expect(portalHtml).toContain('Portal de suscripción — modo local');
    expect(portalHtml).toContain(String(premium.stripe_subscription_id));

    const scheduled = await submit(`${portalUrl}/cancelar-al-final`, {
      subscription: String(premium.stripe_subscription_id),
    });
    expect(scheduled.status).toBe(303);
    expect(await record(token)).toMatchObject({ is_premium: true, premium_cancel_at_period_end: true });

    const cancelled = await submit(`${portalUrl}/cancelar-ahora`, {
      subscription: String(premium.stripe_subscription_id),
    });
    expect(cancelled.status).toBe(303);
    expect(await record(token)).toMatchObject({
      is_premium: false,
      premium_status: 'canceled',
      stripe_customer_id: customerId,
    });
  });

  it('answers 400 to a webhook without a valid signature, and nothing changes', async () => {
    const student = await registeredStudent();
    const token = student.tokens.IdToken;
    const checkout = await apiCall(stack, 'POST', '/api/stripe/checkout', {
      token,
      body: { plan: 'monthly' },
    });
    expect(checkout.status).toBe(200);
    const before = await record(token);
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.created',
      data: {
        object: {
          id: 'sub_forged',
          object: 'subscription',
          customer: before.stripe_customer_id,
          status: 'active',
          items: { data: [] },
        },
      },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_platforms' });
    const attempts: Record<string, string>[] = [
      {},
      { 'stripe-signature': forged },
      { 'stripe-signature': 't=1,v1=00' },
    ];
    for (const headers of attempts) {
      const response = await apiCall(stack, 'POST', '/api/stripe/webhook', { body: payload, headers });
      expect({ headers, status: response.status }).toEqual({ headers, status: 400 });
    }
    expect(await record(token)).toEqual(before);
  });

  it('never lets a student set premium or Stripe ids through any route', async () => {
    const student = await registeredStudent();
    const token = student.tokens.IdToken;
    const premiumFields = {
      is_premium: true,
      stripe_customer_id: 'cus_attacker',
      stripe_subscription_id: 'sub_attacker',
      premium_status: 'active',
      premium_period_end: '2099-01-01T00:00:00.000Z',
    };
    /** A body each route otherwise accepts, so the premium fields are the only thing wrong with it. */
    const validBodies: Record<string, unknown> = {
      'POST /api/user/signup-v2': signUpBody(student.email),
      'POST /api/user': { hubspot_id: '123' },
      'POST /api/hubspot/submission/register': {
        fields: { ...signUpBody(student.email), hubspot_id: undefined },
        context: { pageUri: 'http://127.0.0.1/planes-y-precios', pageName: 'Planes' },
      },
      'PUT /api/hubspot/contact': { name: 'prueba_de_acceso_elegida', value: 'paes' },
      'POST /api/hubspot/ticket': { subject: 'Tutoría', content: 'Dudas' },
      'POST /api/stripe/checkout': { plan: 'yearly' },
      'POST /api/stripe/portal': {},
    };
    // The webhook answers only to Stripe's signature (tested above); deleting the account sets nothing.
    const skipped = new Set(['POST /api/stripe/webhook', 'DELETE /api/user/deleteAllData']);
    const writeRoutes = routes.filter((route) => route.method !== 'GET' && !skipped.has(routeKey(route)));
    expect(writeRoutes.length).toBeGreaterThanOrEqual(Object.keys(validBodies).length);
    for (const route of writeRoutes) {
      const key = routeKey(route);
      const valid = (validBodies[key] ?? {}) as Record<string, unknown>;
      const routePath = route.path.replace(/\{\w+\}/g, 'x');
      for (const body of [{ ...valid, ...premiumFields }, { ...valid, is_premium: true }, premiumFields]) {
        await apiCall(stack, route.method, `${routePath}?is_premium=true&course=paes`, { token, body });
      }
      expect({ key, record: await record(token) }).toMatchObject({
        key,
        record: {
          is_premium: false,
          stripe_subscription_id: null,
          premium_status: null,
          premium_period_end: null,
        },
      });
      const customer = (await record(token)).stripe_customer_id;
      expect({ key, customer }).not.toEqual({ key, customer: 'cus_attacker' });
    }
  });
});
