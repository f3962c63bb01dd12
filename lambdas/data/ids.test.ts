import { TIME_ORDERED_ID } from '@core/domain/ids';
import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './ids';

describe('timeOrderedId', () => {
  it('is a ULID whose order follows time', () => {
    const ids = [0, 1, 1_700_000_000_000, 1_700_000_000_001, 4_102_444_800_000].map((t) => timeOrderedId(t));
    for (const id of ids) expect(id).toMatch(TIME_ORDERED_ID);
    expect([...ids].sort()).toEqual(ids);
    expect(timeOrderedId(0, new Uint8Array(10))).toBe('0'.repeat(26));
    expect(timeOrderedId(1_469_918_176_385, new Uint8Array(10).fill(255))).toBe('01ARYZ6S41ZZZZZZZZZZZZZZZZ');
  });

  it('differs between ids of the same millisecond', () => {
    const now = Date.now();
    expect(new Set(Array.from({ length: 100 }, () => timeOrderedId(now))).size).toBe(100);
  });
});
