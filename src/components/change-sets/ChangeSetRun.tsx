import { Alert, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useCheckChangeSet } from '../../api/journal/check-change-set';
import {
  refreshAfterChangeSet,
  useChangeSet,
  useChangeSetSummary,
} from '../../api/journal/get-change-set';
import { useRetryChangeSet } from '../../api/journal/retry-change-set';
import { itemsPageQuery, useItemPages } from '../../api/journal/change-set-items';
import type { ChangeItem, ChangeSetDetail, ChangeSetSummary } from '../../contract/journal';
import { ErrorState } from '../ErrorState';
import { LongList } from '../LongList';
import { fieldCount } from '../plural';
import { changeSetSummary, progressCounts, settledShare } from './change-set-summary';
import { skipWords } from './change-words';
import { UndoChangeSet } from './UndoChangeSet';
import { undoRefusal } from '../../contract/undo-rule';
import { UserText } from '../UserText';
import { CancelRunning } from './CancelRunning';

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

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value.toLocaleString()}
      </Text>
    </div>
  );
}

/** The set's counts, each named (`progressCounts`): they add up to the share done and what remains. */
function RunCounts({ changeSet }: { changeSet: ChangeSetSummary }) {
  const counts = progressCounts(changeSet);
  return (
    <SimpleGrid cols={{ base: 3, xs: counts.length }}>
      {counts.map(({ label, value }) => (
        <Count key={label} label={label} value={value} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The ended set's fields in one state, each with why it did not change, read a page at
 * a time as the list shows them: a bulk change may skip thousands.
 */
function ItemList({
  changeSet,
  state,
  label,
  why,
}: {
  changeSet: ChangeSetSummary;
  state: 'skipped' | 'failed' | 'unknown';
  label: string;
  why: (item: ChangeItem) => string;
}) {
  const pages = useItemPages(changeSet.id, state, changeSet.finishedAt);
  if (pages.error) {
    return (
      <ErrorState
        title="The fields could not be read"
        error={pages.error}
        onRetry={() => void pages.refetch()}
      />
    );
  }
  return (
    <LongList
      label={label}
      count={changeSet.counts[state]}
      itemAt={pages.itemAt}
      onShown={pages.onShown}
      maxHeight={200}
      renderItem={(item) => (
        <Text size="sm" pb={2}>
          <UserText text={item.fieldName} />: {why(item)}
        </Text>
      )}
    />
  );
}

/** The states whose fields an ended set lists, each with why. */
const listedStates = ['skipped', 'failed', 'unknown'] as const;

function unreadProgress(error: Error, onRetry: () => void) {
  return (
    <ErrorState title="The change's progress could not be read" error={error} onRetry={onRetry} />
  );
}

/**
 * A recorded change set as it runs: its progress (its summary, read again while it
 * runs), cancel, and once it has finished its skipped and failed items, retry of the
 * failures, and undo.
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
  // Followed by its summary while it runs; once it has ended, the lists of its fields
  // read their pages. Its detail, every field before and after, is read only for what
  // needs all of it: what the fields say of it, or whether it changed nothing.
  const progress = useChangeSetSummary(id);
  const running = progress.data?.state === 'running';
  const finished = progress.data !== undefined && !running;
  const needsDetail =
    verified !== undefined || (onBack !== undefined && progress.data?.counts.applied === 0);
  const query = useChangeSet(id, finished && needsDetail);
  // An ended set's lists of fields show once their first items are read: until then its
  // progress stays on screen, rather than a column of "Loading…" and buttons that move.
  const firstPages = useQueries({
    queries: listedStates
      .filter((state) => finished && (progress.data?.counts[state] ?? 0) > 0)
      .map((state) => itemsPageQuery(id, state, progress.data?.finishedAt ?? null, 0)),
  });
  const listsRead = firstPages.every((page) => page.data !== undefined || page.isError);
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
  // A set can be done before its first read: the fields on screen are read again then too.
  useEffect(() => {
    if (finished) void refreshAfterChangeSet(client);
  }, [finished, client]);
  if (progress.isPending) return <Text size="sm">Starting…</Text>;
  if (progress.isError) return unreadProgress(progress.error, () => void progress.refetch());
  if (query.isError) return unreadProgress(query.error, () => void query.refetch());
  const changeSet = progress.data;
  // The items as the set ended, once read (after a retry, not those of its end before).
  const detail =
    finished && query.data?.changeSet.finishedAt === changeSet.finishedAt ? query.data : undefined;
  const ended = finished && (!needsDetail || detail !== undefined) && listsRead;
  const { failed, skipped } = changeSet.counts;
  // Sent, but the instance stopped answering before saying whether it applied them.
  const unconfirmed = changeSet.counts.unknown;
  return (
    <Stack gap="sm" style={{ overflowWrap: 'anywhere' }}>
      <Progress value={settledShare({ changeSet })} aria-label="Progress of the change" />
      <RunCounts changeSet={changeSet} />
      <Text size="sm" fw={600} role="status" tabIndex={-1} ref={takeLostFocus}>
        {changeSetSummary({ changeSet })}
      </Text>
      {ended && skipped > 0 && (
        <ItemList changeSet={changeSet} state="skipped" label="Skipped fields" why={skipWords} />
      )}
      {ended && failed > 0 && (
        <Alert color="red" title={`${fieldCount(failed)} failed`}>
          <ItemList
            changeSet={changeSet}
            state="failed"
            label="Failed fields"
            why={(item) => item.error?.message ?? 'failed'}
          />
        </Alert>
      )}
      {ended && unconfirmed > 0 && (
        <Alert color="yellow" title={`${fieldCount(unconfirmed)} not confirmed`}>
          <ItemList
            changeSet={changeSet}
            state="unknown"
            label="Fields not confirmed"
            why={(item) => item.error?.message ?? 'the instance did not say'}
          />
        </Alert>
      )}
      {detail && verified?.(detail)}
      <Group justify="flex-end" gap="xs">
        {running && <CancelRunning id={id} />}
        {ended && unconfirmed > 0 && (
          <Button variant="default" loading={check.isPending} onClick={() => check.mutate(id)}>
            Check against the instance
          </Button>
        )}
        {ended && failed > 0 && (
          <Button variant="default" loading={retry.isPending} onClick={() => retry.mutate(id)}>
            Retry failed
          </Button>
        )}
        {ended && changeSet.counts.applied > 0 && (
          <UndoChangeSet
            id={id}
            refusal={undoRefusal(changeSet)}
            applied={changeSet.counts.applied}
          />
        )}
        {detail && onBack && onlyChangedSince(detail) && (
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
        )}
        {ended && onClose && <Button onClick={onClose}>Close</Button>}
      </Group>
    </Stack>
  );
}
