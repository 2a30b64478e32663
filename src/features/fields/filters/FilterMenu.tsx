import { Badge, Button, Checkbox, Popover, Stack, Switch, TagsInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { FlagChoice } from './FlagChoice';
import { isOwnerId } from '../../../components/fields-links/table-address';
import type { FieldFilters } from '../../../components/fields-links/table-address';
import { activeFilters } from './active-filters';
import { filterSuggestions } from './filter-suggestions';
import { INVALID, VALID } from '../../../contract/field';

const knownStatuses = [VALID, INVALID];

/** Suggestions would otherwise open outside the popover and close it on click. */
const inPopover = { comboboxProps: { withinPortal: false } };

export function FilterMenu({
  filters,
  onChange,
}: {
  filters: FieldFilters;
  /** Called with the filters that change. */
  onChange: (change: Partial<FieldFilters>) => void;
}) {
  const change = onChange;
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
      {/* Taller than a small screen: the choices scroll inside. */}
      <Popover.Dropdown mah="calc(100dvh - 140px)" style={{ overflowY: 'auto' }}>
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
  return (
    <Stack gap="sm">
      <FlagChoice
        label="Lock"
        yes="Locked"
        no="Unlocked"
        value={filters.locked}
        onChange={(locked) => change({ locked })}
      />
      <FlagChoice
        label="Archived"
        yes="Archived"
        no="Not archived"
        value={filters.archived}
        onChange={(archived) => change({ archived })}
      />
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
      <FlagChoice
        label="Saved on"
        yes="A data source"
        no="A card"
        value={filters.onDataSource}
        onChange={(onDataSource) => change({ onDataSource })}
      />
      <FlagChoice
        label="Used in a visualization"
        yes="Used"
        no="Not used"
        value={filters.inVisualization}
        onChange={(inVisualization) => change({ inVisualization })}
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
      <TagsInput
        label="Statuses"
        description="Fields whose status is one of these."
        placeholder={filters.statuses.length === 0 ? 'e.g. VALID' : undefined}
        data={knownStatuses}
        value={filters.statuses}
        onChange={(statuses) =>
          change({ statuses: [...new Set(statuses.map((status) => status.toUpperCase()))] })
        }
        {...inPopover}
      />
    </Stack>
  );
}
