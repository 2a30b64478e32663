import { Code, Loader, Stack, Table, Text } from '@mantine/core';
import { useChangeSet } from '../../api/journal/get-change-set';
import { ErrorState } from '../../components/ErrorState';
import type { ChangeItem } from '../../contract/journal';
import { FieldLink } from '../../components/FieldLink';
import {
  changedProperties,
  type PropertyChange,
} from '../../components/change-sets/changed-properties';
import { skipWords } from '../../components/change-sets/change-words';
import { UserText } from '../../components/UserText';

/** The items of one change set: each field, what happened to it and why, and what changed. */
export function ChangeSetItems({ id }: { id: number }) {
  const query = useChangeSet(id);
  if (query.isPending)
    return <Loader size="sm" role="status" aria-label="Loading the change set's items" />;
  if (query.isError) {
    return (
      <ErrorState
        title="The items could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { items } = query.data;
  return (
    // Names and expressions are the person's text: a long one wraps in its cell rather
    // than widening the journal past the screen, where its Undo would be out of reach.
    <Table
      withTableBorder
      aria-label={`Items of change set ${id}`}
      style={{ overflowWrap: 'anywhere' }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>Change</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item, index) => (
          <Table.Tr key={index}>
            <Table.Td>
              <FieldLink id={item.newId ?? item.fieldId}>
                <UserText text={item.fieldName} />
              </FieldLink>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600}>
                {item.state}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{reasonOf(item)}</Text>
            </Table.Td>
            <Table.Td>
              <ItemDiff item={item} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function reasonOf(item: ChangeItem): string {
  return item.reason ? skipWords(item) : (item.error?.message ?? '');
}

function ItemDiff({ item }: { item: ChangeItem }) {
  if ('delete' in item.change && item.state === 'applied') return <Text size="sm">deleted</Text>;
  if ('restore' in item.change) return <Text size="sm">created again{asNewField(item)}</Text>;
  const changes = item.before && item.after ? changedProperties(item.before, item.after) : [];
  if (changes.length === 0) return null;
  return (
    <Stack gap={2}>
      {changes.map(({ property, before, after }) => (
        <Text size="sm" key={property}>
          {property}: <Code>{shownValue(property, before)}</Code> →{' '}
          <Code>{shownValue(property, after)}</Code>
        </Text>
      ))}
    </Stack>
  );
}

/** An expression is shown as written (its lines kept); the other values are a person's words. */
function shownValue(property: PropertyChange['property'], value: string) {
  return property === 'expression' ? value : <UserText text={value} />;
}

/** A field the instance created again with a new id (proxy mode) says which. */
function asNewField(item: ChangeItem): string {
  const { newId, fieldId } = item;
  return newId !== undefined && newId !== null && newId !== fieldId ? ` as field ${newId}` : '';
}
