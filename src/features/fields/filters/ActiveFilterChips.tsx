import { Button, Group } from '@mantine/core';
import { memo } from 'react';
import { noFilters } from '../../../links/table-address';
import type { FieldFilters } from '../../../links/table-address';
import { activeFilters } from './active-filters';
import { RemovableChip } from './RemovableChip';
import { useFilterNames } from './use-filter-names';

/** Drawn again only when the filters change, not whenever the page around it does. */
export const ActiveFilterChips = memo(function ActiveFilterChips({
  filters,
  onChange,
}: {
  filters: FieldFilters;
  /** Called with the filters that change. */
  onChange: (change: Partial<FieldFilters>) => void;
}) {
  const active = activeFilters(filters, useFilterNames(filters));
  // Variables are left out unless asked for; the chip says so, or the count would
  // differ from the audit's total with nothing on screen to explain why.
  const variablesHidden = !filters.showVariables;
  if (active.length === 0 && !variablesHidden) return null;
  return (
    <Group gap="xs" role="group" aria-label="Active filters">
      {active.map((filter) => (
        <RemovableChip
          key={filter.key}
          label={filter.label}
          onRemove={() => onChange(filter.without)}
        />
      ))}
      {variablesHidden && (
        <RemovableChip
          label="Variables hidden"
          description="Hidden by default; remove this to show variables too"
          variant="default"
          onRemove={() => onChange({ showVariables: true })}
        />
      )}
      {active.length > 0 && (
        <Button size="compact-sm" variant="subtle" onClick={() => onChange(noFilters)}>
          Clear all
        </Button>
      )}
    </Group>
  );
});
