/**
 * Lock requests a bulk run has in flight at most, by default. The embedded service
 * answers a lock in a few milliseconds; against a real instance a 429 halves the
 * number until it recovers (bulk-run.ts). Fewer than the items, so a cancel has
 * something to stop.
 */
export const MAX_LOCKS_IN_FLIGHT = 8;

/** What the admin may choose: one at a time up to what a browser sends to one host at once and more. */
export const LOCKS_IN_FLIGHT_RANGE = { min: 1, max: 32 } as const;

// Versioned, so that a later meaning of the value never reads an old one.
const storageKey = 'cfm.bulk-lock.requests-at-once.v1';

export function isLocksInFlight(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= LOCKS_IN_FLIGHT_RANGE.min &&
    value <= LOCKS_IN_FLIGHT_RANGE.max
  );
}

/** The admin's last choice in this browser, or the default when there is none or it is unusable. */
export function storedLocksInFlight(): number {
  try {
    const stored = localStorage.getItem(storageKey);
    const value = stored === null ? undefined : Number(stored);
    return isLocksInFlight(value) ? value : MAX_LOCKS_IN_FLIGHT;
  } catch {
    return MAX_LOCKS_IN_FLIGHT;
  }
}

export function storeLocksInFlight(value: number): void {
  try {
    localStorage.setItem(storageKey, String(value));
  } catch {
    // A browser that refuses storage keeps the choice for this run only.
  }
}
