import type { CalculatedField } from '../../contract/field';
import { editableProperties } from '../../contract/template-writes';
import type { UpdateOf } from './journal-target';

/** What a change set changes of a field: what an update may change, and the lock. */
export const recordedProperties = [...editableProperties, 'locked'] as const;

/** The update that makes `from` into `to` in every recorded property; empty when they agree. */
export function updateBetween(from: CalculatedField, to: CalculatedField): Partial<UpdateOf> {
  const update: Record<string, unknown> = {};
  for (const property of recordedProperties) {
    if (from[property] !== to[property]) update[property] = to[property];
  }
  return update as Partial<UpdateOf>;
}

/** Whether the field has every value the update sets. */
export function hasValuesOf(field: CalculatedField, update: UpdateOf): boolean {
  return Object.entries(update).every(
    ([property, value]) => field[property as keyof UpdateOf] === value,
  );
}
