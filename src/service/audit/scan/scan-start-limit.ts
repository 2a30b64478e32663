import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export const DEFAULT_MANUAL_SCANS = 6;
export const DEFAULT_MANUAL_SCAN_WINDOW_MS = 60_000;

/** A scan asked for too soon after others with the same token. */
export class TooManyScans extends Error {
  constructor(readonly retryAfterMs: number) {
    super(
      `too many scans started with this token; try again in ${Math.ceil(retryAfterMs / 1000)} s`,
    );
  }
}

/**
 * At most `max` scans started on request per token within `windowMs`, so one token
 * cannot fill the history with scans or keep the instance busy. Tokens are known by
 * their hash, never as text, and only the most recent 10,000 are remembered.
 */
export class ScanStartLimit {
  private readonly starts: LRUCache<string, number[]>;

  constructor(
    private readonly max = DEFAULT_MANUAL_SCANS,
    private readonly windowMs = DEFAULT_MANUAL_SCAN_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.starts = new LRUCache({ max: 10_000, ttl: windowMs });
  }

  /** Counts a start for the token; throws TooManyScans when it is one too many. */
  take(token: string | undefined): void {
    const key = hash('sha256', token ?? '', 'base64');
    const since = this.now() - this.windowMs;
    const recent = (this.starts.get(key) ?? []).filter((time) => time > since);
    if (recent.length >= this.max) throw new TooManyScans(recent[0]! + this.windowMs - this.now());
    recent.push(this.now());
    this.starts.set(key, recent);
  }
}
