/** The tutoring routes' requests (lambdas/http/tutorial.ts validates with these) and their answers. */
import * as z from 'zod';
import { TIME_ORDERED_ID } from '../domain/ids';

export type { TutorialView, TutoringOverview } from '../domain/tutoring';

const clock = z.string().trim().max(5);
const option = z.object({ date: z.string().trim().max(10), start: clock, end: clock }).strict();

export const requestBody = z
  .object({
    scheduleOptions: z
      .object({ A: option, B: option.nullable().optional(), C: option.nullable().optional() })
      .strict(),
    doubts: z.string().max(5000),
  })
  .strict();

export const cancelPath = z.object({ id: z.string().regex(TIME_ORDERED_ID, 'no es un id de tutoría') });

export type TutoringRequestBody = z.infer<typeof requestBody>;
