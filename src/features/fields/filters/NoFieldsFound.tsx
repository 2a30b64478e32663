import { Button, EmptyState, Group } from '@mantine/core';
import { IconFilterOff } from '../../../components/icons/icons';
import { findingTitles } from '../../../contract/finding-kinds';
import type { FindingScope } from '../../../contract/finding-kinds';
import type { TableView } from '../../../links/table-address';
import { activeFilters } from './active-filters';
import { RemovableChip } from './RemovableChip';
import { useFilterNames } from './use-filter-names';

interface Props {
  view: TableView;
  totalHits: number;
  onChange: (change: Partial<TableView>) => void;
  /** The audit finding the table lists the fields of, if any. */
  finding?: FindingScope;
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

/** A finding that lists no field, searched with nothing narrowing it: the audit's words. */
function FindingWithoutFields({ finding }: { finding: FindingScope }) {
  return (
    <EmptyState
      icon={<IconFilterOff />}
      title={`No field found: ${findingTitles[finding.key]}.`}
      description={`The latest scan lists no field ${finding.group === undefined ? 'under this finding' : 'in this group'}.`}
    />
  );
}

/** Nothing matches: one button per thing that narrows the search, to relax it. */
function NothingMatches({ view, onChange, finding }: Props) {
  const { name } = view;
  const names = useFilterNames(view);
  // Variables shown widens the search: taking that away never makes a field match.
  const relaxable = activeFilters(view, names).filter((filter) => filter.key !== 'variables');
  if (finding && name === '' && relaxable.length === 0 && view.showVariables) {
    return <FindingWithoutFields finding={finding} />;
  }
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
          {relaxable.map((filter) => (
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
