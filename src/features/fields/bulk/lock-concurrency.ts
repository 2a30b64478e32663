/**
 * Lock requests a bulk run has in flight at most. The embedded service answers a
 * lock in a few milliseconds; against a real instance a 429 halves the number until
 * it recovers (bulk-run.ts). Fewer than the items, so a cancel has something to stop.
 */
export const MAX_LOCKS_IN_FLIGHT = 8;
