import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import type { AppRouter } from './router';

/**
 * `client` is the query cache, made before the app renders: the first search may be in
 * it. `router` is made before too, so that it starts loading the first page's code at
 * once rather than during the first render (src/main.tsx).
 */
export function App({ client, router }: { client: QueryClient; router: AppRouter }) {
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
