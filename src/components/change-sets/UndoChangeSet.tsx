import { changeSetName } from '../../contract/change-set-name';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterChangeSet, useChangeSetSummary } from '../../api/journal/get-change-set';
import { useConfirmUndo, useUndoPlan } from '../../api/journal/undo-change-set';
import type { ChangeSetMention } from '../../contract/journal';
import { changeSetSummary } from './change-set-summary';
import { isPlanGone, PlanGone } from './PlanGone';
import { PlanPreview } from './PlanPreview';
import { UndoneBy } from './UndoneBy';
import { UndoRefused } from './UndoRefused';
import { useEffect, useId, useState } from 'react';
import { asSentence } from '../../api/api-error';

/**
 * What an undo did, read from its own change set: a field changed again since is
 * left as it is, so "every field is back" would not always be true.
 */
function UndoOutcome({ id }: { id: number }) {
  // Followed by its summary: the detail of an undo of thousands of fields is megabytes.
  const query = useChangeSetSummary(id);
  const finished = query.data !== undefined && query.data.state !== 'running';
  const client = useQueryClient();
  useEffect(() => {
    if (finished) void refreshAfterChangeSet(client);
  }, [finished, client]);
  if (!query.data) return null;
  const changeSet = query.data;
  const words =
    changeSet.state === 'running'
      ? `Undoing (${changeSetName(id)})…`
      : `Undone by ${changeSetName(id)}: ${changeSetSummary({ changeSet })}`;
  return (
    <Text size="sm" role="status" w="100%">
      {words}
    </Text>
  );
}

/**
 * Undo of a change set, confirmed: its dry run first, kept by the server and read a page
 * at a time (which fields go back, which changed again since and stay), then the undo,
 * confirmed by the dry run's id and itself recorded as a change set, and what it did.
 * A set undone already names its undo instead (`undoneBy`); one the journal would refuse
 * for another reason (`refusal`, from contract/undo-rule.ts) shows Undo disabled, saying why;
 * one it takes says beside Undo what it will leave as it is (`leavesOut`).
 */
export function UndoChangeSet({
  id,
  undoneBy,
  refusal,
  leavesOut,
  applied,
}: {
  id: number;
  undoneBy?: ChangeSetMention | null;
  refusal?: string;
  /** What the undo will leave as it is, said beside Undo (`undoLeavesOut`, undo-rule.ts). */
  leavesOut?: string;
  /** The fields the set applied, when known: an undo of many is waited for longer. */
  applied?: number;
}) {
  const leavesOutId = useId();
  const [asked, setAsked] = useState(false);
  const preview = useUndoPlan(asked ? { id, applied } : undefined);
  const undo = useConfirmUndo(id);
  const [madeHere, setMadeHere] = useState<number>();
  const client = useQueryClient();
  // An undo made here keeps saying what it did, after the history has learnt of it too.
  if (madeHere !== undefined) return <UndoOutcome id={madeHere} />;
  if (undoneBy) return <UndoneBy undo={undoneBy} />;
  if (refusal !== undefined) return <UndoRefused refusal={refusal} label="Undo…" />;
  const plan = preview.data;
  if (!plan) {
    const button = (
      <Button
        variant="default"
        aria-describedby={leavesOut === undefined ? undefined : leavesOutId}
        loading={preview.isFetching}
        onClick={() => (asked ? void preview.refetch() : setAsked(true))}
      >
        Undo…
      </Button>
    );
    const withNote =
      leavesOut === undefined ? (
        button
      ) : (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" id={leavesOutId}>
            {asSentence(leavesOut)}
          </Text>
          {button}
        </Stack>
      );
    // The journal refuses an undo of a set undone already (from another tab, or the
    // Activity page) or still running: say why, rather than a button that does nothing.
    if (!preview.isError) return withNote;
    return (
      <Stack gap="xs" w="100%" align="flex-end">
        <Alert color="red" title="The undo was refused" w="100%">
          {preview.error.message}
        </Alert>
        {withNote}
      </Stack>
    );
  }
  /** A dry run no longer kept is made again. */
  const runAgain = () => {
    undo.reset();
    void preview.refetch();
  };
  const gone = undo.isError && isPlanGone(undo.error);
  return (
    <Stack gap="xs" w="100%">
      <Text size="sm" fw={600}>
        Undo this change?
      </Text>
      {preview.isFetching ? (
        <Stack role="status" aria-label="Working out what undo would do" gap="xs">
          <Skeleton height={20} />
          <Skeleton height={60} />
        </Stack>
      ) : (
        <PlanPreview plan={plan} onRunAgain={runAgain} label="What the undo would do" />
      )}
      {undo.isError &&
        (gone ? (
          <PlanGone onRunAgain={runAgain} />
        ) : (
          <Alert color="red" title="The undo failed">
            {undo.error.message}
          </Alert>
        ))}
      <Group justify="flex-end" gap="xs">
        <Button
          variant="default"
          onClick={() => {
            undo.reset();
            setAsked(false);
          }}
        >
          Keep the change
        </Button>
        <Button
          color="red"
          disabled={plan.counts.change === 0 || preview.isFetching || gone}
          loading={undo.isPending}
          onClick={() =>
            undo.mutate(plan, {
              onSuccess: (summary) => {
                void refreshAfterChangeSet(client);
                setMadeHere(summary.id);
              },
            })
          }
        >
          Undo
        </Button>
      </Group>
    </Stack>
  );
}
