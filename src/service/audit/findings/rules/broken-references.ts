import { brokenReferenceGroupKey } from '../../../../contract/workflows';
import type { Finding } from '../finding';
import { byGroupSize } from '../finding';
import { FindingGroups } from '../finding-groups';
import type { FindingContext } from '../finding-context';
import type { MissingReference } from '../references-between-fields';

const groupKey = (missing: MissingReference) =>
  brokenReferenceGroupKey(missing.place.type, missing.place.id, missing.column);

function describe(missing: MissingReference): string {
  const where = `${missing.place.type === 'CARD' ? 'card' : 'data source'} ${missing.place.id}`;
  return missing.column === undefined
    ? `a link to ${where} is broken (which name is missing is not known)`
    : `\`${missing.column}\` is missing from ${where}`;
}

/**
 * Fields with a link that is not VALID, grouped by the missing name and where it is
 * missing: those `references.missing` holds, in its order (ascending ids).
 */
export function brokenReferences({ references }: FindingContext): Finding {
  const groups = new Map<string, { key: string; ids: number[] } & MissingReference>();
  const notes = new Map<number, string>();
  for (const [id, missing] of references.missing) {
    notes.set(id, missing.map(describe).join('; '));
    for (const entry of missing) {
      const key = groupKey(entry);
      const group = groups.get(key);
      if (group) group.ids.push(id);
      else groups.set(key, { key, ids: [id], ...entry });
    }
  }
  return {
    key: 'broken-references',
    ids: [...notes.keys()],
    groups: FindingGroups.of([...groups.values()].sort(byGroupSize)),
    notes,
  };
}
