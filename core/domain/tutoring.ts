/**
 * Tutoring rules (spec sections 3, 5, 8 and 9): the allowance of 1 hour per calendar month and at
 * most 12 per calendar year in Chile time, what a valid request is, which requests may still be
 * cancelled, and the CRM ticket that announces a request. Pure: the handler and the repository
 * apply them, and the web app validates its form with the same rules.
 */
import {
  addDays,
  CHILE_TIME_ZONE,
  chileDate,
  chileInstant,
  chileParts,
  isCalendarDate,
  isClockTime,
  minutesOfDay,
  startOfNextChileMonth,
  startOfNextChileYear,
} from './chileTime';
import { FREE_TIER } from './constants';

// ── The allowance ────────────────────────────────────────────────────────────────────────────

/** The spec's allowance (section 9). Premium does not change it: the spec gives no other figure. */
export const TUTORING_QUOTA = {
  hoursPerMonth: FREE_TIER.tutoringHoursPerMonth,
  hoursPerYear: FREE_TIER.tutoringHoursPerYear,
} as const;

/** A calendar month in Chile (month 1–12): the period an hour is counted in. */
export interface QuotaPeriod {
  year: number;
  month: number;
}

/** Hours a student used in one calendar year: per month and in total. */
export interface QuotaRecord {
  months: Partial<Record<number, number>>;
  total: number;
}

export const emptyQuota = (): QuotaRecord => ({ months: {}, total: 0 });

/** The month an hour is counted in: the month, in Chile, in which the request is made. */
export function quotaPeriod(now: Date): QuotaPeriod {
  const { year, month } = chileParts(now);
  return { year, month };
}

/** Hours left in a month of a year's record: the smaller of what the month and the year allow. */
export function hoursAvailable(record: QuotaRecord, month: number): number {
  const usedInMonth = record.months[month] ?? 0;
  return Math.max(
    0,
    Math.min(TUTORING_QUOTA.hoursPerMonth - usedInMonth, TUTORING_QUOTA.hoursPerYear - record.total),
  );
}

/**
 * When the allowance renews: the start of next month in Chile, or of next year once the year's
 * hours are used up. The hours available now can be used until then.
 */
export function allowanceRenewal(record: QuotaRecord, now: Date): Date {
  return record.total >= TUTORING_QUOTA.hoursPerYear ? startOfNextChileYear(now) : startOfNextChileMonth(now);
}

// ── Requests and their states ────────────────────────────────────────────────────────────────

/**
 * `solicitada` when the student asks; an operator then sets `agendada` (with the time agreed) and
 * `realizada`; the student (before the session) or an operator may set `cancelada`.
 */
export const TUTORING_STATES = ['solicitada', 'agendada', 'realizada', 'cancelada'] as const;
export type TutoringState = (typeof TUTORING_STATES)[number];

export const SCHEDULE_OPTION_KEYS = ['A', 'B', 'C'] as const;
export type ScheduleOptionKey = (typeof SCHEDULE_OPTION_KEYS)[number];

/** A time window the student can attend, on a Chilean calendar day: `YYYY-MM-DD`, `HH:MM`–`HH:MM`. */
export interface ScheduleOption {
  date: string;
  start: string;
  end: string;
}

/** Option A is required, B and C are optional (spec section 5). */
export interface ScheduleOptions {
  A: ScheduleOption;
  B?: ScheduleOption | null;
  C?: ScheduleOption | null;
}

/** The body of `POST /api/tutorial`. */
export interface TutoringRequestInput {
  scheduleOptions: ScheduleOptions;
  doubts: string;
}

/** Limits of a request the spec leaves open: office hours, how far ahead, how long the doubts. */
export const TUTORING_REQUEST_LIMITS = {
  earliestTime: '08:00',
  latestTime: '22:00',
  /** A window must fit the one-hour session. */
  minWindowMinutes: 60,
  maxDaysAhead: 60,
  doubtsMaxLength: 1000,
} as const;

export type TutoringField = `${ScheduleOptionKey}.${keyof ScheduleOption}` | 'doubts';

export type TutoringProblem =
  | 'required'
  | 'invalidDate'
  | 'invalidTime'
  | 'past'
  | 'tooFarAhead'
  | 'beforeOpening'
  | 'afterClosing'
  | 'endBeforeStart'
  | 'tooShort'
  | 'duplicate'
  | 'tooLong';

export type TutoringProblems = Partial<Record<TutoringField, TutoringProblem>>;

/** Whether an optional option was filled in at all (an untouched B or C is simply absent). */
export const optionIsFilled = (option: Partial<ScheduleOption> | null | undefined): boolean =>
  Boolean(option && (option.date?.trim() || option.start?.trim() || option.end?.trim()));

/**
 * Checks a request against the rules: each filled option is a real day, not in the past and at
 * most 60 days ahead, within 08:00–22:00 Chile time, with at least an hour between start and end;
 * no option repeats another; the doubts are given and not too long. Empty means valid.
 */
