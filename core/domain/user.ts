import type { UserRecord } from '../api/user';
import { FREE_TIER } from './constants';

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
