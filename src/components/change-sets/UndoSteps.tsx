import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import type { ChangeSetSummary } from '../../contract/journal';
import { PlanGone } from './PlanGone';
import { PlanPreview } from './PlanPreview';
import { undoCountWords } from './undo-words';
import type { UndoSteps as Steps } from './use-undo-steps';

/** A dry run of an undo the journal refused (running, undone already), in its words. */
export function UndoDryRunRefused({ error }: { error: Error }) {
  return (
    <Alert color="red" title="The undo was refused" w="100%">
      {error.message}
    </Alert>
  );
}

/**
 * An undo's dry run and its confirmation, the same in Activity's dialog and the drawer's
 * form: working it out, what it would do in the undo's words, a dry run that no longer
 * holds and running it again, a refusal; then the choice to keep the change or undo it.
 */
export function UndoSteps({
  steps,
  cancelLabel,
  onCancel,
  onStarted,
}: {
  steps: Steps;
  cancelLabel: string;
  onCancel: () => void;
  onStarted: (undo: ChangeSetSummary) => void;
}) {
  const { dryRun, plan, confirmation, stale, failure } = steps;
  return (
    <Stack gap="xs" w="100%">
      {dryRun.isFetching ? (
        <Loader size="sm" role="status" aria-label="Working out what undo would do" />
      ) : (
        <>
          {dryRun.isError && <UndoDryRunRefused error={dryRun.error} />}
          {plan && (
            <PlanPreview
              plan={plan}
              onRunAgain={steps.runAgain}
              countWords={undoCountWords(plan.counts)}
              label="What the undo would do"
            />
          )}
        </>
      )}
      {stale && <PlanGone onRunAgain={steps.runAgain} refusal={stale.refusal} />}
      {failure && (
        <Alert color="red" title="The undo failed">
          {failure.message}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button
          color="red"
          disabled={!steps.canConfirm}
          loading={confirmation.isPending}
          onClick={() => steps.confirm(onStarted)}
        >
          Undo
        </Button>
      </Group>
    </Stack>
  );
}
