import type { CalculatedField } from '../../contract/field';
import { showHiddenCharacters } from '../../contract/hidden-characters';
import type { OwnerWords } from './use-owner-words';
import { ownerIdWords } from './use-owner-words';

/** The properties a person changes, in the order a change lists them. */
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

/**
 * The same change in one line's words: "name: Revenue → Revenue (net)". The
 * expression is left to a diff; a deleted or recreated field says so.
 */
export function describeChange(
  before: CalculatedField | null,
  after: CalculatedField | null,
  ownerWords: OwnerWords = ownerIdWords,
): string[] {
  if (before && !after) return ['deleted'];
  if (!before && after) return ['created again'];
  if (!before || !after) return [];
  return changedProperties(before, after).map(({ property, before: was, after: now }) => {
    if (property === 'expression') return 'expression changed';
    if (property === 'owner')
      return `owner: ${ownerWords(before.owner)} → ${ownerWords(after.owner)}`;
    return `${property}: ${showHiddenCharacters(was)} → ${showHiddenCharacters(now)}`;
  });
}
