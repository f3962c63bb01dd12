/** Pure rules of the tutoring screen: the form's draft, its validation and the dates it shows. */
import { addDays, chileDate } from '@core/domain/chileTime';
import {
  optionIsFilled,
  SCHEDULE_OPTION_KEYS,
  type ScheduleOption,
  type ScheduleOptionKey,
  TUTORING_REQUEST_LIMITS,
  type TutoringField,
  type TutoringRequestInput,
  validateTutoringRequest,
} from '@core/domain/tutoring';
import { tutoringText } from '../../i18n/tutoring';

export interface TutoringDraft {
  options: Record<ScheduleOptionKey, ScheduleOption>;
  doubts: string;
}

export type DraftErrors = Partial<Record<TutoringField, string>>;

export const emptyDraft = (): TutoringDraft => ({
  options: {
    A: { date: '', start: '', end: '' },
    B: { date: '', start: '', end: '' },
    C: { date: '', start: '', end: '' },
  },
  doubts: '',
});

/** The body of `POST /api/tutorial`: B and C only when the student filled them in. */
export function toRequestBody(draft: TutoringDraft): TutoringRequestInput {
  const trimmed = (option: ScheduleOption): ScheduleOption => ({
    date: option.date.trim(),
    start: option.start.trim(),
    end: option.end.trim(),
  });
  const { A, B, C } = draft.options;
  return {
    scheduleOptions: {
      A: trimmed(A),
      B: optionIsFilled(B) ? trimmed(B) : null,
      C: optionIsFilled(C) ? trimmed(C) : null,
    },
    doubts: draft.doubts.trim(),
  };
}

/** The same rules the server applies, worded for the form. */
export function validateDraft(draft: TutoringDraft, now: Date): DraftErrors {
  const problems = validateTutoringRequest({ scheduleOptions: draft.options, doubts: draft.doubts }, now);
  const errors: DraftErrors = {};
  for (const [field, problem] of Object.entries(problems) as [
    TutoringField,
    keyof typeof tutoringText.problems,
  ][]) {
    errors[field] = tutoringText.problems[problem];
  }
  return errors;
}

/** The days a date field offers: today to 60 days ahead, in Chile. */
export function dateBounds(now: Date): { min: string; max: string } {
  const today = chileDate(now);
  return { min: today, max: addDays(today, TUTORING_REQUEST_LIMITS.maxDaysAhead) };
}

export const optionKeys = SCHEDULE_OPTION_KEYS;
