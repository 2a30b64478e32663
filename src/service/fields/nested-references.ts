import type { CycleMembership } from '../../analysis/reference-cycles';
import { referenceCycles } from '../../analysis/reference-cycles';
import { ILLEGAL_REFERENCE, VALID } from '../../contract/field';

/** What resolving references needs to know of one field. */
export interface ReferenceFacts {
  id: number;
  name: string;
  /** The distinct names its expression writes between backticks. */
  referencedNames: readonly string[];
  /** The data source each link stands for, in link order; undefined when unknown. */
  linkSources: readonly (string | undefined)[];
}

export interface ResolvedReferences {
  /** Ids of the calculated fields the expression references, ascending. */
  references: number[];
  /** `valid` of each link, in link order. */
  linkValidity: string[];
  /** Set when the field reaches itself through references. */
  cycle?: CycleMembership;
}

/**
 * Resolves every backtick name of every field (docs/expressions.md, references
 * between fields): a column of the link's data source is a column; otherwise a
 * calculated field of that name linked to the same data source is a nested
 * reference; otherwise the link is ILLEGAL_REFERENCE. Cycles are found over all
 * the fields given, so give every field that can reference another.
 */
export function resolveReferences(
  fields: readonly ReferenceFacts[],
  columnsBySource: ReadonlyMap<string, readonly string[]>,
): Map<number, ResolvedReferences> {
  const columns = new Map<string, ReadonlySet<string>>();
  const columnsOf = (source: string) => {
    let set = columns.get(source);
    if (!set) {
      set = new Set(columnsBySource.get(source));
      columns.set(source, set);
    }
    return set;
  };
  const fieldsOnSource = fieldsByNameOnSource(fields);

  const resolved = new Map<number, ResolvedReferences>();
  for (const field of fields) {
    const references = new Set<number>();
    const linkValidity = field.linkSources.map((source) => {
      if (source === undefined || !columnsBySource.has(source)) return ILLEGAL_REFERENCE;
      const sourceColumns = columnsOf(source);
      const named = fieldsOnSource.get(source);
      let valid = true;
      for (const name of field.referencedNames) {
        if (sourceColumns.has(name)) continue;
        const targets = named?.get(name);
        if (targets === undefined) valid = false;
        else for (const target of targets) references.add(target);
      }
      return valid ? VALID : ILLEGAL_REFERENCE;
    });
    resolved.set(field.id, {
      references: [...references].sort((a, b) => a - b),
      linkValidity,
    });
  }

  const graph = new Map([...resolved].map(([id, { references }]) => [id, references]));
  for (const [id, cycle] of referenceCycles(graph)) resolved.get(id)!.cycle = cycle;
  return resolved;
}

/** Data source id -> field name -> ids of the fields with that name linked to it. */
function fieldsByNameOnSource(
  fields: readonly ReferenceFacts[],
): Map<string, Map<string, number[]>> {
  const bySource = new Map<string, Map<string, number[]>>();
  for (const field of fields) {
    for (const source of new Set(field.linkSources)) {
      if (source === undefined) continue;
      let byName = bySource.get(source);
      if (!byName) {
        byName = new Map();
        bySource.set(source, byName);
      }
      const ids = byName.get(field.name);
      if (ids) ids.push(field.id);
      else byName.set(field.name, [field.id]);
    }
  }
  return bySource;
}
