import { type Course, FREE_TIER } from './constants';

/** What the student chose during onboarding (empty until they do). */
export interface Onboarding {
  course?: Course;
  selectedTests?: string[];
  profile?: string;
  date?: string;
  targetPoints?: number;
}

/** Lesson progress of the study centre (spec section 3, "Course"). */
export interface LessonProgress {
  subjects: unknown[];
  maxLessonsAvailable: number;
}

/** The server user record, in the field names of the specification (section 3). */
export interface UserRecord {
  is_premium: boolean;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
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
    exams_available: FREE_TIER.exams,
    tutorials_available: FREE_TIER.tutoringHoursPerMonth,
    hubspot_id: null,
    last_lesson: null,
    progress: { subjects: [], maxLessonsAvailable: FREE_TIER.lessons },
    onboarding: {},
    email_verified: false,
  };
}
