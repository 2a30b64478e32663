import { Button, Group } from '@mantine/core';
import { noFilters } from '../../../components/fields-links/table-address';
import type { FieldFilters } from '../../../components/fields-links/table-address';
import { activeFilters } from './active-filters';
import { RemovableChip } from './RemovableChip';

export function ActiveFilterChips({
  filters,
  onChange,
}: {
  filters: FieldFilters;
  /** Called with the filters that change. */
  onChange: (change: Partial<FieldFilters>) => void;
}) {
  const active = activeFilters(filters);
  if (active.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label="Active filters">
      {active.map((filter) => (
        <RemovableChip
          key={filter.key}
          label={filter.label}
          onRemove={() => onChange(filter.without)}
        />
      ))}
      <Button size="compact-sm" variant="subtle" onClick={() => onChange(noFilters)}>
        Clear all
      </Button>
    </Group>
  );
}
