import { describeInstant, describeOption } from '@core/domain/tutoring';
import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatChileDay } from './dates';

describe('dates for people', () => {
  it('shows an instant’s day in Chile time, whatever the browser’s zone', () => {
    expect(formatChileDay('2025-07-01T04:00:00.000Z')).toBe('1 de julio de 2025');
    expect(formatChileDay('2025-07-01T03:59:00.000Z')).toBe('30 de junio de 2025');
  });

  it('shows a calendar day as written', () => {
    expect(formatCalendarDay('2026-11-30')).toBe('30 de noviembre de 2026');
    expect(formatCalendarDay('2022-10-26')).toBe('26 de octubre de 2022');
  });

  it('shows a tutoring time and option in Spanish, in Chile time', () => {
    expect(describeInstant('2025-07-07T19:00:00.000Z')).toBe('lunes, 7 de julio de 2025, 15:00');
    expect(describeOption({ date: '2025-07-07', start: '15:00', end: '17:00' })).toBe(
      'lunes, 7 de julio de 2025, de 15:00 a 17:00',
    );
  });
});
