import { Button, EmptyState, Group } from '@mantine/core';
import { IconFilterOff } from '../../../components/icons/icons';
import type { TableView } from '../../../links/table-address';
import { activeFilters } from './active-filters';
import { RemovableChip } from './RemovableChip';
import { useFilterNames } from './use-filter-names';

interface Props {
  view: TableView;
  totalHits: number;
  onChange: (change: Partial<TableView>) => void;
}

/** Fields match, but not on this page (a link to a page that no longer exists). */
function PastTheEnd({ view, totalHits, onChange }: Props) {
  return (
    <EmptyState
      icon={<IconFilterOff />}
      title={`Page ${view.page} is past the end`}
      description={`${totalHits.toLocaleString()} fields match, on fewer pages.`}
    >
      <EmptyState.Actions>
        <Button onClick={() => onChange({ page: 1 })}>Go to the first page</Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** Nothing matches: one button per thing that narrows the search, to relax it. */
function NothingMatches({ view, onChange }: Props) {
  const { name } = view;
  const names = useFilterNames(view);
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
          {activeFilters(view, names).map((filter) => (
            <RemovableChip
              key={filter.key}
              label={filter.label}
              onRemove={() => onChange(filter.without)}
            />
          ))}
          {!view.showVariables && (
            <Button
              size="compact-sm"
              variant="default"
              radius="xl"
              onClick={() => onChange({ showVariables: true })}
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
