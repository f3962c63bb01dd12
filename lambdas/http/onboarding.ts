/** `POST /api/onboarding` (lambdas/services/onboarding.ts). */
import { onboardingBody } from '@core/api/onboarding';
import { createModuleHandler, ok, userOperation } from '../lib/handler';
import { saveOnboarding } from '../services/onboarding';

export const operations = {
  saveOnboarding: userOperation({
    body: onboardingBody,
    run: async ({ caller, body }) => ok(await saveOnboarding(caller, body.onboarding)),
  }),
};

export const handler = createModuleHandler('onboarding', operations);
