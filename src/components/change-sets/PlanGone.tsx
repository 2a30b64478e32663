import { Alert, Button } from '@mantine/core';
import { isApiError } from '../../api/api-error';

/**
 * Whether the journal no longer keeps a dry run for this person: expired (410), or not
 * found (404: its line is dropped a day after it expired).
 */
export function isPlanGone(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && [404, 410].includes(error.status);
}

/** A dry run no longer kept: nothing was changed, and it can be made again from the same form. */
export function PlanGone({ onRunAgain }: { onRunAgain: () => void }) {
  return (
    <Alert color="yellow" title="This dry run has expired" role="alert">
      Dry runs are kept for an hour, and only your latest three. Nothing was changed: run it again
      to see what the change would do now.
      <Button size="xs" mt="sm" display="block" onClick={onRunAgain}>
        Run the dry run again
      </Button>
    </Alert>
  );
}
