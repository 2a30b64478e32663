import { Checkbox, Switch } from '@mantine/core';
import type { FieldFilters } from '../../../components/fields-links/table-address';
import { FlagChoice } from './FlagChoice';

type Change = (part: Partial<FieldFilters>) => void;

/** The filters on a field's state: lock, archive, status, links, variables. */
export function StateFilters({ filters, change }: { filters: FieldFilters; change: Change }) {
  return (
    <>
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
      <Switch
        label="Show variables"
        checked={filters.showVariables}
        onChange={(event) => change({ showVariables: event.currentTarget.checked })}
      />
      <FlagChoice
        label="Global"
        yes="Global"
        no="Not global"
        value={filters.global}
        onChange={(global) => change({ global })}
      />
      <FlagChoice
        label="Hidden"
        yes="Hidden"
        no="Not hidden"
        value={filters.hidden}
        onChange={(hidden) => change({ hidden })}
      />
    </>
  );
}

/** The filters on where a field is used. */
export function UseFilters({ filters, change }: { filters: FieldFilters; change: Change }) {
  return (
    <>
      <FlagChoice
        label="Active link"
        yes="Active"
        no="Unused"
        description="Unused: no active link of any kind (the API's notactive). The audit's Unused finding differs: no active card link and no other field referencing it."
        value={filters.active}
        onChange={(active) => change({ active })}
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
    </>
  );
}

/** The filters on what the expression does. */
export function ExpressionFilters({ filters, change }: { filters: FieldFilters; change: Change }) {
  return (
    <>
      <FlagChoice
        label="Aggregated"
        yes="Aggregates"
        no="Does not"
        value={filters.aggregated}
        onChange={(aggregated) => change({ aggregated })}
      />
      <FlagChoice
        label="Nested"
        yes="Uses other fields"
        no="Does not"
        description="The expression references another calculated field."
        value={filters.nested}
        onChange={(nested) => change({ nested })}
      />
    </>
  );
}
