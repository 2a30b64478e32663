import { Alert, Button } from '@mantine/core';
import { isApiError } from '../../api/api-error';

/**
 * Whether the journal no longer keeps a dry run for this person: expired (410), or not
 * found (404: its line is dropped a day after it expired).
 */
export function isPlanGone(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && [404, 410].includes(error.status);
}

/**
 * A dry run that can no longer be confirmed: nothing was changed, and it can be made again
 * from the same form. Expired, unless `refusal` gives the journal's words for why it no
 * longer holds (an undo's set applied more fields since, say).
 */
export function PlanGone({ onRunAgain, refusal }: { onRunAgain: () => void; refusal?: string }) {
  return (
    <Alert
      color="yellow"
      title={refusal === undefined ? 'This dry run has expired' : 'This dry run no longer holds'}
      role="alert"
    >
      {refusal === undefined
        ? 'Dry runs are kept for an hour, and only your latest three. Nothing was changed: run it again to see what the change would do now.'
        : `${refusal} Nothing was changed.`}
      <Button size="xs" mt="sm" display="block" onClick={onRunAgain}>
        Run the dry run again
      </Button>
    </Alert>
  );
}
