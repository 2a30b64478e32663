import { changeSetName } from '../../contract/change-set-name';
import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterChangeSet, useChangeSetSummary } from '../../api/journal/get-change-set';
import type { ChangeSetMention } from '../../contract/journal';
import { changeSetSummary } from './change-set-summary';
import { UndoneBy } from './UndoneBy';
import { UndoRefused } from './UndoRefused';
import { UndoDryRunRefused, UndoSteps } from './UndoSteps';
import { useUndoSteps } from './use-undo-steps';
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
 * Undo of a change set, inline (the drawer's history, a change's outcome): its dry run
 * first, then the undo confirmed by the dry run's id and itself recorded as a change set,
 * and what it did; the steps between are Activity's (UndoSteps). A set undone already
 * names its undo instead (`undoneBy`); one the journal would refuse for another reason
 * (`refusal`, from contract/undo-rule.ts) shows Undo disabled, saying why; one it takes
 * says beside Undo what it will leave as it is (`leavesOut`).
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
  const steps = useUndoSteps(id, asked, applied);
  const { dryRun } = steps;
  const [madeHere, setMadeHere] = useState<number>();
  const client = useQueryClient();
  // An undo made here keeps saying what it did, after the history has learnt of it too.
  if (madeHere !== undefined) return <UndoOutcome id={madeHere} />;
  if (undoneBy) return <UndoneBy undo={undoneBy} />;
  if (refusal !== undefined) return <UndoRefused refusal={refusal} label="Undo…" />;
  if (!steps.plan) {
    const button = (
      <Button
        variant="default"
        aria-describedby={leavesOut === undefined ? undefined : leavesOutId}
        loading={dryRun.isFetching}
        onClick={() => (asked ? void dryRun.refetch() : setAsked(true))}
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
    if (!dryRun.isError) return withNote;
    return (
      <Stack gap="xs" w="100%" align="flex-end">
        <UndoDryRunRefused error={dryRun.error} />
        {withNote}
      </Stack>
    );
  }
  return (
    <Stack gap="xs" w="100%">
      <Text size="sm" fw={600}>
        Undo this change?
      </Text>
      <UndoSteps
        steps={steps}
        cancelLabel="Keep the change"
        onCancel={() => {
          steps.confirmation.reset();
          setAsked(false);
        }}
        onStarted={(summary) => {
          void refreshAfterChangeSet(client);
          setMadeHere(summary.id);
        }}
      />
    </Stack>
  );
}
