import { Alert, Button, Checkbox, Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useCancelChangeSet } from '../../api/journal/cancel-change-set';
import { useChangeSet } from '../../api/journal/get-change-set';
import { useRetryChangeSet } from '../../api/journal/retry-change-set';
import { useStartChangeSet } from '../../api/journal/start-change-set';
import type { ChangeItemRequest, ChangeSetDetail, ChangeSetSummary } from '../../contract/journal';
import type { WorkflowPreview } from '../../contract/workflows';

const errorText = (error: unknown) =>
  isApiError(error) ? error.message : 'The change set could not be started.';

function ChangeSetProgress({
  id,
  verified,
}: {
  id: number;
  verified?: (detail: ChangeSetDetail) => ReactNode;
}) {
  const { data } = useChangeSet(id);
  const cancel = useCancelChangeSet();
  const retry = useRetryChangeSet();
  if (!data) return <Text role="status">Starting…</Text>;
  const { state, counts } = data.changeSet;
  const done = counts.applied + counts.failed + counts.skipped + counts.unknown;
  const running = state === 'running';
  return (
    <Stack gap="xs">
      <Progress
        value={counts.total === 0 ? 100 : (100 * done) / counts.total}
        aria-label="Progress"
      />
      <Text role="status">
        {words(state)}: {counts.applied} applied, {counts.failed} failed, {counts.skipped} skipped
        of {counts.total}.
      </Text>
      <Group>
        {running && (
          <Button variant="default" loading={cancel.isPending} onClick={() => cancel.mutate(id)}>
            Cancel after this batch
          </Button>
        )}
        {!running && counts.failed > 0 && (
          <Button loading={retry.isPending} onClick={() => retry.mutate(id)}>
            Retry {counts.failed} failed
          </Button>
        )}
      </Group>
      {!running && verified?.(data)}
    </Stack>
  );
}

function words(state: ChangeSetSummary['state']): string {
  return { running: 'Running', done: 'Done', cancelled: 'Cancelled', incomplete: 'Incomplete' }[
    state
  ];
}

/** Posts the previewed changes chosen as one change set of the journal, then follows it. */
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
  const count = changes.length;
  if (start.data) return <ChangeSetProgress id={start.data.id} verified={verified} />;
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
