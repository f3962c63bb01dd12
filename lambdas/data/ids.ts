import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A time-ordered id in the ULID format (`TIME_ORDERED_ID` of core/domain/ids.ts), so sort keys built from it list items in creation order
 * (newest first with `ScanIndexForward: false`). Ids made in the same millisecond are unordered.
 */
export function timeOrderedId(now: number = Date.now(), random: Uint8Array = randomBytes(10)): string {
  let time = '';
  let rest = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[rest % 32] + time;
    rest = Math.floor(rest / 32);
  }
  let bits = 0n;
  for (const byte of random.subarray(0, 10)) bits = (bits << 8n) | BigInt(byte);
  let tail = '';
  for (let i = 0; i < 16; i++) {
    tail = CROCKFORD[Number(bits & 31n)] + tail;
    bits >>= 5n;
  }
  return time + tail;
}
