import type { FunctionUsage } from '../../../contract/audit-functions';

/**
 * Every function and operator the fields use, with how many fields use it; most used
 * first. Counted from the index of every field, which lists the fields of each
 * function: counting every field's facts held the thread that answers requests
 * 69 ms at 100,000 fields.
 */
export function functionUsage(fieldsPerFunction: ReadonlyMap<string, number>): FunctionUsage[] {
  return [...fieldsPerFunction]
    .map(([name, fields]) => ({ name, fields }))
    .sort((a, b) => b.fields - a.fields || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
