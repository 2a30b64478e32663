import type { ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from './icons/icons';

/** A failed request: what went wrong, a way to ask again, and any other way out (`children`). */
export function ErrorState({
  title,
  error,
  onRetry,
  children,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
  children?: ReactNode;
}) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle />}>
      <Text size="sm">{error.message}</Text>
      <Group mt="sm" gap="xs">
        <Button
          size="xs"
          color="red"
          variant="filled"
          leftSection={<IconRefresh size={14} />}
          onClick={onRetry}
        >
          Retry
        </Button>
        {children}
      </Group>
    </Alert>
  );
}
