import { changeSetName } from '../../contract/change-set-name';
import { Code, Group, Stack, Text } from '@mantine/core';
import { useItemPages } from '../../api/journal/change-set-items';
import { ErrorState } from '../../components/ErrorState';
import type { ChangeItem, ChangeSetSummary } from '../../contract/journal';
import { FieldLink } from '../../components/FieldLink';
import { LongList } from '../../components/LongList';
import {
  changedProperties,
  type PropertyChange,
} from '../../components/change-sets/changed-properties';
import { skipWords } from '../../components/change-sets/change-words';
import type { OwnerWords } from '../../components/change-sets/use-owner-words';
import { useOwnerWords } from '../../components/change-sets/use-owner-words';
import { UserText } from '../../components/UserText';

/**
 * The items of one change set: each field, what happened to it and why, and what
 * changed, read a page at a time as the list shows them.
 */
export function ChangeSetItems({ changeSet }: { changeSet: ChangeSetSummary }) {
  const { id } = changeSet;
  const pages = useItemPages(id, undefined, changeSet.finishedAt);
  return (
    <Stack gap="xs">
      {pages.error && (
        <ErrorState
          title="The items could not be loaded"
          error={pages.error}
          onRetry={() => void pages.refetch()}
        />
      )}
      <LongList
        label={`Items of ${changeSetName(id)}`}
        count={changeSet.counts.total}
        itemAt={pages.itemAt}
        onShown={pages.onShown}
        maxHeight={480}
        itemHeight={52}
        renderItem={(item) => <ItemLine item={item} />}
      />
    </Stack>
  );
}

/** One field of the set: its link, what happened to it and why, and what changed. */
function ItemLine({ item }: { item: ChangeItem }) {
  const reason = reasonOf(item);
  return (
    <Stack gap={2} py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs">
        <FieldLink id={item.newId ?? item.fieldId}>
          <UserText text={item.fieldName} />
        </FieldLink>
        <Text size="sm" fw={600}>
          {item.state}
        </Text>
        {reason && <Text size="sm">{reason}</Text>}
      </Group>
      <ItemDiff item={item} />
    </Stack>
  );
}

function reasonOf(item: ChangeItem): string {
  return item.reason ? skipWords(item) : (item.error?.message ?? '');
}

function ItemDiff({ item }: { item: ChangeItem }) {
  const ownerWords = useOwnerWords(item.before, item.after);
  if ('delete' in item.change && item.state === 'applied') return <Text size="sm">deleted</Text>;
  if ('restore' in item.change) return <Text size="sm">created again{asNewField(item)}</Text>;
  const changes = item.before && item.after ? changedProperties(item.before, item.after) : [];
  if (changes.length === 0) return null;
  return (
    <Stack gap={2}>
      {changes.map(({ property, before, after }) => (
        <Text size="sm" key={property}>
          {property}: <Code>{shownValue(property, before, ownerWords)}</Code> →{' '}
          <Code>{shownValue(property, after, ownerWords)}</Code>
        </Text>
      ))}
    </Stack>
  );
}

/**
 * An expression is shown as written (its lines kept), an owner named where the instance
 * names them; the other values are a person's words.
 */
function shownValue(property: PropertyChange['property'], value: string, ownerWords: OwnerWords) {
  if (property === 'expression') return value;
  if (property === 'owner') return <UserText text={ownerWords(Number(value))} />;
  return <UserText text={value} />;
}

/** A field the instance created again with a new id (proxy mode) says which. */
function asNewField(item: ChangeItem): string {
  const { newId, fieldId } = item;
  return newId !== undefined && newId !== null && newId !== fieldId ? ` as field ${newId}` : '';
}
