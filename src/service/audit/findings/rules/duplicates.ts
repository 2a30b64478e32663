import type { Finding, FindingGroup } from '../finding';
import { ascending, byGroupSize } from '../finding';
import { FindingGroups } from '../finding-groups';
import type { RuleInput } from '../finding-context';
import { DuplicateScopes } from './duplicate-scope';
import { groupsByDigest } from './groups-by-digest';

/** Groups of field ids, each keyed by its first field's id (stable while the group stands). */
function groupsOf(idLists: Iterable<number[]>): FindingGroup[] {
  const groups: FindingGroup[] = [];
  for (const ids of idLists) groups.push({ key: String(ids[0]), ids });
  return groups;
}

function findingOf(key: Finding['key'], groups: FindingGroup[]): Finding {
  return {
    key,
    ids: ascending(groups.flatMap((group) => group.ids)),
    groups: FindingGroups.of(groups.sort(byGroupSize)),
    notes: new Map(),
  };
}

/**
 * Exact duplicates: fields with the same check sum (identical expressions) in the
 * same scope (duplicate-scope.ts). Near duplicates: fields in the same scope whose
 * expressions have the same shape (field-facts.ts, expressionShape) while not all
 * being identical: the same formula written differently. Archived fields are in
 * neither (groups-by-digest.ts).
 */
export function duplicates({ columns, directory }: RuleInput): { exact: Finding; near: Finding } {
  const scopes = DuplicateScopes.of(columns, directory);
  const { checkSums, shapes } = columns;
  const idsOf = (positions: number[]) => positions.map((at) => columns.idAt(at));
  const exact = groupsByDigest(checkSums, scopes, columns);
  const near = groupsByDigest(shapes, scopes, columns).filter((group) =>
    group.some((at) => !checkSums.same(at, group[0]!)),
  );
  return {
    exact: findingOf('exact-duplicates', groupsOf(exact.map(idsOf))),
    near: findingOf('near-duplicates', groupsOf(near.map(idsOf))),
  };
}
