import { QueryClient } from '@tanstack/react-query';
import { isTransient } from '../api/api-error';
import { onSessionIdentityChange } from '../api/session';

/**
 * Data fetched under one token is never shown under another: whenever a session
 * ends (sign-out, a refused token) or another begins, every cached query and
 * mutation is dropped, and requests still in flight are cancelled.
 */
function forgetDataWhenSessionChanges(client: QueryClient): void {
  onSessionIdentityChange(() => {
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
