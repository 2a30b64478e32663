import { Divider, Popover, SimpleGrid, Stack, TagsInput } from '@mantine/core';
import { FilterButton } from '../toolbar-buttons';
import { memo } from 'react';
import type { FieldFilters } from '../../../links/table-address';
import { INVALID, VALID } from '../../../contract/field';
import { activeFilters } from './active-filters';
import { ExpressionFilters, ProblemFilters, StateFilters, UseFilters } from './FlagFilters';
import { DirectoryPicker } from './pickers/DirectoryPicker';
import { cardPicker, dataSourcePicker, ownerPicker } from './pickers/directory-picker-kinds';
import { FunctionPicker } from './pickers/FunctionPicker';

const knownStatuses = [VALID, INVALID];

/**
 * The Filters button and its menu. Drawn again only when the filters change (the page
 * re-renders for every search's progress; `onChange` is the same function throughout).
 */
export const FilterMenu = memo(function FilterMenu({
  filters,
  onChange,
}: {
  filters: FieldFilters;
  /** Called with the filters that change. */
  onChange: (change: Partial<FieldFilters>) => void;
}) {
  const activeCount = activeFilters(filters).length;

  return (
    <Popover
      position="bottom-start"
      width="min(760px, calc(100vw - 16px))"
      trapFocus
      returnFocus
      shadow="md"
      // Taller than the room below the button: as tall as that room, and the choices scroll inside.
      middlewares={{ flip: true, shift: true, size: { padding: 8 } }}
    >
      <Popover.Target>
        <FilterButton activeCount={activeCount} />
      </Popover.Target>
      <Popover.Dropdown style={{ overflowY: 'auto' }}>
        <FilterControls filters={filters} change={onChange} />
      </Popover.Dropdown>
    </Popover>
  );
});

/**
 * The menu's choices. Each picker is drawn again only when its own filter changes:
 * a pick in one of them does not redraw the other fifteen (`change` is the same
 * function from render to render, and each picker is memoized).
 */
function FilterControls({
  filters,
  change,
}: {
  filters: FieldFilters;
  change: (part: Partial<FieldFilters>) => void;
}) {
  return (
    // Two columns where there is room, so the menu scrolls little or not at all: what to
    // pick from lists, the problems and the expression's flags on the left; the field's
    // state and use on the right.
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
      <Stack gap="sm">
        <Divider label="Who and where" labelPosition="left" />
        <DirectoryPicker of={ownerPicker} ids={filters.owners} change={change} />
        <DirectoryPicker of={dataSourcePicker} ids={filters.dataSources} change={change} />
        <DirectoryPicker of={cardPicker} ids={filters.cards} change={change} />
        <FunctionPicker values={filters.functions} change={change} />
        <Divider label="Problems" labelPosition="left" />
        <ProblemFilters filters={filters} change={change} />
        <StatusPicker statuses={filters.statuses} change={change} />
        <Divider label="Expression" labelPosition="left" />
        <ExpressionFilters filters={filters} change={change} />
      </Stack>
      <Stack gap="sm">
        <Divider label="State" labelPosition="left" />
        <StateFilters filters={filters} change={change} />
        <Divider label="Use" labelPosition="left" />
        <UseFilters filters={filters} change={change} />
      </Stack>
    </SimpleGrid>
  );
}

const StatusPicker = memo(function StatusPicker({
  statuses,
  change,
}: {
  statuses: string[];
  change: (part: Partial<FieldFilters>) => void;
}) {
  return (
    <TagsInput
      label="Exactly these statuses"
      description="For a status an instance names besides VALID and INVALID; for any but VALID, tick Invalid status only."
      placeholder={statuses.length === 0 ? 'e.g. VALID' : undefined}
      data={knownStatuses}
      value={statuses}
      onChange={(picked) =>
        change({ statuses: [...new Set(picked.map((status) => status.toUpperCase()))] })
      }
      // Suggestions would otherwise open outside the popover and close it on click.
      comboboxProps={{ withinPortal: false }}
    />
  );
});
