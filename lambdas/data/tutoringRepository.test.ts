/**
 * The tutoring allowance as the repository enforces it, against a real DynamoDB protocol
 * (dynalite): conditional updates use at most one hour a month and twelve a year, give an hour back
 * once and only to the month it was used in, and never go below zero — for any sequence of
 * requests and cancels (property), checked against the pure rule `hoursAvailable`.
 */
import { hoursAvailable, type QuotaRecord } from '@core/domain/tutoring';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDynamo } from '../../scripts/local/dynamo';
import { startTestDynamo } from '../../test/helpers/testDynamo';

let dynamoServer: LocalDynamo;
let repository: typeof import('./tutoringRepository');

beforeAll(async () => {
  dynamoServer = await startTestDynamo('quota-test');
  process.env.LOG_LEVEL = 'SILENT';
  repository = await import('./tutoringRepository');
});
afterAll(() => dynamoServer.close());

const YEAR = 2025;
let students = 0;
let requests = 0;

/** What the stored counters must be: months with an hour in use, and the year's total. */
function expected(used: Map<string, number>): QuotaRecord {
  const months: Record<number, number> = {};
  for (const month of used.values()) months[month] = (months[month] ?? 0) + 1;
  return { months, total: used.size };
}

/** The stored record without the months whose hour came back (stored as 0). */
const inUse = (record: QuotaRecord): QuotaRecord => ({
  months: Object.fromEntries(Object.entries(record.months).filter(([, used]) => (used ?? 0) > 0)),
  total: record.total,
});

describe('the tutoring allowance in DynamoDB', () => {
  it('uses an hour only while the month and the year allow it, and gives each back once, to its month (property)', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('request' as const), month: fc.integer({ min: 1, max: 12 }) }),
      fc.record({
        kind: fc.constant('cancel' as const),
        pick: fc.nat(),
        month: fc.integer({ min: 1, max: 12 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const sub = `quota-${++students}`;
        const used = new Map<string, number>();
        const given: string[] = [];
        for (const s of steps) {
          const before = await repository.readQuota(sub, YEAR);
          if (s.kind === 'request') {
            const id = `req-${++requests}`;
            const allowed = hoursAvailable(before, s.month) >= 1;
            expect(await repository.spendQuotaHour(sub, { year: YEAR, month: s.month }, id)).toBe(allowed);
            if (allowed) {
              used.set(id, s.month);
              given.push(id);
            }
          } else {
            // A request whose hour is in use, one already given back (a repeated cancel), or none at all.
            const id = given.length > 0 ? (given[s.pick % given.length] as string) : `never-${s.pick}`;
            const month = used.get(id) ?? s.month;
            const returns = used.has(id);
            expect(await repository.returnQuotaHour(sub, { year: YEAR, month }, id)).toBe(returns);
            used.delete(id);
          }
          const after = await repository.readQuota(sub, YEAR);
          expect(inUse(after)).toEqual(expected(used));
          expect((Object.values(after.months) as number[]).every((n) => n >= 0 && n <= 1)).toBe(true);
          expect(after.total).toBeLessThanOrEqual(12);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('refuses a thirteenth hour in a year, and a second in a month', async () => {
    const sub = `quota-${++students}`;
    for (let month = 1; month <= 12; month++) {
      expect(await repository.spendQuotaHour(sub, { year: YEAR, month }, `full-${month}`)).toBe(true);
    }
    expect(await repository.spendQuotaHour(sub, { year: YEAR, month: 6 }, 'one-more')).toBe(false);
    expect(await repository.readQuota(sub, YEAR)).toMatchObject({ total: 12 });
    expect(await repository.returnQuotaHour(sub, { year: YEAR, month: 6 }, 'full-6')).toBe(true);
    expect(await repository.spendQuotaHour(sub, { year: YEAR, month: 7 }, 'july-again')).toBe(false);
    expect(await repository.spendQuotaHour(sub, { year: YEAR, month: 6 }, 'june-again')).toBe(true);
  });
});
