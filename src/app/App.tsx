import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { createAppRouter } from './router';

/** `client` is the query cache, made before the app renders: the first search may be in it. */
export function App({ client }: { client: QueryClient }) {
  const [router] = useState(() => createAppRouter(client));
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
