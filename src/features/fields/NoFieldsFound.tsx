import { Button, EmptyState, Group } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { activeFilters } from './field-filters';
import { RemovableChip } from './RemovableChip';
import type { TableParams } from './table-params';

/** No rows: says what narrows the search, with a button to relax each. */
export function NoFieldsFound({
  params,
  totalHits,
  onChange,
}: {
  params: TableParams;
  totalHits: number;
  onChange: (change: Partial<TableParams>) => void;
}) {
  if (totalHits > 0) {
    return (
      <EmptyState
        icon={<IconFilterOff />}
        title={`Page ${params.page} is past the end`}
        description={`${totalHits.toLocaleString()} fields match, on fewer pages.`}
      >
        <EmptyState.Actions>
          <Button onClick={() => onChange({ page: 1 })}>Go to the first page</Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  const { filters, name } = params;
  return (
    <EmptyState
      icon={<IconFilterOff />}
      title="No calculated fields match"
      description="Relax the search or one of the filters:"
    >
      <EmptyState.Actions>
        <Group gap="xs" justify="center">
          {name !== '' && (
            <RemovableChip
              label={`Name contains “${name}”`}
              onRemove={() => onChange({ name: '' })}
            />
          )}
          {activeFilters(filters).map((filter) => (
            <RemovableChip
              key={filter.key}
              label={filter.label}
              onRemove={() => onChange({ filters: filter.without })}
            />
          ))}
          {!filters.showVariables && (
            <Button
              size="compact-sm"
              variant="default"
              radius="xl"
              onClick={() => onChange({ filters: { ...filters, showVariables: true } })}
            >
              Show variables too
            </Button>
          )}
        </Group>
      </EmptyState.Actions>
    </EmptyState>
  );
}
