import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useMe } from '../../api/journal/get-me';
import { listChangeSets, useChangeSets } from '../../api/journal/list-change-sets';
import type { ExportFormat } from '../../components/download-file';
import { downloadFile } from '../../components/download-file';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { plural } from '../../components/plural';
import { useDocumentTitle } from '../../components/use-document-title';
import { usePhoneLayout } from '../../components/use-phone-layout';
import type { ChangeKind, ChangeSetQuery, ChangeSetSummary } from '../../contract/journal';
import { changeKinds } from '../../contract/journal';
import { activityFile } from './activity-export';
import { ChangeSetRow } from './ChangeSetRow';
import { UndoDialog } from './UndoDialog';
import classes from './ActivityPage.module.css';
import type { ActivityFilters } from './use-activity-filters';
import { useActivityFilters } from './use-activity-filters';

const PAGE_SIZE = 50;
/** The most change sets one export holds: the newest that match the filters. */
const EXPORT_MAX = 500;
const COLUMNS = 6;

const startOfDay = (day: string) => (day ? new Date(`${day}T00:00:00`).getTime() : undefined);
const endOfDay = (day: string) => (day ? new Date(`${day}T23:59:59.999`).getTime() : undefined);

function queryOf(filters: ActivityFilters, offset: number, limit = PAGE_SIZE): ChangeSetQuery {
  return {
    person: filters.person.trim() || undefined,
    kind: filters.kind ?? undefined,
    from: startOfDay(filters.from),
    to: endOfDay(filters.to),
    limit,
    offset,
  };
}

/** Every change the app made, as change sets: who, when, what, and the way back. */
export function ActivityPage() {
  useDocumentTitle('Activity');
  const phone = usePhoneLayout();
  const [filters, setFilters] = useActivityFilters();
  const [offset, setOffset] = useState(0);
  const [undoing, setUndoing] = useState<ChangeSetSummary>();
  const query = queryOf(filters, offset);
  const list = useChangeSets(query);
  // Asked beside the list rather than by its rows, so their actions come with them.
  useMe();
  const filter = (change: Partial<ActivityFilters>) => {
    void setFilters(change);
    setOffset(0);
  };
  const exportAs = async (format: ExportFormat) => {
    const all = await listChangeSets(queryOf(filters, 0, EXPORT_MAX));
    downloadFile(activityFile(format, all.changeSets, new Date()));
  };

  return (
    <Stack p="md" gap="md">
      <Title order={1} size="h2">
        Activity
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Person"
          value={filters.person}
          onChange={(event) => filter({ person: event.currentTarget.value })}
        />
        <Select
          label="Kind"
          placeholder="Any kind"
          clearable
          data={[...changeKinds]}
          value={filters.kind}
          onChange={(kind) => filter({ kind: kind as ChangeKind | null })}
        />
        <TextInput
          label="From"
          type="date"
          value={filters.from}
          onChange={(event) => filter({ from: event.currentTarget.value })}
        />
        <TextInput
          label="To"
          type="date"
          value={filters.to}
          onChange={(event) => filter({ to: event.currentTarget.value })}
        />
        <Group gap="xs">
          <Button variant="default" onClick={() => void exportAs('csv')}>
            Export CSV
          </Button>
          <Button variant="default" onClick={() => void exportAs('json')}>
            Export JSON
          </Button>
        </Group>
      </Group>
      {list.isPending ? (
        <PageLoader label="Loading the change sets" />
      ) : list.isError ? (
        <ErrorState
          title="The change sets could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.total === 0 ? (
        <Text c="dimmed">No change sets match. Changes made in the app appear here.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={phone ? 0 : 720}>
            <Table aria-label="Change sets" verticalSpacing="xs" className={classes.sets}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Change set</Table.Th>
                  <Table.Th>Person</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Items</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.changeSets.map((changeSet) => (
                  <ChangeSetRow
                    key={changeSet.id}
                    changeSet={changeSet}
                    columns={COLUMNS}
                    onUndo={() => setUndoing(changeSet)}
                    pointedAt={changeSet.id === filters.changeSet}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {offset + 1}–{offset + list.data.changeSets.length} of{' '}
              {plural(list.data.total, 'change set', 'change sets')}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
              >
                Newer
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={offset + PAGE_SIZE >= list.data.total}
                onClick={() => setOffset(offset + PAGE_SIZE)}
              >
                Older
              </Button>
            </Group>
          </Group>
        </>
      )}
      {undoing && (
        <UndoDialog
          changeSet={undoing}
          onClose={() => setUndoing(undefined)}
          onStarted={(undoId) => {
            setUndoing(undefined);
            // The set undone loses its Undo, and the focus with it: the undo, newest of
            // all, is shown instead, open with its items, and takes the focus.
            filter({ changeSet: undoId });
          }}
        />
      )}
    </Stack>
  );
}
