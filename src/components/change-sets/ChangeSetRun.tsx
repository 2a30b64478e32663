import { Alert, Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useCancelChangeSet } from '../../api/journal/cancel-change-set';
import { useCheckChangeSet } from '../../api/journal/check-change-set';
import { refreshAfterChangeSet, useChangeSet } from '../../api/journal/get-change-set';
import { useRetryChangeSet } from '../../api/journal/retry-change-set';
import type { ChangeSetDetail } from '../../contract/journal';
import { ErrorState } from '../ErrorState';
import { fieldCount } from '../plural';
import { changeSetSummary, settledShare } from './change-set-summary';
import { skipWords } from './change-words';
import { UndoChangeSet } from './UndoChangeSet';
import { undoRefusal } from '../../contract/undo-rule';
import { UserText } from '../UserText';

/**
 * Whether a finished set changed nothing because its fields changed since they were
 * read: the same change, asked again of the fields as they are now, may go through.
 */
function onlyChangedSince(detail: ChangeSetDetail): boolean {
  return (
    detail.changeSet.counts.applied === 0 &&
    detail.items.some((item) => item.reason === 'changed-since')
  );
}

/**
 * A recorded change set as it runs: its progress (read again while it runs), cancel,
 * retry of its failures, and undo once it has finished.
 */
export function ChangeSetRun({
  id,
  onClose,
  onBack,
  verified,
}: {
  id: number;
  onClose?: () => void;
  /** Back to the form, with what was typed in it, when the set changed nothing as its fields changed since. */
  onBack?: () => void;
  /** Once the set has ended: what the fields read back say of it (a hand-over's owners). */
  verified?: (detail: ChangeSetDetail) => ReactNode;
}) {
  const query = useChangeSet(id);
  const cancel = useCancelChangeSet();
  const retry = useRetryChangeSet();
  const check = useCheckChangeSet();
  // The button that started the change is gone once it runs: focus lost with it goes to
  // what the change does, so the keyboard goes on from here (Undo…, Close).
  const focusTaken = useRef(false);
  const takeLostFocus = (status: HTMLElement | null) => {
    if (!status || focusTaken.current) return;
    focusTaken.current = true;
    if (!document.activeElement || document.activeElement === document.body) status.focus();
  };
  const client = useQueryClient();
  const finished = query.data !== undefined && query.data.changeSet.state !== 'running';
  // A set can be done before its first read: the fields on screen are read again then too.
  useEffect(() => {
    if (finished) void refreshAfterChangeSet(client);
  }, [finished, client]);
  if (query.isPending) return <Text size="sm">Starting…</Text>;
  if (query.isError)
    return (
      <ErrorState
        title="The change's progress could not be read"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const detail = query.data;
  const running = detail.changeSet.state === 'running';
  const failures = detail.items.filter((item) => item.state === 'failed');
  // Sent, but the instance stopped answering before saying whether it applied them.
  const unconfirmed = detail.items.filter((item) => item.state === 'unknown');
  const skipped = detail.items.filter((item) => item.state === 'skipped');
  return (
    <Stack gap="sm" style={{ overflowWrap: 'anywhere' }}>
      <Progress value={settledShare(detail)} aria-label="Progress of the change" />
      <Text size="sm" fw={600} role="status" tabIndex={-1} ref={takeLostFocus}>
        {changeSetSummary(detail)}
      </Text>
      {skipped.length > 0 && (
        <List size="sm" aria-label="Skipped fields">
          {skipped.map((item) => (
            <List.Item key={item.fieldId}>
              <UserText text={item.fieldName} />: {skipWords(item)}
            </List.Item>
          ))}
        </List>
      )}
      {failures.length > 0 && (
        <Alert color="red" title={`${fieldCount(failures.length)} failed`}>
          <List size="sm">
            {failures.map((item) => (
              <List.Item key={item.fieldId}>
                <UserText text={item.fieldName} />: {item.error?.message ?? 'failed'}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {unconfirmed.length > 0 && (
        <Alert color="yellow" title={`${fieldCount(unconfirmed.length)} not confirmed`}>
          <List size="sm" aria-label="Fields not confirmed">
            {unconfirmed.map((item) => (
              <List.Item key={item.fieldId}>
                <UserText text={item.fieldName} />:{' '}
                {item.error?.message ?? 'the instance did not say'}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {!running && verified?.(detail)}
      <Group justify="flex-end" gap="xs">
        {running && (
          <Button variant="default" loading={cancel.isPending} onClick={() => cancel.mutate(id)}>
            Cancel
          </Button>
        )}
        {!running && unconfirmed.length > 0 && (
          <Button variant="default" loading={check.isPending} onClick={() => check.mutate(id)}>
            Check against the instance
          </Button>
        )}
        {!running && failures.length > 0 && (
          <Button variant="default" loading={retry.isPending} onClick={() => retry.mutate(id)}>
            Retry failed
          </Button>
        )}
        {!running && detail.changeSet.counts.applied > 0 && (
          <UndoChangeSet id={id} refusal={undoRefusal(detail.changeSet)} />
        )}
        {!running && onBack && onlyChangedSince(detail) && (
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
        )}
        {!running && onClose && <Button onClick={onClose}>Close</Button>}
      </Group>
    </Stack>
  );
}
