import { UpstreamClient, UpstreamError } from './upstream-client';

/**
 * Asks the instance whether it accepts a token, with the cheapest request it
 * answers: a one-row search. True or false when it says; an UpstreamError when it
 * cannot say (it failed, or did not answer).
 */
export async function instanceAcceptsToken(
  upstream: URL,
  token: string,
  timeoutMs: number,
): Promise<boolean> {
  const client = new UpstreamClient({
    upstream,
    token,
    timeoutMs,
    retry: { attempts: 1, throttledTries: 0 },
  });
  try {
    await client.search(
      { filters: [], sort: { field: 'name', ascending: true }, limit: 1 },
      AbortSignal.timeout(timeoutMs),
    );
    return true;
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'refused') return false;
    throw error;
  }
}
