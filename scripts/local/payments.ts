/**
 * Stripe's hosted pages, locally (no keys): a checkout page where "Pagar" completes the session
 * and a portal where the subscription can be cancelled. Each action changes the local Stripe
 * state (./paymentsStandIn.ts) and sends the events Stripe would send, signed
 * with the local webhook secret by the Stripe library, to the real webhook endpoint of the API.
 * Nothing here is ever deployed; it binds to 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PREMIUM_PLANS, type PremiumPlan } from '@core/domain/subscription';
import Stripe from 'stripe';
import { secretConfigured } from '../../lambdas/lib/secrets';
import { appendLocalLog } from './localLog';
import {
  epochSeconds,
  LOCAL_PRICE_IDS,
  type LocalCheckoutSession,
  type LocalSubscription,
  localId,
  localPrice,
  readLocalStripe,
  updateLocalStripe,
} from './paymentsStandIn';

export interface LocalPaymentsPages {
  url: string;
  webhookSecret: string;
  close(): Promise<void>;
}

const PLAN_NAMES: Record<PremiumPlan, string> = { monthly: 'Plan mensual', yearly: 'Plan anual' };
const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' });
const longDate = new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeZone: 'America/Santiago' });

/**
 * Starts the local pages unless a Stripe secret key is configured (then Stripe itself is used).
 * Sets what the handlers read: the local webhook secret, the local price ids and the pages' URL.
 */
