/**
 * The user routes' requests (lambdas/http/user.ts validates with these) and their answers: the
 * student's record in the field names of the specification (section 3).
 */
import * as z from 'zod';
import { COURSES, type Course } from '../domain/constants';
import type { CourseProgress } from '../domain/lessonProgress';
import type { PremiumPlan, SubscriptionStatus } from '../domain/subscription';
import { chileanMobile } from './crm';

const name = z.string().trim().min(1).max(80);
const hubspotId = z.string().regex(/^\d{1,20}$/, 'debe ser el id numérico del contacto');
const slug = z
  .string()
  .trim()
  .max(120)
  .regex(/^[a-z0-9]+(?:[_-][a-z0-9]+)*$/, 'debe ser un identificador de contenido');

/** `POST /api/user/signup-v2`. */
export const signUpBody = z
  .object({
    firstname: name,
    lastname: name,
    email: z.string().trim().email().max(254),
    phone: chileanMobile,
    username: z.string().min(1).max(400),
    pathname: z.string().max(200).default('/'),
    hubspot_id: hubspotId.nullable().optional(),
  })
  .strict();

/** `?course=` of `POST /api/user`: optional, lowercased (spec section 7). */
export const courseQuery = z.object({
  course: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() || undefined)
    .pipe(z.enum(COURSES).optional()),
});

/**
 * The progress the browser sends (spec shape). Only which submodules are complete is read: lesson
 * and subject flags, percentages and the allowance are recomputed on the server from the content
 * and the stored item, so a crafted value changes nothing.
 */
export const progressInput = z.object({
  subjects: z
    .array(
      z.object({
        id: slug,
        progress_percent: z.number().optional(),
        complete: z.boolean().optional(),
        lessons: z
          .array(
            z.object({
              id: slug,
              complete: z.boolean().optional(),
              submodules: z.array(z.object({ id: slug, complete: z.boolean() })).max(50),
            }),
          )
          .max(50),
      }),
    )
    .max(30),
  /** Ignored: the allowance is the server's. */
  maxLessonsAvailable: z.number().optional(),
});

/**
 * `POST /api/user?course=`: only these fields may be set by the student (premium, counters and
 * Stripe ids never). `progress` is saved on its own, merged and checked against the free allowance.
 */
export const updateBody = z
  .object({
    email_verified: z.literal(true).optional(),
    hubspot_id: hubspotId.optional(),
    progress: progressInput.optional(),
  })
  .strict()
  .refine(
    (body) =>
      body.progress !== undefined
        ? body.email_verified === undefined && body.hubspot_id === undefined
        : body.email_verified !== undefined || body.hubspot_id !== undefined,
    { message: 'indica email_verified o hubspot_id, o bien solo progress' },
  );

/** `POST /api/user/lastLesson`: `subjectId/lessonId`, optionally `/submoduleId`. */
export const lastLessonBody = z
  .object({
    lastLesson: z
      .string()
      .trim()
      .max(400)
      .regex(
        /^[a-z0-9]+(?:[_-][a-z0-9]+)*\/[a-z0-9]+(?:[_-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[_-][a-z0-9]+)*)?$/,
        'debe tener la forma asignatura/lección o asignatura/lección/submódulo',
      ),
  })
  .strict();

/** `DELETE /api/user/deleteAllData`: the browser sends the ids it knows; the server uses only the ones it stored. */
export const deleteBody = z
  .object({
    hsContactId: z.union([z.string(), z.number()]).nullable().optional(),
    stripeCustomerId: z.string().nullable().optional(),
  })
  .strict()
  .optional();

export type SignUpBody = z.input<typeof signUpBody>;
export type UserUpdateBody = z.input<typeof updateBody>;
export type ProgressInput = z.infer<typeof progressInput>;
export type LastLessonBody = z.input<typeof lastLessonBody>;
export type DeleteDataBody = z.input<typeof deleteBody>;

/** What the student chose during onboarding (empty until they do). */
export interface Onboarding {
  course?: Course;
  selectedTests?: string[];
  profile?: string;
  date?: string;
  targetPoints?: number;
}

/** The answer of every user route but export and delete: the record of spec section 3. */
export interface UserRecord {
  is_premium: boolean;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /**
   * The subscription behind is_premium, written only by the Stripe webhook (docs/data-model.md).
   * The API always sends them; optional so that records built before they existed still type-check.
   */
  premium_status?: SubscriptionStatus | null;
  premium_plan?: PremiumPlan | null;
  /** ISO date-time: the end of the paid period (renewal date, or the last day after a cancellation). */
  premium_period_end?: string | null;
  premium_cancel_at_period_end?: boolean;
  exams_available: number;
  tutorials_available: number;
  hubspot_id: string | null;
  last_lesson: string | null;
  /** Lesson progress of the study centre (spec section 3, "Course"; core/domain/lessonProgress.ts). */
  progress: CourseProgress;
  onboarding: Onboarding;
  email_verified: boolean;
}

/** `DELETE /api/user/deleteAllData`: how many items were deleted. */
export interface DeletedData {
  deleted: number;
}

/** `GET /api/user/export` (a JSON download; Ley 21.719). */
export interface UserDataExport {
  exportedAt: string;
  account: {
    sub: string;
    email: string;
    name: string | null;
    given_name: string | null;
    family_name: string | null;
    phone_number: string | null;
  };
  items: ({ type: string | undefined; key: unknown } & Record<string, unknown>)[];
}
