import { Badge, Button, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { Fragment, useState } from 'react';
import { CancelRunning } from '../../components/change-sets/CancelRunning';
import { useCheckChangeSet } from '../../api/journal/check-change-set';
import { useRetryChangeSet } from '../../api/journal/retry-change-set';
import {
  useMayActOnChangeSet,
  useMayRetryChangeSet,
} from '../../components/change-sets/use-can-write';
import { DateTime } from '../../components/DateTime';
import type { ChangeSetSummary } from '../../contract/journal';
import { takeLostFocus } from '../../components/focus-lost';
import { UndoRefused } from '../../components/change-sets/UndoRefused';
import { progressLine } from '../../components/change-sets/change-set-summary';
import { changeSetName } from '../../contract/change-set-name';
import { onlyFieldUndone, undoRefusal } from '../../contract/undo-rule';
import { ChangeSetItems } from './ChangeSetItems';
import { UserText } from '../../components/UserText';

/**
 * One change set: its summary, its items when expanded, and what may be done with it.
 * Its rows only: the undo dialog it asks for with `onUndo` is the page's, outside the table.
 */
export function ChangeSetRow({
  changeSet,
  columns,
  onUndo,
  pointedAt = false,
}: {
  changeSet: ChangeSetSummary;
  columns: number;
  onUndo: () => void;
  /** The set the page's address names: shown open, scrolled into view and marked. */
  pointedAt?: boolean;
}) {
  const [expanded, setExpanded] = useState(pointedAt);
  const scrollTo = (row: HTMLTableRowElement | null) => {
    if (pointedAt) row?.scrollIntoView?.({ block: 'center' });
  };
  const check = useCheckChangeSet();
  const retry = useRetryChangeSet();
  const { id, counts } = changeSet;
  const itemsId = `change-set-${id}-items`;
  const finished = changeSet.state !== 'running';
  const mayAct = useMayActOnChangeSet(changeSet.kind);
  const mayRetry = useMayRetryChangeSet(changeSet);
  const refusal = undoRefusal(changeSet, onlyFieldUndone(changeSet));
  const openItems = counts.pending + counts.unknown;

  return (
    <Fragment>
      <Table.Tr
        ref={scrollTo}
        aria-current={pointedAt ? 'true' : undefined}
        bg={pointedAt ? 'var(--mantine-primary-color-light)' : undefined}
      >
        <Table.Td>
          {/* A set pointed at once an undo started here is the undo: the keyboard goes on from it. */}
          <UnstyledButton
            ref={pointedAt ? takeLostFocus : undefined}
            aria-expanded={expanded}
            aria-controls={itemsId}
            onClick={() => setExpanded(!expanded)}
          >
            <Text size="sm" fw={600} td="underline">
              #{id} {changeSet.kind}
            </Text>
          </UnstyledButton>
          {/* A long unbroken name or note wraps: it pushed State and Undo past the screen. */}
          {changeSet.onlyField && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              <UserText text={changeSet.onlyField.name} /> (field {changeSet.onlyField.id})
            </Text>
          )}
          {changeSet.note && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <UserText text={changeSet.note} />
            </Text>
          )}
        </Table.Td>
        <Table.Td data-label="Person">
          <UserText text={changeSet.person} />
        </Table.Td>
        <Table.Td data-label="When">
          <DateTime epochMs={changeSet.createdAt} withTime />
        </Table.Td>
        <Table.Td data-label="State">
          {/* Its word whole: a narrow table (a phone, a long line of counts) would cut it. */}
          <Badge variant="default" miw="max-content">
            {changeSet.state}
          </Badge>
          {changeSet.undoneBy !== null && (
            <Text size="xs" c="dimmed">
              undone by {changeSetName(changeSet.undoneBy)}
            </Text>
          )}
        </Table.Td>
        <Table.Td data-label="Items">
          <Text size="sm">{progressLine(changeSet)}</Text>
        </Table.Td>
        <Table.Td>
          {mayAct && finished && (
            <Group gap="xs" wrap="nowrap">
              {/* Open items: a crash stopped the set, or the instance stopped answering. */}
              {openItems > 0 && (
                <Button
                  size="xs"
                  variant="light"
                  loading={check.isPending}
                  onClick={() => check.mutate(id)}
                >
                  Check against the instance
                </Button>
              )}
              {mayRetry && counts.failed > 0 && openItems === 0 && changeSet.undoneBy === null && (
                <Button
                  size="xs"
                  variant="light"
                  loading={retry.isPending}
                  onClick={() => retry.mutate(id)}
                >
                  {changeSet.state === 'incomplete' ? 'Finish' : 'Retry failed'}
                </Button>
              )}
              {refusal === undefined && counts.applied > 0 && openItems === 0 && (
                <Button size="xs" variant="default" onClick={onUndo}>
                  Undo
                </Button>
              )}
            </Group>
          )}
          {mayAct && refusal !== undefined && counts.applied > 0 && (
            <UndoRefused refusal={refusal} label="Undo" size="xs" />
          )}
          {/* A running set's undo is refused "until it is cancelled or done": cancel is here too. */}
          {mayAct && !finished && <CancelRunning id={id} size="xs" mt={4} />}
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr id={itemsId}>
          <Table.Td colSpan={columns}>
            <ChangeSetItems changeSet={changeSet} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}
