import { readRetryAfterMs } from '../../contract/retry-after';

/** How a client of an instance waits and tries again (docs/audit.md, "Scans"). */
export interface RetryPolicy {
  /** Tries of one request that failed with 5xx, a timeout or no answer, before giving up. */
  attempts: number;
  /** First wait after such a failure; doubled each time, up to maxDelayMs, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** 429 answers in a row for one request before giving up. */
  throttledTries: number;
  /** Wait after a 429 without a usable Retry-After. */
  defaultRetryAfterMs: number;
  /** The longest Retry-After honoured; a longer one is cut to this. */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  attempts: 6,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  throttledTries: 50,
  defaultRetryAfterMs: 5000,
  maxRetryAfterMs: 10 * 60_000,
};

/** Retry-After as seconds or an HTTP date (RFC 9110), in milliseconds from now. */
export function retryAfterMs(header: string | null, policy: RetryPolicy, now = Date.now()): number {
  return readRetryAfterMs(
    header,
    { fallbackMs: policy.defaultRetryAfterMs, maxMs: policy.maxRetryAfterMs },
    now,
  );
}

/** The wait before try number `attempt + 1` (attempt counts from 1), with up to 20% jitter. */
export function backoffMs(attempt: number, policy: RetryPolicy, random = Math.random): number {
  const exponential = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return Math.round(exponential * (0.8 + 0.2 * random()));
}

/** Waits, or rejects as soon as the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
