/**
 * Business constants of the product specification (section 9), reproduced exactly and kept in
 * one place so every rule reads them from here.
 */
export const FREE_TIER = {
  lessons: 3,
  quizzes: 3,
  exams: 1,
  tutoringHoursPerMonth: 1,
  tutoringHoursPerYear: 12,
} as const;

/** A subject counts as fully opened at this many lessons (free-tier advance rule). */
export const LESSONS_TO_OPEN_SUBJECT = 3;

export const PREMIUM_PRICES_CLP = {
  yearly: { amount: 330_000, months: 12 },
  monthly: { amount: 82_500, months: 1 },
} as const;

export const PROMOTION = { active: false, nominalDiscountPercent: 70, endDate: '2022-10-26' } as const;

export const TARGET_POINTS = {
  paes: { min: 100, max: 1000 },
  pdt: { min: 0, max: 850 },
} as const;

export const MAX_EXAM_MINUTES = 120;
/**
 * How long after an attempt's deadline its answers are still accepted: the browser submits by
 * itself at zero, and this covers that request and one retry on a slow connection.
 */
export const EXAM_SUBMISSION_GRACE_MS = 120_000;
export const CRM_CONTACT_ID_RETRIES = 4;
export const PASSWORD_MIN_LENGTH = 8;

export const COURSES = ['paes', 'pdt'] as const;
export type Course = (typeof COURSES)[number];
