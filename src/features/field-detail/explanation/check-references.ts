import type { FieldsNamed } from '../../../api/calculated-fields/find-fields-named';
import type { SearchResultItem } from '../../../contract/field';
import type { CheckedSource } from './link-sources';
import { DATA_SOURCE } from './link-sources';

/** What one backtick name stands for on each data source the field is linked to. */
export interface ReferenceCheck {
  name: string;
  /** Data sources with a column of that name. */
  columnOf: string[];
  /** Calculated fields of that name on one of the data sources (a nested reference). */
  fields: SearchResultItem[];
  /** Data sources where it is neither a column nor a calculated field: a broken reference. */
  missingFrom: string[];
  /** Data sources whose columns are not known, where no field of that name was found. */
  uncheckedOn: string[];
  /** The search for fields of that name has not answered (or failed). */
  searching: boolean;
  /** The search stopped before seeing every field whose name contains it. */
  incomplete: boolean;
}

export type ReferenceKind = 'column' | 'field' | 'missing' | 'unchecked' | 'searching' | 'unlinked';

/**
 * A column of the data source comes first; otherwise a calculated field of that
 * name linked to it; otherwise the reference is broken there (docs/expressions.md,
 * nested references). `named` is undefined while the name search runs, or when
 * none was needed (a column everywhere); 'failed' when it could not be done.
 */
export function checkReference(
  name: string,
  sources: readonly CheckedSource[],
  named: FieldsNamed | 'failed' | undefined,
): ReferenceCheck {
  const check: ReferenceCheck = {
    name,
    columnOf: [],
    fields: [],
    missingFrom: [],
    uncheckedOn: [],
    searching: false,
    incomplete: named === 'failed' || named?.complete === false,
  };
  const fields = new Map<number, SearchResultItem>();
  for (const source of sources) {
    if (source.columns?.has(name)) {
      check.columnOf.push(source.id);
      continue;
    }
    if (named === undefined) {
      check.searching = true;
      continue;
    }
    if (named === 'failed') {
      check.uncheckedOn.push(source.id);
      continue;
    }
    const here = named.fields.filter((field) => linksTo(field, source.id));
    for (const field of here) fields.set(field.id, field);
    if (here.length > 0) continue;
    if (source.columns) check.missingFrom.push(source.id);
    else check.uncheckedOn.push(source.id);
  }
  check.fields = [...fields.values()];
  return check;
}

/** True when some source's column list lacks the name, so the name search is needed. */
export function needsNameSearch(name: string, sources: readonly CheckedSource[]): boolean {
  return sources.some((source) => !source.columns?.has(name));
}

export function referenceKind(check: ReferenceCheck, sourceCount: number): ReferenceKind {
  if (sourceCount === 0) return 'unlinked';
  if (check.missingFrom.length > 0) return 'missing';
  if (check.fields.length > 0) return 'field';
  if (check.searching) return 'searching';
  if (check.uncheckedOn.length > 0) return 'unchecked';
  return 'column';
}

function linksTo(field: SearchResultItem, dataSourceId: string): boolean {
  return field.links.some(
    (link) => link.resource.type === DATA_SOURCE && link.resource.id === dataSourceId,
  );
}
