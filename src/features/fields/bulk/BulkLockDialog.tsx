import { Modal } from '@mantine/core';
import { useInertApp } from '../../../components/use-inert-app';
import { BulkLockProgress } from './BulkLockProgress';
import type { LockPlan, SelectedField } from '../selection/field-selection';
import { LockConfirmation } from './LockConfirmation';
import { lockWords } from './lock-words';
import { useBulkLock } from './use-bulk-lock';

/**
 * Locks or unlocks the selection: a confirmation that says how many will change, then
 * the run's progress and results. It cannot be dismissed while requests are in flight.
 */
export function BulkLockDialog({
  plan,
  onClose,
  onFieldsDone,
}: {
  /** Opens the dialog for this plan; undefined closes it. */
  plan: LockPlan | undefined;
  onClose: () => void;
  /** Each batch of fields the run has changed, with their new state. */
  onFieldsDone: (fields: readonly SelectedField[]) => void;
}) {
  const bulkLock = useBulkLock(onFieldsDone);
  useInertApp(plan !== undefined);
  const { status, progress } = bulkLock;
  const busy = status !== undefined && status !== 'finished';
  const close = () => {
    if (busy) return;
    bulkLock.reset();
    onClose();
  };
  const locked = plan?.locked ?? true;
  return (
    <Modal
      opened={plan !== undefined}
      onClose={close}
      title={`${lockWords(locked).verb} selected fields`}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {plan &&
        (progress ? (
          <BulkLockProgress
            progress={progress}
            locked={locked}
            onCancel={bulkLock.cancel}
            onRetryFailed={bulkLock.retryFailed}
            onClose={close}
          />
        ) : (
          <LockConfirmation
            plan={plan}
            onConfirm={(requestsAtOnce) => bulkLock.start(plan, requestsAtOnce)}
            onCancel={close}
          />
        ))}
    </Modal>
  );
}
