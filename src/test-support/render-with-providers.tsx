import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { UrlStateRoot } from '../app/UrlStateRoot';

export interface RenderOptions {
  /** The address the test starts at, e.g. `/fields?locked=true`. */
  url?: string;
  /** The route pattern `ui` is shown at; the address's path unless given. */
  path?: string;
  /** Routes inside `ui`'s route (shown in its `<Outlet />`), e.g. `:id`. */
  childRoutes?: RouteObject[];
  /** Routes beside `ui`'s, for a test that follows a link away, e.g. `/fields`. */
  otherRoutes?: RouteObject[];
  client?: QueryClient;
}

/** The app's own query client (its freshness and retry policy), for a test that fills it before rendering. */
export function appQueryClient(): QueryClient {
  return createQueryClient();
}

/**
 * Renders `ui` as the app shows it: the app's theme (in Mantine's test mode), notifications, query client
 * (its retry policy included), a browser router at `url` and the URL state adapter.
 * Answers Testing Library's result with the client, the router and a user to act.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const url = options.url ?? '/';
  window.history.replaceState(null, '', url);
  const client = options.client ?? createQueryClient();
  const router = createBrowserRouter([
    {
      element: <UrlStateRoot />,
      children: [
        {
          path: options.path ?? new URL(url, window.location.origin).pathname,
          element: ui,
          children: options.childRoutes,
        },
        ...(options.otherRoutes ?? []),
      ],
    },
  ]);
  const user = userEvent.setup();
  const result = render(
    <AppProviders client={client} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, client, router, user };
}

/** The address the app shows now, path and search. */
export function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}
