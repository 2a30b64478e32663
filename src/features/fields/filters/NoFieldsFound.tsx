import { Button, EmptyState, Group } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { activeFilters } from '../../../components/fields-table-url/field-filters';
import { RemovableChip } from './RemovableChip';
import type { TableParams } from '../../../components/fields-table-url/table-params';

interface Props {
  params: TableParams;
  totalHits: number;
  onChange: (change: Partial<TableParams>) => void;
}

/** Fields match, but not on this page (a link to a page that no longer exists). */
function PastTheEnd({ params, totalHits, onChange }: Props) {
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

/** Nothing matches: one button per thing that narrows the search, to relax it. */
function NothingMatches({ params, onChange }: Props) {
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

export function NoFieldsFound(props: Props) {
  return (
    <section aria-label="No results">
      {props.totalHits > 0 ? <PastTheEnd {...props} /> : <NothingMatches {...props} />}
    </section>
  );
}
