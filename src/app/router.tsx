import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RequireSession } from './RequireSession';
import { RouteError } from './RouteError';
import { UrlStateRoot } from './UrlStateRoot';

const isFieldsAddress = (pathname: string) => /^\/fields(\/|$)/.test(pathname);

/**
 * The app's routes. `client` is the query cache: a page may fill it while its code
 * loads, so that it first draws with its answers (the audit page does).
 */
export const createAppRouter = (client: QueryClient) =>
  createBrowserRouter([
    {
      element: <UrlStateRoot />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoader label="Loading the app" />,
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
                { index: true, element: <Navigate to="/fields" replace /> },
                {
                  path: 'fields',
                  lazy: async () => {
                    // Only when the page opens at the table's own address: on a link from
                    // another page, window.location is still that page's.
                    if (isFieldsAddress(window.location.pathname)) {
                      const address = new URLSearchParams(window.location.search);
                      void import('../features/fields/prefetch-fields-page').then((module) =>
                        module.prefetchFieldsPage(client, address),
                      );
                    }
                    return {
                      Component: (await import('../features/fields/FieldsPage')).FieldsPage,
                    };
                  },
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
