import { type Course, FREE_TIER } from './constants';
import type { CourseProgress } from './lessonProgress';
import type { PremiumPlan, SubscriptionStatus } from './subscription';

/** What the student chose during onboarding (empty until they do). */
export interface Onboarding {
  course?: Course;
  selectedTests?: string[];
  profile?: string;
  date?: string;
  targetPoints?: number;
}

/** Lesson progress of the study centre (spec section 3, "Course"; lambdas/domain/lessonProgress.ts). */
export type LessonProgress = CourseProgress;

/** The server user record, in the field names of the specification (section 3). */
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
  progress: LessonProgress;
  onboarding: Onboarding;
  email_verified: boolean;
}

/** The record a new student starts with: the free tier of spec section 9. */
export function newUserRecord(): UserRecord {
  return {
    is_premium: false,
    stripe_customer_id: null,
    stripe_subscription_id: null,
    premium_status: null,
    premium_plan: null,
    premium_period_end: null,
    premium_cancel_at_period_end: false,
    exams_available: FREE_TIER.exams,
    tutorials_available: FREE_TIER.tutoringHoursPerMonth,
    hubspot_id: null,
    last_lesson: null,
    progress: { subjects: [], maxLessonsAvailable: FREE_TIER.lessons },
    onboarding: {},
    email_verified: false,
  };
}
