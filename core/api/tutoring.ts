/** The tutoring routes' requests (lambdas/http/tutorial.ts validates with these) and their answers. */
import * as z from 'zod';
import { TIME_ORDERED_ID } from '../domain/ids';

import type { ScheduleOptions, TutoringState } from '../domain/tutoring';

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

/** A stored request as the student sees it. */
export interface TutoringRequestView {
  id: string;
  state: TutoringState;
  scheduleOptions: ScheduleOptions;
  doubts: string;
  createdAt: string;
  /** The time an operator agreed with the student (state `agendada` or `realizada`). */
  scheduledAt: string | null;
  cancelledAt: string | null;
  /** Whether the student may still cancel it (see `canStudentCancel`). */
  cancellable: boolean;
}

/** `GET /api/tutorial`, and the answer of a request or a cancel. */
export interface TutoringOverview {
  tutorials: TutoringRequestView[];
  tutorials_available: number;
  /** When the allowance renews (ISO instant: the start of next month in Chile). */
  end_date: string;
}

/** The answer of a request or a cancel: the request and the allowance after it. */
export type TutoringChange = Omit<TutoringOverview, 'tutorials'> & { tutorial: TutoringRequestView };
