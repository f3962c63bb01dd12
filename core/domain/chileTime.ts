/**
 * Calendar arithmetic in Chile's time zone (America/Santiago) with the platform's own Intl data:
 * no library, and the same code in Lambda and in the browser. Chile moves its clocks at local
 * midnight, so wall times are resolved against the zone's offset at that moment, not a fixed one.
 */
export const CHILE_TIME_ZONE = 'America/Santiago';

/** A wall-clock moment in Chile. Months are 1–12. */
export interface ChileDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: CHILE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export function chileParts(instant: Date): ChileDateTime {
  const parts = partsFormatter.formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    // Some ICU versions print midnight as 24 even with h23.
    hour: value('hour') % 24,
    minute: value('minute'),
    second: value('second'),
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** `YYYY-MM-DD` of the Chilean calendar day the instant falls on. */
export function chileDate(instant: Date): string {
  const { year, month, day } = chileParts(instant);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Chile's offset from UTC at an instant, in ms (−3 h in summer, −4 h in winter). */
export function chileOffsetMs(instant: Date): number {
  const p = chileParts(instant);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `YYYY-MM-DD` names a day that exists (no 31 April, 29 February only in leap years). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Whether `HH:MM` is a 24-hour clock time. */
export const isClockTime = (text: string): boolean => TIME.test(text);

/** Minutes since midnight of an `HH:MM` time. */
export function minutesOfDay(time: string): number {
  const match = TIME.exec(time);
  if (!match) throw new RangeError(`Not a clock time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * The instant at which Chile's clocks show `date` `time`. A wall time that occurs twice (clocks
 * turned back) is its first occurrence; one skipped by a clock change moves forward by the gap.
 */
export function chileInstant(date: string, time = '00:00'): Date {
  const match = DATE.exec(date);
  if (!match || !isClockTime(time)) throw new RangeError(`Not a Chilean wall time: ${date} ${time}`);
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 0, minutesOfDay(time));
  const offsets = new Set<number>();
  const first = chileOffsetMs(new Date(wall));
  offsets.add(first);
  offsets.add(chileOffsetMs(new Date(wall - first)));
  const candidates = [...offsets].map((offset) => wall - offset).sort((a, b) => a - b);
  const exact = candidates.find((candidate) => chileOffsetMs(new Date(candidate)) === wall - candidate);
  return new Date(exact ?? (candidates.at(-1) as number));
}

/** `YYYY-MM-DD` plus a number of days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  const shifted = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** The first instant of the next calendar month in Chile. */
export function startOfNextChileMonth(instant: Date): Date {
  const { year, month } = chileParts(instant);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return chileInstant(`${pad(next.year, 4)}-${pad(next.month)}-01`);
}

/** The first instant of the next calendar year in Chile. */
export function startOfNextChileYear(instant: Date): Date {
  return chileInstant(`${pad(chileParts(instant).year + 1, 4)}-01-01`);
}
