/**
 * Stripe redelivering events, during the load: a few students pay on the local checkout page
 * (which sends the signed events once), then every event is sent again several times at once and
 * again later — same id, same payload, a fresh signature — through the local Stripe stand-in's
 * resend (scripts/local/payments.ts), as Stripe does when it did not see a 2xx in time.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { HANDLED_EVENTS } from '../../lambdas/services/subscription';
import type { StackInfo } from '../local/stack';
import { api, type LoadStudent } from './students';
import { type Check, documentClient } from './verify';

interface WebhookLogEntry {
  call: string;
  eventId?: string;
  type?: string;
  status?: number;
  redelivery?: boolean;
  customerId?: string;
}

export interface PaidStudent {
  student: LoadStudent;
  customerId: string;
  events: { id: string; type: string }[];
}

export interface RedeliveryRun {
  paid: PaidStudent[];
  /** Answers of the webhook to every redelivery, by event id. */
  answers: Map<string, unknown[]>;
}

const paymentsLog = (stack: StackInfo): WebhookLogEntry[] => {
  const file = path.join(stack.logDir, 'payments-log.jsonl');
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as WebhookLogEntry)
    : [];
};

async function pay(stack: StackInfo, student: LoadStudent): Promise<PaidStudent> {
  const checkout = await api(stack, 'POST', '/api/stripe/checkout', student.idToken, { plan: 'monthly' });
  if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}`);
  const url = (checkout.body as { url: string }).url;
  const before = new Set(paymentsLog(stack).flatMap((e) => (e.call === 'webhook' ? [e.eventId] : [])));
  const paid = await fetch(`${url}/pagar`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`the local checkout answered ${paid.status}`);
  const events = paymentsLog(stack)
    .filter((e) => e.call === 'webhook' && e.eventId && !before.has(e.eventId) && !e.redelivery)
    .map((e) => ({ id: String(e.eventId), type: String(e.type) }));
  const record = await api(stack, 'GET', '/api/user', student.idToken);
  const customerId = String((record.body as { stripe_customer_id: string }).stripe_customer_id);
  return { student, customerId, events };
}

async function resend(stack: StackInfo, eventId: string): Promise<unknown> {
  const response = await fetch(`${stack.paymentsUrl}/events/${eventId}/reenviar`, { method: 'POST' });
  return ((await response.json()) as { answer: unknown }).answer;
}

/** Pays for `payers` students one after the other, then redelivers each event `copies` times at once, twice. */
export async function redeliverStripeEvents(
  stack: StackInfo,
  payers: LoadStudent[],
  copies: number,
): Promise<RedeliveryRun> {
  if (!stack.paymentsUrl) throw new Error('the local stack runs without its Stripe stand-in');
  const paid: PaidStudent[] = [];
  for (const student of payers) paid.push(await pay(stack, student));
  const answers = new Map<string, unknown[]>();
  const events = paid.flatMap((p) => p.events);
  for (const round of [events, [...events].reverse()]) {
    await Promise.all(
      round.map(async (event) => {
        const results = await Promise.all(Array.from({ length: copies }, () => resend(stack, event.id)));
        answers.set(event.id, [...(answers.get(event.id) ?? []), ...results]);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { paid, answers };
}

export async function verifyRedelivery(stack: StackInfo, run: RedeliveryRun): Promise<Check[]> {
  const db = documentClient(stack);
  const problems = {
    recorded: [] as string[],
    duplicates: [] as string[],
    processedOnce: [] as string[],
    premium: [] as string[],
  };
  const log = paymentsLog(stack);
  for (const { student, customerId, events } of run.paid) {
    const handled = events.filter((e) => HANDLED_EVENTS.has(e.type));
    for (const event of events) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: stack.tables.events,
          Key: { pk: `STRIPE#${event.id}` },
          ConsistentRead: true,
        }),
      );
      if (HANDLED_EVENTS.has(event.type) !== Boolean(Item))
        problems.recorded.push(`${event.type} ${event.id}`);
      const expected = HANDLED_EVENTS.has(event.type)
        ? { received: true, duplicate: true }
        : { received: true, ignored: true };
      const answers = run.answers.get(event.id) ?? [];
      const wrong = answers.filter((answer) => JSON.stringify(answer) !== JSON.stringify(expected));
      if (wrong.length > 0) problems.duplicates.push(`${event.id}: ${JSON.stringify(wrong[0])}`);
    }
    // The webhook reads Stripe once per event it processes: more reads would mean a redelivery was processed.
    const reads = log.filter((e) => e.call === 'listSubscriptions' && e.customerId === customerId).length;
    if (reads !== handled.length)
      problems.processedOnce.push(`${customerId}: ${reads} reads for ${handled.length} events`);
    const record = (await api(stack, 'GET', '/api/user', student.idToken)).body as Record<string, unknown>;
    if (record.is_premium !== true || record.premium_status !== 'active') {
      problems.premium.push(`#${student.index}: ${record.is_premium} ${record.premium_status}`);
    }
  }
  db.destroy();
  const redeliveries = [...run.answers.values()].reduce((n, list) => n + list.length, 0);
  return [
    {
      name: `Stripe: each handled event recorded once in the events table (${run.paid.length} payments)`,
      ok: problems.recorded.length === 0,
      detail: problems.recorded.join('; '),
    },
    {
      name: `Stripe: all ${redeliveries} redeliveries answered 200 as duplicates (or ignored types)`,
      ok: problems.duplicates.length === 0,
      detail: problems.duplicates.slice(0, 3).join('; '),
    },
    {
      name: 'Stripe: each event processed once (one subscription read per handled event)',
      ok: problems.processedOnce.length === 0,
      detail: problems.processedOnce.join('; '),
    },
    {
      name: 'Stripe: every payer premium and active afterwards',
      ok: problems.premium.length === 0,
      detail: problems.premium.join('; '),
    },
  ];
}
