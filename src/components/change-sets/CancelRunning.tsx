import type { ButtonProps } from '@mantine/core';
import { Button, Text } from '@mantine/core';
import { useCancelChangeSet } from '../../api/journal/cancel-change-set';

/**
 * Cancel of a running set. The set stops only after the batch in flight, which through
 * a proxy is 500 fields sent and read back (about 9 s at production's latency): once
 * asked, it says so, rather than show the set running with Cancel as before.
 */
export function CancelRunning({ id, ...button }: { id: number } & ButtonProps) {
  const cancel = useCancelChangeSet();
  if (cancel.isSuccess) {
    return (
      <Text size="sm" role="status">
        Stopping after the fields being sent now…
      </Text>
    );
  }
  return (
    <Button
      variant="default"
      {...button}
      loading={cancel.isPending}
      onClick={() => cancel.mutate(id)}
    >
      Cancel
    </Button>
  );
}
