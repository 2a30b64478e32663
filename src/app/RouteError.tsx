import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../components/use-document-title';

/** A page that failed to load or render, most often code from an older build. */
export function RouteError() {
  useDocumentTitle('This page could not be shown');
  return (
    <Center h="80vh">
      <Stack align="center" role="alert">
        <Title order={1}>This page could not be shown</Title>
        <Text>Reloading usually helps, for example after the app was updated.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
