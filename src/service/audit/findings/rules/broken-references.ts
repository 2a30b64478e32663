import { brokenReferenceGroupKey } from '../../../../contract/workflows';
import type { Finding } from '../finding';
import { byGroupSize } from '../finding';
import { FindingGroups } from '../finding-groups';
import type { FindingContext } from '../finding-context';
import type { MissingReference } from '../references-between-fields';
import { missingReferenceWords } from '../missing-reference-words';

const groupKey = (missing: MissingReference) =>
  brokenReferenceGroupKey(missing.place.type, missing.place.id, missing.column);

/**
 * Fields with a link that is not VALID, grouped by the missing name and where it is
 * missing: those `references.missing` holds, in its order (ascending ids). Each field's
 * note is its groups' labels.
 */
export function brokenReferences({ references, directory }: FindingContext): Finding {
  const groups = new Map<string, { key: string; ids: number[] } & MissingReference>();
  const notes = new Map<number, string>();
  for (const [id, missing] of references.missing) {
    notes.set(id, missing.map((entry) => missingReferenceWords(directory, entry)).join('; '));
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
