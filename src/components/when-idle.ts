/** The longest work waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;

/** Calls `work` when the browser is next idle; answers how to cancel it. */
export function whenIdle(work: () => void): () => void {
  const { requestIdleCallback, cancelIdleCallback } = window;
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, IDLE_TIMEOUT_MS);
  return () => clearTimeout(timer);
}
