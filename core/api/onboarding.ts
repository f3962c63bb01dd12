/** The onboarding route's request (lambdas/http/onboarding.ts validates with it). */
import * as z from 'zod';
import { COURSES } from '../domain/constants';

const slug = z.string().trim().min(1).max(80);

/** The spec's payload: `{ onboarding: { course, selectedTests, profile, date, targetPoints } }`. */
export const onboardingBody = z
  .object({
    onboarding: z
      .object({
        course: z
          .string()
          .transform((value) => value.trim().toLowerCase())
          .pipe(z.enum(COURSES)),
        selectedTests: z.array(slug).max(20),
        profile: slug,
        date: slug,
        targetPoints: z.number(),
      })
      .strict(),
  })
  .strict();

/** What the browser sends (the server reads it parsed, as core/domain/onboarding.ts's `OnboardingChoice`). */
export type OnboardingBody = z.input<typeof onboardingBody>;
