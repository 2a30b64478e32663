import { Checkbox, Switch } from '@mantine/core';
import { memo } from 'react';
import type { FieldFilters } from '../../../links/table-address';
import { FlagChoice } from './FlagChoice';

type Change = (part: Partial<FieldFilters>) => void;

/** The filters on what is wrong with a field: its status and its links. */
export function ProblemFilters({ filters, change }: { filters: FieldFilters; change: Change }) {
  return (
    <>
      <FlagToggle
        flag="invalidOnly"
        label="Invalid status only"
        description="Any status but VALID."
        checked={filters.invalidOnly}
        change={change}
      />
      <FlagToggle
        flag="brokenLinksOnly"
        label="Broken links only"
        description="Some link is not VALID, e.g. ILLEGAL_REFERENCE."
        checked={filters.brokenLinksOnly}
        change={change}
      />
    </>
  );
}

/** The filters on a field's state: lock, archive, variables, global, hidden. */
export function StateFilters({ filters, change }: { filters: FieldFilters; change: Change }) {
  return (
    <>
      <FlagChoice
        flag="locked"
        label="Lock"
        yes="Locked"
        no="Unlocked"
        value={filters.locked}
        change={change}
      />
      <FlagChoice
        flag="archived"
        label="Archived"
        yes="Archived"
        no="Not archived"
        value={filters.archived}
        change={change}
      />
      <FlagToggle
        flag="showVariables"
        label="Show variables"
        checked={filters.showVariables}
        change={change}
        asSwitch
      />
      <FlagChoice
        flag="global"
        label="Global"
        yes="Global"
        no="Not global"
        value={filters.global}
        change={change}
      />
      <FlagChoice
        flag="hidden"
        label="Hidden"
        yes="Hidden"
        no="Not hidden"
        value={filters.hidden}
        change={change}
      />
    </>
  );
}

/** The filters on where a field is used. */
export function UseFilters({ filters, change }: { filters: FieldFilters; change: Change }) {
  return (
    <>
      <FlagChoice
        flag="active"
        label="Active link"
        yes="Active"
        no="No active link"
        description="No active link of any kind (the API's notactive). Not the audit's Unused finding, which asks for no active card link and no other field referencing it."
        value={filters.active}
        change={change}
      />
      <FlagChoice
        flag="onDataSource"
        label="Saved on"
        yes="A data source"
        no="A card"
        value={filters.onDataSource}
        change={change}
      />
      <FlagChoice
        flag="inVisualization"
        label="Used in a visualization"
        yes="Used"
        no="Not used"
        value={filters.inVisualization}
        change={change}
      />
    </>
  );
}

/** The filters on what the expression does. */
export function ExpressionFilters({ filters, change }: { filters: FieldFilters; change: Change }) {
  return (
    <>
      <FlagChoice
        flag="aggregated"
        label="Aggregated"
        yes="Aggregates"
        no="Does not"
        value={filters.aggregated}
        change={change}
      />
      <FlagChoice
        flag="nested"
        label="Nested"
        yes="Used by other fields"
        no="Not used by any"
        description="Another calculated field nests this one: its expression uses it with SERVICE_BEAST_MODE(id)."
        value={filters.nested}
        change={change}
      />
    </>
  );
}

/** A filter that is on or off; like `FlagChoice`, drawn again only when it changes. */
const FlagToggle = memo(function FlagToggle({
  flag,
  label,
  description,
  checked,
  change,
  asSwitch = false,
}: {
  flag: 'invalidOnly' | 'brokenLinksOnly' | 'showVariables';
  label: string;
  description?: string;
  checked: boolean;
  change: Change;
  /** A switch rather than a checkbox: for what is shown rather than what is matched. */
  asSwitch?: boolean;
}) {
  const Toggle = asSwitch ? Switch : Checkbox;
  return (
    <Toggle
      label={label}
      description={description}
      checked={checked}
      onChange={(event) => change({ [flag]: event.currentTarget.checked })}
    />
  );
});
