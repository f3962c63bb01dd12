/** A ULID: 26 Crockford base-32 characters, 10 of time (ms) then 16 random (lambdas/data/ids.ts makes them). */
export const TIME_ORDERED_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
