import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { LockUndoProvider } from '../api/calculated-fields/last-lock-undo';
import notificationClasses from './Notifications.module.css';
import { cssVariablesResolver, theme } from './theme';

/**
 * Loaded after the first screen: nothing is notified before a page has loaded, and
 * notifications shown meanwhile wait in their store (docs/web-app.md, "Loading").
 */
const Notifications = lazy(async () => ({
  default: (await import('@mantine/notifications')).Notifications,
}));

/**
 * The theme, notifications, server state and the lock's Undo every screen needs; the router goes inside.
 * `env="test"` renders popovers and menus in place and without transitions, for the
 * component tests' DOM, and leaves out the theme's CSS variables: that DOM draws nothing
 * with them, and every style it computes (each role query asks whether elements are
 * hidden) went through all of them, which tripled that cost
 * (bench/results/test-suite.md).
 */
export function AppProviders({
  client,
  env,
  children,
}: {
  client: QueryClient;
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      env={env}
      withCssVariables={env !== 'test'}
    >
      <Suspense fallback={null}>
        {/* Top right, under the header: at the bottom they covered the table's pager. */}
        <Notifications position="top-right" className={notificationClasses.notifications} />
      </Suspense>
      <QueryClientProvider client={client}>
        <LockUndoProvider>{children}</LockUndoProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
