import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useUndoChangeSet } from '../../api/journal/undo-change-set';
import { LongList } from '../../components/LongList';
import { plural } from '../../components/plural';
import { useOpenerFocus } from '../../components/use-opener-focus';
import type { ChangeSetSummary } from '../../contract/journal';
import { UserText } from '../../components/UserText';

/**
 * Undo of a change set, confirmed: the dry run first, listing each field that will
 * be refused because it changed again since, then the undo itself.
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
  const dryRun = useUndoChangeSet();
  const undo = useUndoChangeSet();
  const { mutate } = dryRun;
  const { id, counts } = changeSet;
  useEffect(
    () => mutate({ id, dryRun: true, applied: counts.applied }),
    [mutate, id, counts.applied],
  );
  const plan = dryRun.data?.plan;
  const refused = plan?.items.filter((item) => item.action === 'skip') ?? [];
  const repointed = plan?.items.filter((item) => item.action === 'change' && item.repoint) ?? [];

  return (
    <Modal opened onClose={close} title={`Undo change set ${changeSet.id}?`}>
      <Stack>
        {dryRun.isPending && (
          <Loader size="sm" role="status" aria-label="Working out what undo would do" />
        )}
        {dryRun.isError && (
          <Alert color="red" title="The undo could not be planned">
            {dryRun.error.message}
          </Alert>
        )}
        {plan && (
          <>
            <Text size="sm">
              {plural(plan.counts.change - repointed.length, 'field', 'fields')} will be put back as
              before.
            </Text>
            {repointed.length > 0 && (
              <Alert
                color="blue"
                title={`${plural(repointed.length, 'field', 'fields')} that nested a deleted field will name its new id`}
              >
                <LongList
                  label="Fields to name a new id"
                  count={repointed.length}
                  itemAt={(index) => repointed[index]}
                  renderItem={(item) => (
                    <Text size="sm" pb={2}>
                      <UserText text={item.name} />: {item.message}
                    </Text>
                  )}
                />
              </Alert>
            )}
            {refused.length > 0 && (
              <Alert
                color="yellow"
                title={`${plural(refused.length, 'field', 'fields')} will be refused`}
              >
                <LongList
                  label="Refused fields"
                  count={refused.length}
                  itemAt={(index) => refused[index]}
                  renderItem={(item) => (
                    <Text size="sm" pb={2}>
                      <UserText text={item.name} />: {item.message ?? item.reason}
                    </Text>
                  )}
                />
              </Alert>
            )}
          </>
        )}
        {undo.isError && (
          <Alert color="red" title="The undo was refused">
            {undo.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={!plan || plan.counts.change === 0}
            loading={undo.isPending}
            onClick={() =>
              undo.mutate(
                { id, dryRun: false, applied: counts.applied },
                { onSuccess: (answer) => answer.changeSet && onStarted(answer.changeSet.id) },
              )
            }
          >
            Undo
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
