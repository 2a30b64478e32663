/**
 * Retry-After (RFC 9110) as seconds or an HTTP date, in milliseconds from `now`,
 * between 0 and `maxMs`; `fallbackMs` when the header is missing or unreadable.
 * Read the same way by the service's client of an instance and by the browser.
 */
export function readRetryAfterMs(
  header: string | null | undefined,
  { fallbackMs, maxMs }: { fallbackMs: number; maxMs: number },
  now = Date.now(),
): number {
  const value = header?.trim() ?? '';
  let wait = fallbackMs;
  if (/^\d+$/.test(value)) wait = Number(value) * 1000;
  else if (value !== '') {
    const date = Date.parse(value);
    if (!Number.isNaN(date)) wait = date - now;
  }
  return Math.min(Math.max(wait, 0), maxMs);
}
