/** Whether the upstream instance answers at all; any HTTP answer counts. */
export async function checkUpstream(upstream: URL, timeoutMs = 3000) {
  const started = performance.now();
  try {
    const response = await fetch(upstream, {
      method: 'GET',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return {
      origin: upstream.origin,
      reachable: true,
      status: response.status,
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : ((error as { cause?: { code?: string } }).cause?.code ?? 'unreachable');
    return { origin: upstream.origin, reachable: false, error: reason };
  }
}
