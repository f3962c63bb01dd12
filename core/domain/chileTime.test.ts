import { describe, expect, it } from 'vitest';
import {
  addDays,
  chileDate,
  chileInstant,
  chileOffsetMs,
  chileParts,
  isCalendarDate,
  isClockTime,
  startOfNextChileMonth,
  startOfNextChileYear,
} from './chileTime';

const HOUR = 3_600_000;

describe('Chile time', () => {
  it('reads the Chilean calendar day, which lags UTC by 3 or 4 hours', () => {
    // Winter (UTC−4): 03:59Z on 1 July is still 30 June in Santiago.
    expect(chileDate(new Date('2025-07-01T03:59:00Z'))).toBe('2025-06-30');
    expect(chileDate(new Date('2025-07-01T04:00:00Z'))).toBe('2025-07-01');
    // Summer (UTC−3): New Year arrives at 03:00Z.
    expect(chileParts(new Date('2025-01-01T02:59:00Z'))).toMatchObject({
      year: 2024,
      month: 12,
      day: 31,
      hour: 23,
    });
    expect(chileParts(new Date('2025-01-01T03:00:00Z'))).toMatchObject({
      year: 2025,
      month: 1,
      day: 1,
      hour: 0,
    });
    expect(chileOffsetMs(new Date('2025-07-01T12:00:00Z'))).toBe(-4 * HOUR);
    expect(chileOffsetMs(new Date('2025-01-15T12:00:00Z'))).toBe(-3 * HOUR);
  });

  it('turns a Chilean wall time into the instant, on both sides of the clock changes', () => {
    expect(chileInstant('2025-07-07', '15:00').toISOString()).toBe('2025-07-07T19:00:00.000Z');
    expect(chileInstant('2025-12-10', '15:00').toISOString()).toBe('2025-12-10T18:00:00.000Z');
    // 2025: clocks back on 6 April (00:00 → 23:00 on the 5th), forward on 7 September (00:00 → 01:00).
    expect(chileInstant('2025-04-05', '12:00').toISOString()).toBe('2025-04-05T15:00:00.000Z');
    expect(chileInstant('2025-04-06', '12:00').toISOString()).toBe('2025-04-06T16:00:00.000Z');
    expect(chileInstant('2025-09-06', '12:00').toISOString()).toBe('2025-09-06T16:00:00.000Z');
    expect(chileInstant('2025-09-07', '12:00').toISOString()).toBe('2025-09-07T15:00:00.000Z');
    // 00:30 on 7 September 2025 never happened in Santiago: it moves forward past the gap.
    const skipped = chileInstant('2025-09-07', '00:30');
    expect(chileParts(skipped)).toMatchObject({ day: 7, hour: 1, minute: 30 });
  });

  it('round-trips every hour of a year', () => {
    for (let t = Date.UTC(2025, 0, 1, 0, 30); t < Date.UTC(2026, 0, 1); t += HOUR) {
      const instant = new Date(t);
      const p = chileParts(instant);
      const time = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
      const back = chileInstant(chileDate(instant), time);
      // An hour repeated in April resolves to its first occurrence.
      expect([t, t - HOUR]).toContain(back.getTime());
    }
  });

  it('finds the start of the next month and year in Chile', () => {
    expect(startOfNextChileMonth(new Date('2025-06-15T12:00:00Z')).toISOString()).toBe(
      '2025-07-01T04:00:00.000Z',
    );
    // 30 June 23:30 in Santiago is already 1 July in UTC: the next month is still July.
    expect(startOfNextChileMonth(new Date('2025-07-01T03:30:00Z')).toISOString()).toBe(
      '2025-07-01T04:00:00.000Z',
    );
    expect(startOfNextChileMonth(new Date('2025-12-31T12:00:00Z')).toISOString()).toBe(
      '2026-01-01T03:00:00.000Z',
    );
    // Across the April change: 1 May starts at UTC−4.
    expect(startOfNextChileMonth(new Date('2025-04-20T12:00:00Z')).toISOString()).toBe(
      '2025-05-01T04:00:00.000Z',
    );
    expect(startOfNextChileYear(new Date('2025-06-15T12:00:00Z')).toISOString()).toBe(
      '2026-01-01T03:00:00.000Z',
    );
  });

  it('validates calendar dates and clock times', () => {
    expect(isCalendarDate('2025-02-28')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-04-31')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('25-01-01')).toBe(false);
    expect(isCalendarDate('2025-1-1')).toBe(false);
    expect(isClockTime('08:00')).toBe(true);
    expect(isClockTime('23:59')).toBe(true);
    expect(isClockTime('24:00')).toBe(false);
    expect(isClockTime('8:00')).toBe(false);
    expect(isClockTime('12:60')).toBe(false);
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2025-12-20', 60)).toBe('2026-02-18');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});
