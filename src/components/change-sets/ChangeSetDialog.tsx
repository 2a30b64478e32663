import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { usePlan } from '../../api/journal/plan-query';
import { useConfirmPlan } from '../../api/journal/start-change-set';
import type { ChangeSetRequest, KeptPlan } from '../../contract/journal';
import { ErrorState } from '../ErrorState';
import { useOpenerFocus } from '../use-opener-focus';
import { ChangeSetRun } from './ChangeSetRun';
import { isPlanGone, PlanGone } from './PlanGone';
import { PlanPreview } from './PlanPreview';

type Stage = 'form' | 'preview' | { running: number };

/**
 * Every change the app makes goes through here: a form (when the change needs one),
 * the dry run (what changes, what is skipped and why), a confirmation, and then the
 * recorded change set's progress with cancel, retry and undo.
 */
export function ChangeSetDialog({
  title,
  onClose,
  request,
  form,
  confirmLabel,
  confirm,
  blockedBy,
  size = 'lg',
}: {
  /** A sentence that may name a field: a person's text in it goes in a UserText. */
  title: ReactNode;
  onClose: () => void;
  /** The change as the form has it so far; undefined while it is not complete. */
  request: ChangeSetRequest | undefined;
  /** What the person fills in before the dry run; none goes straight to it. */
  form?: ReactNode;
  confirmLabel: string;
  /** What the person must do on the dry run before confirming (type a name, tick a box). */
  confirm?: (plan: KeptPlan) => ReactNode;
  /** Why the confirmation is refused on this dry run, if it is. */
  blockedBy?: (plan: KeptPlan) => string | undefined;
  size?: string;
}) {
  const [stage, setStage] = useState<Stage>(form ? 'form' : 'preview');
  // Closing plays the exit first; the owner unmounts the dialog when it ends.
  const [opened, setOpened] = useState(true);
  const focusOpener = useOpenerFocus();
  const close = () => setOpened(false);
  const closed = () => {
    onClose();
    focusOpener();
  };
  const plan = usePlan(stage === 'preview' ? request : undefined);
  const create = useConfirmPlan();
  // The button that went back is gone with its stage: focus goes to the form's input
  // (the one marked to take it on opening, or the first).
  const cameBack = useRef(false);
  const backToForm = () => {
    cameBack.current = true;
    create.reset();
    setStage('form');
  };
  const focusFormOnReturn = (formElement: HTMLFormElement | null) => {
    if (!formElement || !cameBack.current) return;
    cameBack.current = false;
    const input =
      formElement.querySelector<HTMLElement>('[data-autofocus]') ??
      formElement.querySelector<HTMLElement>('input, textarea, [contenteditable="true"]');
    input?.focus();
  };
  const busy = create.isPending;
  const blocked = plan.data && blockedBy?.(plan.data);
  /** A dry run no longer kept is made again; nothing the form holds is lost. */
  const runAgain = () => {
    create.reset();
    void plan.refetch();
  };

  let body: ReactNode;
  if (typeof stage === 'object') {
    // What was typed stays in the form (its state is the owner's): a change refused as
    // changed since may be asked again of the field as it is now.
    body = (
      <ChangeSetRun id={stage.running} onClose={close} onBack={form ? backToForm : undefined} />
    );
  } else if (stage === 'form') {
    body = (
      <form
        ref={focusFormOnReturn}
        onSubmit={(event) => {
          event.preventDefault();
          if (request) setStage('preview');
        }}
      >
        <Stack gap="sm">
          {form}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!request}>
              Preview
            </Button>
          </Group>
        </Stack>
      </form>
    );
  } else if (plan.isPending) {
    body = (
      <Stack role="status" aria-label="Checking what would change">
        <Skeleton height={20} />
        <Skeleton height={60} />
      </Stack>
    );
  } else if (plan.isError) {
    body = (
      <ErrorState
        title="The dry run failed"
        error={plan.error}
        onRetry={() => void plan.refetch()}
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        <PlanPreview plan={plan.data} onRunAgain={runAgain} />
        {confirm?.(plan.data)}
        {blocked && (
          <Text size="sm" c="red" role="alert">
            {blocked}
          </Text>
        )}
        {create.isError &&
          (isPlanGone(create.error) ? (
            <PlanGone onRunAgain={runAgain} />
          ) : (
            <Text size="sm" c="red" role="alert">
              {create.error.message}
            </Text>
          ))}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={form ? backToForm : close}>
            {form ? 'Back' : 'Cancel'}
          </Button>
          <Button
            loading={busy}
            // The dry run on screen while the change is planned again (a ticked box, a
            // run again) is the one before: only the new one may be confirmed.
            disabled={
              Boolean(blocked) ||
              plan.data.counts.change === 0 ||
              !request ||
              plan.isFetching ||
              (create.isError && isPlanGone(create.error))
            }
            onClick={() =>
              create.mutate(plan.data, {
                onSuccess: (summary) => setStage({ running: summary.id }),
              })
            }
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    );
  }

  const running = typeof stage === 'object';
  // The header is a plain box: inside the drawer a second <header> would be a second banner.
  return (
    <Modal.Root
      opened={opened}
      onClose={close}
      onExitTransitionEnd={closed}
      closeOnClickOutside={!running && !busy}
      size={size}
      centered
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{body}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
