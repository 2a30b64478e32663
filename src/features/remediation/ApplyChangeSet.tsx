import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useStartChangeSet } from '../../api/journal/start-change-set';
import { ChangeSetRun } from '../../components/change-sets/ChangeSetRun';
import { useMe } from '../../api/journal/get-me';
import type { ChangeItemRequest, ChangeSetDetail } from '../../contract/journal';
import type { WorkflowPreview } from '../../contract/workflows';

const errorText = (error: unknown) =>
  isApiError(error) ? error.message : 'The change set could not be started.';

/**
 * Posts the previewed changes chosen as one change set of the journal, then follows it
 * (progress, cancel, retry, undo) as every change set of the app is followed.
 */
export function ApplyChangeSet({
  preview,
  changes,
  verified,
}: {
  preview: WorkflowPreview;
  changes: ChangeItemRequest[];
  /** Once the set has ended: what the fields read back say of it. */
  verified?: (detail: ChangeSetDetail) => ReactNode;
}) {
  const [allowInvalid, setAllowInvalid] = useState(false);
  const start = useStartChangeSet();
  const me = useMe().data;
  const count = changes.length;
  if (start.data) return <ChangeSetRun id={start.data.id} verified={verified} />;
  // A reader may preview a fix (what it would change is worth knowing), not apply it.
  if (me?.canWrite !== true) {
    return (
      <Text size="sm" c="dimmed">
        {me?.role === 'editor'
          ? 'This server sends only locks and unlocks with the token it holds: applying needs it started with --allow-writes.'
          : "This token may look, not change: applying needs an editor's token."}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {preview.counts.invalid > 0 && (
        <Checkbox
          label={`Also save the ${preview.counts.invalid} that would be INVALID`}
          checked={allowInvalid}
          onChange={(event) => setAllowInvalid(event.currentTarget.checked)}
        />
      )}
      {start.isError && (
        <Alert color="red" title="Not applied">
          {errorText(start.error)}
        </Alert>
      )}
      <Group>
        <Button
          disabled={count === 0}
          loading={start.isPending}
          onClick={() =>
            start.mutate({
              kind: preview.kind,
              items: changes,
              ...(allowInvalid ? { allowInvalid } : {}),
            })
          }
        >
          Apply {count} {count === 1 ? 'change' : 'changes'}
        </Button>
      </Group>
    </Stack>
  );
}
