import { describe, expect, it } from 'vitest';
import type { AvailableDate } from '../content/schema';
import { offeredDates } from './catalogue';

const dates: AvailableDate[] = [
  { id: 'verano-2024', label: 'Verano 2024', season: 'verano', date: '2024-12-02', past: true },
  { id: 'invierno-2026', label: 'Invierno 2026', season: 'invierno', date: '2026-06-15', past: false },
  { id: 'verano-2026', label: 'Verano 2026', season: 'verano', date: '2026-11-30', past: false },
  { id: 'invierno-2027', label: 'Invierno 2027', season: 'invierno', date: '2027-06-14', past: false },
  { id: 'otra', label: 'Otra', past: false },
];

describe('offeredDates', () => {
  it('drops sittings marked past and those whose date has gone by, keeping «Otra»', () => {
    expect(offeredDates(dates, '2026-11-22').map((d) => d.id)).toEqual([
      'verano-2026',
      'invierno-2027',
      'otra',
    ]);
  });

  it('stops offering a sitting on its first day', () => {
    expect(offeredDates(dates, '2026-11-30').map((d) => d.id)).toEqual(['invierno-2027', 'otra']);
    expect(offeredDates(dates, '2030-01-01').map((d) => d.id)).toEqual(['otra']);
  });
});
