import type { Course } from './constants';

/** What the student chose during onboarding (empty until they do). */
export interface Onboarding {
  course?: Course;
  selectedTests?: string[];
  profile?: string;
  date?: string;
  targetPoints?: number;
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
  progress: unknown;
  onboarding: Onboarding;
}
