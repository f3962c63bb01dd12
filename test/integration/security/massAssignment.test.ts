/**
 * Mass assignment: whatever a student sends to any route, their premium flag, counters and
 * Stripe ids stay as the server set them (only the Stripe webhook and the server's own rules
 * change those), and the CRM id changes only through POST /api/user.
 */

import { usernameFromEmail } from '@core/domain/username';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routeKey, routes } from '../../../lambdas/routes';
import { apiCall, createStudent } from '../../helpers/localUsers';

const stack = inject('stack');

const privileged = {
  is_premium: true,
  exams_available: 999,
  tutorials_available: 999,
  stripe_customer_id: 'cus_attacker',
  stripe_subscription_id: 'sub_attacker',
  hubspot_id: '666',
  email_verified: true,
};

/** Routes a student may call with a body; account deletion and sign-up creation are left out on purpose. */
const targets = routes.filter(
  (route) =>
    route.access === 'user' &&
    route.method !== 'GET' &&
    !['DELETE /api/user/deleteAllData', 'POST /api/user/signup-v2'].includes(routeKey(route)),
);

let student: Awaited<ReturnType<typeof createStudent>>;
let before: Record<string, unknown>;

beforeAll(async () => {
  student = await createStudent(stack);
  await apiCall(stack, 'POST', '/api/user/signup-v2', {
    token: student.tokens.IdToken,
    body: {
      firstname: 'Eva',
      lastname: 'Lagos',
      email: student.email,
      phone: '+56955554444',
      username: usernameFromEmail(student.email),
      pathname: '/registro',
      hubspot_id: null,
    },
  });
  before = (await apiCall(stack, 'GET', '/api/user', { token: student.tokens.IdToken })).body as Record<
    string,
    unknown
  >;
});

describe('mass assignment', () => {
  it('has routes to try', () => {
    expect(targets.length).toBeGreaterThan(0);
  });

  it.each(targets.map((route) => [routeKey(route), route] as const))(
    '%s cannot raise premium, counters or Stripe ids',
    async (_key, route) => {
      const path = route.path.replace(/\{\w+\}/g, 'paes_competencia_matematica_m1');
      for (const body of [
        privileged,
        { ...privileged, progress: { subjects: [] } },
        { onboarding: privileged, ...privileged },
      ]) {
        await apiCall(stack, route.method, path, { token: student.tokens.IdToken, body });
      }
      const after = (await apiCall(stack, 'GET', '/api/user', { token: student.tokens.IdToken }))
        .body as Record<string, unknown>;
      // Counters may go down through their own rules (starting an exam uses one), never up.
      for (const field of ['exams_available', 'tutorials_available']) {
        expect(after[field] as number, field).toBeLessThanOrEqual(before[field] as number);
      }
      for (const field of ['is_premium', 'stripe_customer_id', 'stripe_subscription_id']) {
        expect({ field, value: after[field] }).toEqual({ field, value: before[field] });
      }
      if (routeKey(route) !== 'POST /api/user') expect(after.hubspot_id).toBe(before.hubspot_id);
    },
  );
});
