import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

/** A failed request: what went wrong, and a way to ask again. */
export function ErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle />}>
      <Text size="sm">{error.message}</Text>
      <Button
        mt="sm"
        size="xs"
        color="red"
        variant="filled"
        leftSection={<IconRefresh size={14} />}
        onClick={onRetry}
      >
        Retry
      </Button>
    </Alert>
  );
}
