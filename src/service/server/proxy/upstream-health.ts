export type UpstreamHealth =
  | { reachable: true; status: number; latencyMs: number }
  | { reachable: false; error: string };

/** Whether the upstream instance answers at all; any HTTP answer counts. */
async function checkUpstream(upstream: URL, timeoutMs: number): Promise<UpstreamHealth> {
  const started = performance.now();
  try {
    const response = await fetch(upstream, {
      method: 'GET',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return {
      reachable: true,
      status: response.status,
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : ((error as { cause?: { code?: string } }).cause?.code ?? 'unreachable');
    return { reachable: false, error: reason };
  }
}

/**
 * The health check's view of the instance, for a route anyone may call: one
 * request to the instance answers every call for `maxAgeMs` (calls meanwhile
 * share it), so calling the route cannot make this server flood the instance.
 * The answer never names the instance's address.
 */
export function upstreamHealth(
  upstream: URL,
  { maxAgeMs = 5000, timeoutMs = 3000, now = Date.now } = {},
): () => Promise<UpstreamHealth> {
  let last: { startedAt: number; answer: Promise<UpstreamHealth> } | undefined;
  return () => {
    if (!last || now() - last.startedAt >= maxAgeMs) {
      last = { startedAt: now(), answer: checkUpstream(upstream, timeoutMs) };
    }
    return last.answer;
  };
}
