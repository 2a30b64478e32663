import type { CalculatedField } from '../../contract/field';

/** The properties a person changes, in the order the Activity page lists them. */
const shownProperties = [
  'name',
  'expression',
  'owner',
  'archived',
  'hidden',
  'global',
  'dataType',
  'locked',
  'status',
] as const;

export interface PropertyChange {
  property: (typeof shownProperties)[number];
  before: string;
  after: string;
}

const text = (field: CalculatedField | null, property: PropertyChange['property']) =>
  field ? String(field[property]) : '';

/** What differs between a field's state before and after a change; every property for a create or delete. */
export function changedProperties(
  before: CalculatedField | null,
  after: CalculatedField | null,
): PropertyChange[] {
  return shownProperties
    .map((property) => ({ property, before: text(before, property), after: text(after, property) }))
    .filter((change) => change.before !== change.after);
}
