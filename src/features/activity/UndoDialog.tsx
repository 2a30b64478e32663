import { changeSetName } from '../../contract/change-set-name';
import { Modal } from '@mantine/core';
import { UndoSteps } from '../../components/change-sets/UndoSteps';
import { useUndoSteps } from '../../components/change-sets/use-undo-steps';
import { useOpenerFocus } from '../../components/use-opener-focus';
import type { ChangeSetSummary } from '../../contract/journal';

/**
 * Undo of a change set, in a dialog: its dry run at once, then the undo confirmed by the
 * dry run's id; the steps between are the drawer's (UndoSteps).
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
  const steps = useUndoSteps(changeSet.id, true, changeSet.counts.applied);
  return (
    <Modal opened onClose={close} title={`Undo ${changeSetName(changeSet.id)}?`}>
      <UndoSteps
        steps={steps}
        cancelLabel="Cancel"
        onCancel={close}
        onStarted={(undo) => onStarted(undo.id)}
      />
    </Modal>
  );
}
