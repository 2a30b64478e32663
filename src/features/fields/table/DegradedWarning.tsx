import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '../../../components/icons/icons';

export function DegradedWarning() {
  return (
    <Alert color="yellow" icon={<IconAlertTriangle />} title="Partial results">
      The server marked this answer as degraded: some fields may be missing and the total may be
      off. Try again later for a complete answer.
    </Alert>
  );
}
