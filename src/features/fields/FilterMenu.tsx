import {
  Badge,
  Button,
  Checkbox,
  Popover,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
} from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { activeFilters, isOwnerId } from './field-filters';
import type { FieldFilters } from './field-filters';
import { filterSuggestions } from './filter-suggestions';

type Choice = 'any' | 'yes' | 'no';

function choiceOf(value: boolean | undefined): Choice {
  if (value === undefined) return 'any';
  return value ? 'yes' : 'no';
}

function valueOf(choice: string): boolean | undefined {
  if (choice === 'any') return undefined;
  return choice === 'yes';
}

/** Suggestions would otherwise open outside the popover and close it on click. */
const inPopover = { comboboxProps: { withinPortal: false } };

export function FilterMenu({
  filters,
  onChange,
}: {
  filters: FieldFilters;
  onChange: (filters: FieldFilters) => void;
}) {
  const change = (part: Partial<FieldFilters>) => onChange({ ...filters, ...part });
  const activeCount = activeFilters(filters).length;

  return (
    <Popover position="bottom-start" width={380} trapFocus returnFocus shadow="md">
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          rightSection={
            activeCount > 0 ? (
              <Badge size="sm" circle>
                {activeCount}
              </Badge>
            ) : null
          }
        >
          Filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <FilterControls filters={filters} change={change} />
      </Popover.Dropdown>
    </Popover>
  );
}

function FilterControls({
  filters,
  change,
}: {
  filters: FieldFilters;
  change: (part: Partial<FieldFilters>) => void;
}) {
  const suggestions = filterSuggestions(useQueryClient());
  const lockLabel = useId();
  const archivedLabel = useId();
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={lockLabel}>
          Lock
        </Text>
        <SegmentedControl
          aria-labelledby={lockLabel}
          value={choiceOf(filters.locked)}
          onChange={(choice) => change({ locked: valueOf(choice) })}
          data={[
            { value: 'any', label: 'Any' },
            { value: 'yes', label: 'Locked' },
            { value: 'no', label: 'Unlocked' },
          ]}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={archivedLabel}>
          Archived
        </Text>
        <SegmentedControl
          aria-labelledby={archivedLabel}
          value={choiceOf(filters.archived)}
          onChange={(choice) => change({ archived: valueOf(choice) })}
          data={[
            { value: 'any', label: 'Any' },
            { value: 'yes', label: 'Archived' },
            { value: 'no', label: 'Not archived' },
          ]}
        />
      </Stack>
      <Checkbox
        label="Invalid status only"
        checked={filters.invalidOnly}
        onChange={(event) => change({ invalidOnly: event.currentTarget.checked })}
      />
      <Checkbox
        label="Broken links only"
        description="Some link is not VALID, e.g. ILLEGAL_REFERENCE."
        checked={filters.brokenLinksOnly}
        onChange={(event) => change({ brokenLinksOnly: event.currentTarget.checked })}
      />
      <Switch
        label="Show variables"
        checked={filters.showVariables}
        onChange={(event) => change({ showVariables: event.currentTarget.checked })}
      />
      <TagsInput
        label="Owner ids"
        description="Numeric user ids; press Enter after each."
        placeholder={filters.owners.length === 0 ? 'e.g. 15914' : undefined}
        data={suggestions.owners}
        value={filters.owners.map(String)}
        onChange={(owners) => change({ owners: owners.filter(isOwnerId).map(Number) })}
        limit={20}
        {...inPopover}
      />
      <TagsInput
        label="Data source ids"
        description="Fields linked to any of these data sources."
        placeholder={filters.dataSources.length === 0 ? 'a data source uuid' : undefined}
        data={suggestions.dataSources}
        value={filters.dataSources}
        onChange={(dataSources) => change({ dataSources })}
        limit={20}
        {...inPopover}
      />
    </Stack>
  );
}
