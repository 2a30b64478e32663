import { changeSetName } from '../../contract/change-set-name';
import { Alert, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useConfirmUndo, useUndoPlan } from '../../api/journal/undo-change-set';
import { isPlanGone, PlanGone } from '../../components/change-sets/PlanGone';
import { PlanPreview } from '../../components/change-sets/PlanPreview';
import { fieldCount } from '../../components/plural';
import { useOpenerFocus } from '../../components/use-opener-focus';
import type { ChangeSetSummary, PlanCounts } from '../../contract/journal';

/** What the undo's dry run found, in words: fields put back, fields made to name a new id, fields refused. */
function undoWords({ change, skip, repoint = 0 }: PlanCounts): string {
  const words = [`${fieldCount(change - repoint)} will be put back as before.`];
  if (repoint > 0)
    words.push(`${fieldCount(repoint)} that nested a deleted field will name its new id.`);
  if (skip > 0) words.push(`${fieldCount(skip)} will be refused.`);
  return words.join(' ');
}

/**
 * Undo of a change set, confirmed: the dry run first, kept by the server and listed a page
 * at a time, each field refused because it changed again since saying so; then the undo,
 * confirmed by the dry run's id.
 */
export function UndoDialog({
  changeSet,
  onClose,
  onStarted,
}: {
  changeSet: ChangeSetSummary;
  onClose: () => void;
  onStarted: (undoId: number) => void;
}) {
  const focusOpener = useOpenerFocus();
  const close = () => {
    onClose();
    focusOpener();
  };
  const { id, counts } = changeSet;
  const dryRun = useUndoPlan({ id, applied: counts.applied });
  const undo = useConfirmUndo(id);
  const plan = dryRun.data;
  const gone = undo.isError && isPlanGone(undo.error);
  /** A dry run no longer kept is made again. */
  const runAgain = () => {
    undo.reset();
    void dryRun.refetch();
  };

  return (
    <Modal opened onClose={close} title={`Undo ${changeSetName(changeSet.id)}?`}>
      <Stack>
        {dryRun.isFetching && (
          <Loader size="sm" role="status" aria-label="Working out what undo would do" />
        )}
        {dryRun.isError && (
          <Alert color="red" title="The undo could not be planned">
            {dryRun.error.message}
          </Alert>
        )}
        {plan && !dryRun.isFetching && (
          <PlanPreview
            plan={plan}
            onRunAgain={runAgain}
            countWords={undoWords(plan.counts)}
            label="What the undo would do"
          />
        )}
        {undo.isError &&
          (gone ? (
            <PlanGone onRunAgain={runAgain} />
          ) : (
            <Alert color="red" title="The undo was refused">
              {undo.error.message}
            </Alert>
          ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={!plan || plan.counts.change === 0 || dryRun.isFetching || gone}
            loading={undo.isPending}
            onClick={() => plan && undo.mutate(plan, { onSuccess: (set) => onStarted(set.id) })}
          >
            Undo
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
