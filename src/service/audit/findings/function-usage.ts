import type { FunctionUsage } from '../../../contract/audit-functions';
import type { FieldFacts } from './field-facts';

/** Every function and operator the fields use, with how many fields use it; most used first. */
export function functionUsage(fields: Iterable<FieldFacts>): FunctionUsage[] {
  const counts = new Map<string, number>();
  for (const field of fields) {
    for (const name of new Set(field.functions)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .map(([name, fields]) => ({ name, fields }))
    .sort((a, b) => b.fields - a.fields || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
