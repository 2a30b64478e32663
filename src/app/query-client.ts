import { QueryClient } from '@tanstack/react-query';
import { isTransient } from '../api/api-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refused request fails the same way again; only transient failures are retried.
        retry: (failures, error) => failures < 2 && isTransient(error),
      },
    },
  });
}
