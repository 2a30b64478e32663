import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect } from 'react-router-dom';
import { AppLayout } from './AppLayout';
import { fieldsPageCode } from './first-page-code';
import { NotFoundPage } from './NotFoundPage';
import { RequireSession } from './RequireSession';
import { RouteError } from './RouteError';
import { UrlStateRoot } from './UrlStateRoot';

/**
 * The app's routes. `client` is the query cache: a page may fill it while its code
 * loads, so that it first draws with its answers (the audit page does).
 */
export const createAppRouter = (client: QueryClient) =>
  createBrowserRouter([
    {
      element: <UrlStateRoot />,
      errorElement: <RouteError />,
      children: [
        {
          path: '/sign-in',
          lazy: async () => ({ Component: (await import('./SignInPage')).SignInPage }),
        },
        {
          element: <RequireSession />,
          children: [
            {
              element: <AppLayout />,
              children: [
                {
                  index: true,
                  // The table's view in the address (`/?q=revenue`) is kept on the way.
                  loader: ({ request }) => redirect(`/fields${new URL(request.url).search}`),
                },
                {
                  path: 'fields',
                  // Its first search is sent, and its code asked for, by the app's entry
                  // (src/main.tsx).
                  lazy: async () => ({ Component: (await fieldsPageCode()).FieldsPage }),
                  children: [
                    {
                      path: ':id',
                      lazy: async () => ({
                        Component: (await import('../features/field-detail/FieldDrawer'))
                          .FieldDrawer,
                      }),
                    },
                  ],
                },
                {
                  path: 'audit',
                  lazy: async () => {
                    void import('../features/audit/prefetch-audit-page').then((module) =>
                      module.prefetchAuditPage(client),
                    );
                    return { Component: (await import('../features/audit/AuditPage')).AuditPage };
                  },
                },
                {
                  path: 'activity',
                  lazy: async () => ({
                    Component: (await import('../features/activity/ActivityPage')).ActivityPage,
                  }),
                },
                {
                  path: 'fix',
                  lazy: async () => ({
                    Component: (await import('../features/remediation/FixPage')).FixPage,
                  }),
                },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Resolves once the router has loaded the code of the page the address names (and
 * run its loaders): the app's entry draws the app then, in one render of that page
 * (src/main.tsx).
 */
export function firstPageLoaded(router: Pick<AppRouter, 'state' | 'subscribe'>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
