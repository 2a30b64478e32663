import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { LockUndoProvider } from '../api/calculated-fields/last-lock-undo';
import notificationClasses from './Notifications.module.css';
import { cssVariablesResolver, theme } from './theme';

const Notifications = lazy(async () => ({
  default: (await import('@mantine/notifications')).Notifications,
}));

/**
 * The notices' container, loaded with the first notice (a notice shown meanwhile waits
 * in its store) and kept. Loaded as the app started, it was among the scripts the fields
 * page fetched before its first row (docs/web-app.md, "Loading").
 */
function NoticesFromTheFirst() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    let stopClosing: (() => void) | undefined;
    void import('./first-notice').then(({ onFirstNotice, closeNoticesWhenSessionChanges }) => {
      if (unmounted) return;
      stop = onFirstNotice(() => setWanted(true));
      stopClosing = closeNoticesWhenSessionChanges();
    });
    return () => {
      unmounted = true;
      stop?.();
      stopClosing?.();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Top right, under the header: at the bottom they covered the table's pager. */}
      <Notifications position="top-right" className={notificationClasses.notifications} />
    </Suspense>
  );
}

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
      <NoticesFromTheFirst />
      <QueryClientProvider client={client}>
        <LockUndoProvider>{children}</LockUndoProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
