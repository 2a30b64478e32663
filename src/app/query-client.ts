import { QueryClient } from '@tanstack/react-query';
import { isTransient } from '../api/api-error';
import { getSession, subscribeToSession } from '../api/session';

/** Who the cached data was fetched for: a token, or the token the server holds. */
function sessionIdentity(): string | null {
  const session = getSession();
  return session.heldByServer ? 'held-by-server' : session.token;
}

/**
 * Data fetched under one token is never shown under another: whenever a session
 * ends (sign-out, a refused token) or another begins, every cached query and
 * mutation is dropped, and requests still in flight are cancelled.
 */
function forgetDataWhenSessionChanges(client: QueryClient): void {
  let identity = sessionIdentity();
  subscribeToSession(() => {
    const next = sessionIdentity();
    if (next === identity) return;
    identity = next;
    void client.cancelQueries();
    client.clear();
  });
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refused request fails the same way again; only transient failures are retried.
        retry: (failures, error) => failures < 2 && isTransient(error),
      },
    },
  });
  forgetDataWhenSessionChanges(client);
  return client;
}