export function validateTutoringRequest(
  input: {
    scheduleOptions: Partial<Record<ScheduleOptionKey, Partial<ScheduleOption> | null>>;
    doubts: string;
  },
  now: Date,
): TutoringProblems {
  const problems: TutoringProblems = {};
  const limits = TUTORING_REQUEST_LIMITS;
  const today = chileDate(now);
  const lastDay = addDays(today, limits.maxDaysAhead);
  const seen: string[] = [];

  for (const key of SCHEDULE_OPTION_KEYS) {
    const option = input.scheduleOptions[key];
    if (key !== 'A' && !optionIsFilled(option)) continue;
    const date = option?.date?.trim() ?? '';
    const start = option?.start?.trim() ?? '';
    const end = option?.end?.trim() ?? '';
    const report = (field: keyof ScheduleOption, problem: TutoringProblem) => {
      problems[`${key}.${field}`] ??= problem;
    };

    if (!date) report('date', 'required');
    else if (!isCalendarDate(date)) report('date', 'invalidDate');
    else if (date < today) report('date', 'past');
    else if (date > lastDay) report('date', 'tooFarAhead');

    if (!start) report('start', 'required');
    else if (!isClockTime(start)) report('start', 'invalidTime');
    else if (start < limits.earliestTime) report('start', 'beforeOpening');

    if (!end) report('end', 'required');
    else if (!isClockTime(end)) report('end', 'invalidTime');
    else if (end > limits.latestTime) report('end', 'afterClosing');

    if (isClockTime(start) && isClockTime(end) && !problems[`${key}.end`]) {
      const minutes = minutesOfDay(end) - minutesOfDay(start);
      if (minutes <= 0) report('end', 'endBeforeStart');
      else if (minutes < limits.minWindowMinutes) report('end', 'tooShort');
    }
    // Today's window must not have started already.
    if (!problems[`${key}.date`] && !problems[`${key}.start`] && chileInstant(date, start) <= now) {
      report('start', 'past');
    }

    const signature = `${date} ${start} ${end}`;
    if (!problems[`${key}.date`] && seen.includes(signature)) report('date', 'duplicate');
    seen.push(signature);
  }

  const doubts = input.doubts.trim();
  if (!doubts) problems.doubts = 'required';
  else if (doubts.length > limits.doubtsMaxLength) problems.doubts = 'tooLong';
  return problems;
}

/**
 * A student may cancel a request that has not taken place: one still `solicitada`, or `agendada`
 * for a time still ahead. Cancelling it gives the hour back.
 */
export function canStudentCancel(
  tutorial: { state: TutoringState; scheduledAt?: string | null },
  now: Date,
): boolean {
  if (tutorial.state === 'solicitada') return true;
  if (tutorial.state !== 'agendada') return false;
  return !tutorial.scheduledAt || new Date(tutorial.scheduledAt).getTime() > now.getTime();
}

/** The states an operator may move a request to from each state (`agendada` again reschedules). */
export const OPERATOR_TRANSITIONS: Record<TutoringState, readonly TutoringState[]> = {
  solicitada: ['agendada', 'cancelada'],
  agendada: ['agendada', 'realizada', 'cancelada'],
  realizada: [],
  cancelada: [],
};

/** Whether leaving this state for `cancelada` gives the hour back (the session did not happen). */
export const cancelReturnsHour = (from: TutoringState): boolean =>
  from === 'solicitada' || from === 'agendada';

// ── The CRM ticket ────────────────────────────────────────────────────────────────────────────

const dayFormatter = new Intl.DateTimeFormat('es-CL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const instantFormatter = new Intl.DateTimeFormat('es-CL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: CHILE_TIME_ZONE,
});

/** `lunes, 7 de julio de 2025, 15:00` in Chile time. */
export const describeInstant = (iso: string): string => instantFormatter.format(new Date(iso));

/** `lunes, 7 de julio de 2025, de 15:00 a 17:00` (the option's own Chilean calendar day). */
export function describeOption(option: ScheduleOption): string {
  const [year, month, day] = option.date.split('-').map(Number) as [number, number, number];
  const weekday = dayFormatter.format(new Date(Date.UTC(year, month - 1, day)));
  return `${weekday}, de ${option.start} a ${option.end}`;
}

export interface TicketStudent {
  name: string;
  email: string;
  phone: string | null;
}

/**
 * The ticket announcing a request (`POST /api/hubspot/ticket` semantics): the student's name,
 * e-mail and phone, the options (Chile time) and the doubts, plus a reference operators use to
 * update the request.
 */
export function tutoringTicket(
  student: TicketStudent,
  request: TutoringRequestInput,
  reference: string,
): { subject: string; content: string } {
  const options = SCHEDULE_OPTION_KEYS.flatMap((key) => {
    const option = request.scheduleOptions[key];
    return option ? [`Opción ${key}: ${describeOption(option)}`] : [];
  });
  return {
    subject: `Solicitud de tutoría: ${student.name}`.slice(0, 200),
    content: [
      `${student.name} solicitó una hora de tutoría.`,
      '',
      `Nombre: ${student.name}`,
      `Correo: ${student.email}`,
      `Teléfono: ${student.phone ?? 'no informado'}`,
      '',
      `Horarios propuestos (hora de Chile, ${CHILE_TIME_ZONE}):`,
      ...options,
      '',
      'Dudas:',
      request.doubts.trim(),
      '',
      `Referencia: ${reference}`,
    ].join('\n'),
  };
}

/** The ticket telling operators that a student cancelled a request. */
export function cancellationTicket(
  student: TicketStudent,
  tutorial: { scheduleOptions: ScheduleOptions; scheduledAt: string | null },
  reference: string,
): { subject: string; content: string } {
  const options = SCHEDULE_OPTION_KEYS.flatMap((key) => {
    const option = tutorial.scheduleOptions[key];
    return option ? [`Opción ${key}: ${describeOption(option)}`] : [];
  });
  return {
    subject: `Tutoría cancelada: ${student.name}`.slice(0, 200),
    content: [
      `${student.name} canceló su solicitud de tutoría.`,
      '',
      `Correo: ${student.email}`,
      `Teléfono: ${student.phone ?? 'no informado'}`,
      ...(tutorial.scheduledAt
        ? [`Estaba agendada para: ${describeInstant(tutorial.scheduledAt)} (hora de Chile)`]
        : []),
      'Horarios que había propuesto (hora de Chile):',
      ...options,
      '',
      `Referencia: ${reference}`,
    ].join('\n'),
  };
}
