import type { CheckedSource } from './link-sources';

/** What one backtick name stands for on each data source the field is linked to: always a column. */
export interface ReferenceCheck {
  name: string;
  /** Data sources with a column of that name. */
  columnOf: string[];
  /** Data sources whose columns are known and lack it: a broken reference. */
  missingFrom: string[];
  /** Data sources whose columns are not known. */
  uncheckedOn: string[];
}

/**
 * What a reference is: a column (or one missing, or not checked), or a calculated
 * field the expression nests with SERVICE_BEAST_MODE(<id>) (nested-fields.ts).
 */
export type ReferenceKind = 'column' | 'field' | 'missing' | 'unchecked' | 'searching' | 'unlinked';

/** A backtick name is always a column (docs/expressions.md); this checks it on each data source. */
export function checkReference(name: string, sources: readonly CheckedSource[]): ReferenceCheck {
  const check: ReferenceCheck = { name, columnOf: [], missingFrom: [], uncheckedOn: [] };
  for (const source of sources) {
    if (!source.columns) check.uncheckedOn.push(source.id);
    else if (source.columns.has(name)) check.columnOf.push(source.id);
    else check.missingFrom.push(source.id);
  }
  return check;
}

export function referenceKind(check: ReferenceCheck, sourceCount: number): ReferenceKind {
  if (sourceCount === 0) return 'unlinked';
  if (check.missingFrom.length > 0) return 'missing';
  if (check.uncheckedOn.length > 0) return 'unchecked';
  return 'column';
}
