/**
 * The web app's dates in Spanish and in Chile's calendar, whatever the browser's zone. Formatters
 * are made on first use: building one loads locale data, and most first pages show no date.
 * Date-times of a tutoring request use core's `describeInstant`/`describeOption`, as its CRM
 * ticket does; the exam screens' compact formats are in web/src/i18n/exam.ts.
 */
import { CHILE_TIME_ZONE } from '@core/domain/chileTime';

const longDay = (timeZone: string) =>
  new Intl.DateTimeFormat('es-CL', { day: 'numeric', month: 'long', year: 'numeric', timeZone });

let chileDay: Intl.DateTimeFormat | undefined;
let calendarDay: Intl.DateTimeFormat | undefined;

/** `1 de julio de 2025`: the day an instant falls on in Chile. */
export function formatChileDay(instant: string | Date): string {
  chileDay ??= longDay(CHILE_TIME_ZONE);
  return chileDay.format(new Date(instant));
}

/** `2026-11-30` → `30 de noviembre de 2026`: a calendar day (a sitting, a promotion's end) as written. */
export function formatCalendarDay(isoDate: string): string {
  calendarDay ??= longDay('UTC');
  return calendarDay.format(new Date(`${isoDate}T12:00:00Z`));
}
