import { ActionIcon, AppShell, Button, Group, Text } from '@mantine/core';
import { IconLogout, IconMathFunction } from '../components/icons/shell-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { endSession, getSession, subscribeToSession } from '../api/session';
import classes from './AppLayout.module.css';
import { ColorSchemeToggle } from './ColorSchemeToggle';

export function AppLayout() {
  const queryClient = useQueryClient();
  const { heldByServer } = useSyncExternalStore(subscribeToSession, getSession);
  const signOut = () => {
    endSession();
    queryClient.clear();
  };

  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header>
        <div className={classes.header}>
          <Group gap="lg" wrap="nowrap" className={classes.start}>
            <Group gap={6}>
              <IconMathFunction size={22} aria-hidden />
              <Text fw={700} visibleFrom="sm">
                Calculated-field manager
              </Text>
            </Group>
            <Group component="nav" aria-label="Main" gap={4} wrap="nowrap">
              <NavLink to="/fields" className={classes.navLink}>
                Fields
              </NavLink>
              <NavLink to="/audit" className={classes.navLink}>
                Audit
              </NavLink>
              <NavLink to="/activity" className={classes.navLink}>
                Activity
              </NavLink>
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ColorSchemeToggle />
            {heldByServer ? (
              <Text
                size="sm"
                c="dimmed"
                title="This server sends its own developer token to the instance"
              >
                Signed in by the server
              </Text>
            ) : (
              <>
                <Button
                  variant="default"
                  leftSection={<IconLogout size={16} />}
                  onClick={signOut}
                  visibleFrom="sm"
                >
                  Sign out
                </Button>
                {/* On a phone the words would push the pages' links onto a second line. */}
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label="Sign out"
                  title="Sign out"
                  onClick={signOut}
                  hiddenFrom="sm"
                >
                  <IconLogout size={18} />
                </ActionIcon>
              </>
            )}
          </Group>
        </div>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
