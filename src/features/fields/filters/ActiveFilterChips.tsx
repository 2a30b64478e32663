import { Button, Group } from '@mantine/core';
import { activeFilters, noFilters } from '../../../components/fields-table-url/field-filters';
import type { FieldFilters } from '../../../components/fields-table-url/field-filters';
import { RemovableChip } from './RemovableChip';

export function ActiveFilterChips({
  filters,
  onChange,
}: {
  filters: FieldFilters;
  onChange: (filters: FieldFilters) => void;
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