export async function startLocalPayments(options: {
  apiUrl: string;
  port?: number;
  host?: string;
}): Promise<LocalPaymentsPages | null> {
  if (secretConfigured('STRIPE_SECRET_KEY')) return null;
  process.env.STRIPE_WEBHOOK_SECRET ||= `whsec_local_${randomBytes(24).toString('hex')}`;
  process.env.STRIPE_PRICE_MONTHLY ||= LOCAL_PRICE_IDS.monthly;
  process.env.STRIPE_PRICE_YEARLY ||= LOCAL_PRICE_IDS.yearly;
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
  const host = options.host ?? '127.0.0.1';
  const webhookUrl = `${options.apiUrl}/api/stripe/webhook`;

  const server = createServer((req, res) => {
    route(req, res).catch((error) => {
      console.error('[payments] the local payments page failed', error);
      page(res, 500, 'Error', `<p>${escapeHtml((error as Error).message)}</p>`);
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const [kind, id, action] = url.pathname.split('/').filter(Boolean);
    if (kind === 'checkout' && id) {
      if (method === 'GET' && !action) return checkoutPage(res, id);
      if (method === 'POST' && action === 'pagar') return pay(res, id);
    }
    if (kind === 'portal' && id) {
      if (method === 'GET' && !action) return portalPage(res, id, url.searchParams.get('aviso'));
      if (method === 'POST' && action) return portalAction(req, res, id, action);
    }
    if (kind === 'events' && id && method === 'POST' && action === 'reenviar') return resend(res, id);
    page(res, 404, 'No encontrado', '<p>Esta página de pago de prueba no existe.</p>');
  }

  function checkoutPage(res: ServerResponse, id: string) {
    const session = readLocalStripe().checkoutSessions[id];
    if (!session) return page(res, 404, 'Sesión de pago no encontrada', '<p>La sesión no existe.</p>');
    if (session.status !== 'open') {
      return page(
        res,
        200,
        'Pago de prueba — modo local',
        `<p>Esta sesión de pago ya fue completada.</p><p><a class="button" href="${escapeHtml(session.success_url)}">Volver a Preu PAES</a></p>`,
      );
    }
    const plan = planOf(session);
    const price = localPrice(session.price);
    const customer = readLocalStripe().customers[session.customer];
    const months = price?.recurring.interval_count ?? 1;
    page(
      res,
      200,
      'Pago de prueba — modo local',
      `<section class="summary">
        <p class="label">Suscripción</p>
        <h2>${plan ? PLAN_NAMES[plan] : escapeHtml(session.price)} — Preu PAES Premium</h2>
        <p class="amount">${clp.format(session.amount_total)}</p>
        <p>${months === 1 ? 'Se cobra cada mes' : `Se cobra cada ${months} meses`}${
          session.discount_percent ? ` · ${session.discount_percent}% de descuento` : ''
        }</p>
        <p>Cuenta: ${escapeHtml(customer?.email ?? session.customer)}</p>
      </section>
      <p>Al pulsar «Pagar» se simula un pago aprobado: la plataforma recibe los mismos eventos firmados
      que enviaría Stripe y activa el plan.</p>
      <form method="post" action="/checkout/${escapeHtml(id)}/pagar">
        <button type="submit" class="button">Pagar</button>
      </form>
      <p><a href="${escapeHtml(session.cancel_url)}">Cancelar y volver</a></p>`,
    );
  }

  async function pay(res: ServerResponse, id: string) {
    const outcome = updateLocalStripe((state) => {
      const session = state.checkoutSessions[id];
      if (!session) return null;
      if (session.status !== 'open') return { session, events: [] };
      const price = localPrice(session.price);
      if (!price) throw new Error(`Unknown local price ${session.price}`);
      const start = new Date();
      const subscription: LocalSubscription = {
        id: localId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        created: epochSeconds(start),
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        metadata: session.metadata,
        items: {
          object: 'list',
          data: [
            {
              id: localId('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              current_period_start: epochSeconds(start),
              current_period_end: epochSeconds(addMonths(start, price.recurring.interval_count)),
            },
          ],
        },
      };
      state.subscriptions[subscription.id] = subscription;
      session.status = 'complete';
      session.payment_status = 'paid';
      session.subscription = subscription.id;
      const invoice = {
        id: localId('in'),
        object: 'invoice',
        customer: session.customer,
        status: 'paid',
        currency: 'clp',
        amount_paid: session.amount_total,
        billing_reason: 'subscription_create',
      };
      return {
        session,
        // The events Stripe sends for a paid subscription checkout (invoice.paid is not handled: it is ignored).
        events: [
          stripeEvent('customer.subscription.created', subscription),
          stripeEvent('invoice.paid', invoice),
          stripeEvent('checkout.session.completed', session),
        ],
      };
    });
    if (!outcome) return page(res, 404, 'Sesión de pago no encontrada', '<p>La sesión no existe.</p>');
    await emit(outcome.events);
    redirect(res, outcome.session.success_url);
  }

  function portalPage(res: ServerResponse, id: string, notice: string | null) {
    const state = readLocalStripe();
    const session = state.portalSessions[id];
    if (!session) return page(res, 404, 'Portal no encontrado', '<p>La sesión del portal no existe.</p>');
    const subscriptions = Object.values(state.subscriptions)
      .filter((subscription) => subscription.customer === session.customer)
      .sort((a, b) => b.created - a.created);
    const rows = subscriptions.map((subscription) => subscriptionCard(id, subscription)).join('');
    page(
      res,
      200,
      'Portal de suscripción — modo local',
      `${notice ? `<p class="notice" role="status">${escapeHtml(NOTICES[notice] ?? '')}</p>` : ''}
      <p>Cuenta: ${escapeHtml(state.customers[session.customer]?.email ?? session.customer)}</p>
      ${rows || '<p>No tienes suscripciones.</p>'}
      <p><a class="button button--secondary" href="${escapeHtml(session.return_url)}">Volver a Preu PAES</a></p>`,
    );
  }

  async function portalAction(req: IncomingMessage, res: ServerResponse, id: string, action: string) {
    const form = new URLSearchParams(await readBody(req));
    const subscriptionId = form.get('subscription') ?? '';
    const outcome = updateLocalStripe((state) => {
      const session = state.portalSessions[id];
      const subscription = state.subscriptions[subscriptionId];
      if (!session || !subscription || subscription.customer !== session.customer) return null;
      if (subscription.status === 'canceled') return { events: [], notice: 'cancelada' };
      if (action === 'cancelar-ahora') {
        subscription.status = 'canceled';
        subscription.canceled_at = epochSeconds();
        subscription.ended_at = epochSeconds();
        return { events: [stripeEvent('customer.subscription.deleted', subscription)], notice: 'cancelada' };
      }
      if (action === 'cancelar-al-final' || action === 'reanudar') {
        subscription.cancel_at_period_end = action === 'cancelar-al-final';
        return {
          events: [stripeEvent('customer.subscription.updated', subscription)],
          notice: action === 'reanudar' ? 'reanudada' : 'programada',
        };
      }
      return null;
    });
    if (!outcome) return page(res, 400, 'Acción no válida', '<p>No se pudo realizar la acción.</p>');
    await emit(outcome.events);
    redirect(res, `/portal/${encodeURIComponent(id)}?aviso=${outcome.notice}`);
  }

  /** Every event sent, by id, so it can be sent again as Stripe redelivers (local only). */
  const sentEvents = new Map<string, Record<string, unknown>>();

  /** Posts one event to the webhook, signed as Stripe signs it; retried a few times like Stripe. */
  async function deliver(
    event: Record<string, unknown>,
    redelivery = false,
  ): Promise<{ status: number; answer: unknown }> {
    sentEvents.set(String(event.id), event);
    const payload = JSON.stringify(event);
    let status = 0;
    let answer: unknown = null;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      }).catch(() => null);
      status = response?.status ?? 0;
      answer = await response?.json().catch(() => null);
      if (response?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
    appendLocalLog('payments-log.jsonl', {
      call: 'webhook',
      eventId: event.id,
      type: event.type,
      status,
      ...(redelivery ? { redelivery: true } : {}),
    });
    return { status, answer };
  }

  async function emit(events: Record<string, unknown>[]) {
    for (const event of events) {
      const { status } = await deliver(event);
      if (status < 200 || status >= 300) {
        throw new Error(`The webhook answered ${status} to ${String(event.type)}`);
      }
    }
  }

  /**
   * `POST /events/<id>/reenviar`: sends an event already sent once more, same id and payload with a
   * fresh signature, as Stripe does when it redelivers (its dashboard's "Resend"). Local only.
   */
  async function resend(res: ServerResponse, id: string) {
    const event = sentEvents.get(id);
    if (!event) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'No such event' }));
      return;
    }
    const { status, answer } = await deliver(event, true);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ eventId: id, type: event.type, status, answer }));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  process.env.LOCAL_PAYMENTS_URL = url;
  return {
    url,
    webhookSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const NOTICES: Record<string, string> = {
  cancelada: 'Tu suscripción fue cancelada.',
  programada: 'Tu suscripción se cancelará al final del período pagado.',
  reanudada: 'Tu suscripción se renovará normalmente.',
};

const STATUS_NAMES: Record<string, string> = {
  active: 'Activa',
  trialing: 'En prueba',
  past_due: 'Pago pendiente',
  canceled: 'Cancelada',
  unpaid: 'Impaga',
};

function subscriptionCard(portalId: string, subscription: LocalSubscription): string {
  const item = subscription.items.data[0];
  const plan = PREMIUM_PLANS.find((candidate) => LOCAL_PRICE_IDS[candidate] === item?.price.id);
  const end = item ? longDate.format(new Date(item.current_period_end * 1000)) : '';
  const action = (name: string, label: string, kind = 'secondary') =>
    `<form method="post" action="/portal/${escapeHtml(portalId)}/${name}">
      <input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
      <button type="submit" class="button button--${kind}">${label}</button>
    </form>`;
  const active = subscription.status !== 'canceled';
  return `<section class="summary">
    <h2>${plan ? PLAN_NAMES[plan] : 'Suscripción'} — ${STATUS_NAMES[subscription.status] ?? escapeHtml(subscription.status)}</h2>
    ${item ? `<p>${clp.format(item.price.unit_amount)}</p>` : ''}
    ${
      active
        ? `<p>${subscription.cancel_at_period_end ? 'Termina el' : 'Se renueva el'} ${end}</p>
           <div class="actions">
             ${
               subscription.cancel_at_period_end
                 ? action('reanudar', 'Reanudar suscripción')
                 : action('cancelar-al-final', 'Cancelar al final del período')
             }
             ${action('cancelar-ahora', 'Cancelar ahora', 'danger')}
           </div>`
        : ''
    }
  </section>`;
}

function stripeEvent(type: string, object: object): Record<string, unknown> {
  return {
    id: localId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: epochSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    // A copy: later changes to the state must not alter an event already sent.
    data: { object: structuredClone(object) },
  };
}

function planOf(session: LocalCheckoutSession): PremiumPlan | null {
  return PREMIUM_PLANS.find((plan) => LOCAL_PRICE_IDS[plan] === session.price) ?? null;
}

/** Calendar months, as Stripe bills them (31 Jan + 1 month = end of February). */
function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html>
<html lang="es-CL">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f7fb; color: #1b1f2a; line-height: 1.5; }
  .banner { background: #ffd24a; padding: 0.75rem 1.25rem; font-weight: 600; text-align: center; }
  main { max-width: 480px; margin: 1.5rem auto; padding: 0 1.25rem; }
  .summary { background: #fff; border: 1px solid #dde1ea; border-radius: 10px; padding: 1rem 1.25rem; margin: 1rem 0; }
  .summary h2 { margin: 0.25rem 0; font-size: 1.15rem; }
  .label { margin: 0; color: #5a6275; font-size: 0.9rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.25rem 0; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  .button { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: 0.6rem 1.2rem; border-radius: 10px; border: 1px solid transparent;
    background: #1d3f8f; color: #fff; font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; }
  form > .button[type=submit]:only-child { width: 100%; }
  .button--secondary { background: #fff; color: #1d3f8f; border-color: #1d3f8f; }
  .button--danger { background: #b42318; }
  .notice { background: #e7f4ec; border: 1px solid #1e7a46; border-radius: 10px; padding: 0.75rem 1rem; }
  a { color: #1d3f8f; }
</style>
</head>
<body>
<p class="banner">Modo local — esto no es un pago real. No se cobra nada ni se piden datos de tarjeta.</p>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`);
}
