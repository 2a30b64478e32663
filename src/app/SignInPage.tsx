import {
  Alert,
  Box,
  Button,
  Checkbox,
  Code,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '../components/icons/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import { appConfigQuery } from '../api/app-config';
import { checkToken } from '../api/check-token';
import { getSession, startSession, subscribeToSession } from '../api/session';
import { plural } from '../components/plural';
import { useDocumentTitle } from '../components/use-document-title';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import type { SignInState } from './RequireSession';

/** "30 seconds", "5 minutes". */
function spanOf(ms: number): string {
  return ms < 60_000
    ? plural(Math.round(ms / 1000), 'second', 'seconds')
    : plural(Math.round(ms / 60_000), 'minute', 'minutes');
}

/** What a proxy's sign-in does not promise (docs/proxy.md, "Who may see it"). */
function ProxyTokenNote({ trustMs }: { trustMs: number | undefined }) {
  return (
    <Text size="sm" c="dimmed">
      This server stands in front of your instance and asks it whether it accepts your token.{' '}
      {trustMs === 0
        ? 'It asks on every request.'
        : `It trusts the answer for ${spanOf(trustMs ?? 300_000)}: a token the instance revokes can still read the audit here for up to that long.`}{' '}
      The audit and the table's searches come from one copy of the instance, made with the token of
      whoever scanned it, so any token the instance accepts reads that copy, even one that sees
      fewer fields on the instance itself. Changes you make here are sent with your token, so the
      instance decides what you may change.
    </Text>
  );
}

function problemWith(error: Error | null): string | undefined {
  if (!error) return undefined;
  if (isApiError(error) && error.status === 401) {
    return 'The server did not accept this token. Check it, or ask for a new one.';
  }
  return error.message;
}

export function SignInPage() {
  const session = useSyncExternalStore(subscribeToSession, getSession);
  const from = (useLocation().state as SignInState | null)?.from ?? '/fields';
  useDocumentTitle('Sign in');
  const [token, setToken] = useState('');
  const [rememberOnThisDevice, setRememberOnThisDevice] = useState(false);
  const config = useQuery(appConfigQuery).data;
  const demo = config?.demo === true;
  const check = useMutation({
    mutationFn: checkToken,
    onSuccess: (_answer, acceptedToken) => startSession(acceptedToken, rememberOnThisDevice),
  });

  if (session.token || session.heldByServer) return <Navigate to={from} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) check.mutate(token.trim());
  };

  return (
    <Box component="main" mih="100dvh" py="xl">
      <Group justify="flex-end" px="md">
        <ColorSchemeToggle />
      </Group>
      <Container size={480} mt="xl">
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={1} size="h2">
                Sign in to the calculated-field manager
              </Title>
              {session.rejected && (
                <Alert color="yellow" icon={<IconInfoCircle />} title="Your session has ended">
                  The server no longer accepts the token you signed in with. Sign in again to go
                  back to where you were.
                </Alert>
              )}
              {demo && (
                <Alert color="blue" icon={<IconInfoCircle />} title="This is the demo instance">
                  Its fields are made up, and its token is no secret: <Code>npm start</Code> printed
                  it in the terminal, with a sign-in link that opens the app signed in.
                </Alert>
              )}
              <Text size="sm">
                The app reads and locks calculated fields with a developer token, sent with every
                request in a header and never in an address the server sees. An administrator of
                your instance creates one for you; on the reference service that is{' '}
                <Code>npm run token -- create --name &lt;your name&gt;</Code>, and a demo instance
                prints its token when it starts.
              </Text>
              {config?.mode === 'proxy' && <ProxyTokenNote trustMs={config.tokenTrustMs} />}
              <PasswordInput
                label="Developer token"
                autoComplete="off"
                required
                value={token}
                onChange={(event) => setToken(event.currentTarget.value)}
                error={problemWith(check.error)}
                autoFocus
              />
              <Checkbox
                label="Remember on this device"
                description="Otherwise the token is forgotten when this tab closes."
                checked={rememberOnThisDevice}
                onChange={(event) => setRememberOnThisDevice(event.currentTarget.checked)}
              />
              <Button type="submit" loading={check.isPending} disabled={!token.trim()}>
                Sign in
              </Button>
            </Stack>
          </form>
        </Paper>
      </Container>
    </Box>
  );
}
