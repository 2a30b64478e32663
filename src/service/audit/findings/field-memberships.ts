import type { FieldFindingKeys, FindingKey } from '../../../contract/audit';
import { findingKeys } from '../../../contract/audit';
import type { Findings } from './compute-findings';
import type { Finding, FindingGroup } from './finding';

/** The findings one field is in, each with the groups of it that hold the field (none for a finding without groups). */
export type FieldMemberships = ReadonlyMap<FindingKey, readonly FindingGroup[]>;

/**
 * Which findings hold a field, and which of their groups: read from the findings
 * themselves, whose ids are ascending, so nothing is made for every field. A map of
 * every field's findings, made on the first drawer or export, held the thread that
 * answers requests 79 ms at 100,000 fields. A finding's groups are turned around
 * (each of its fields -> the groups that hold it) when first asked, in typed arrays.
 */
export class MembershipsByField {
  private readonly groupsByField = new Map<FindingKey, GroupsByField>();

  constructor(private readonly byKey: Findings['byKey']) {}

  /** The findings that hold the field, in the findings' order, each with its groups that do. */
  of(fieldId: number): FieldMemberships {
    const memberships = new Map<FindingKey, readonly FindingGroup[]>();
    for (const finding of Object.values(this.byKey)) {
      const at = indexIn(finding.ids, fieldId);
      if (at < 0) continue;
      memberships.set(finding.key, finding.groups.length > 0 ? this.groupsOf(finding).at(at) : []);
    }
    return memberships;
  }

  private groupsOf(finding: Finding): GroupsByField {
    let groups = this.groupsByField.get(finding.key);
    if (!groups) this.groupsByField.set(finding.key, (groups = new GroupsByField(finding)));
    return groups;
  }
}

/** One finding's groups by field: for its i-th field, the groups that hold it, in order. */
class GroupsByField {
  /** Where the i-th field's groups start in `groups`; they end where the next's start. */
  private readonly starts: Int32Array;
  /** Indexes into the finding's groups. */
  private readonly groups: Int32Array;

  constructor(private readonly finding: Finding) {
    const { ids } = finding;
    const starts = new Int32Array(ids.length + 1);
    const eachMember = (visit: (at: number, group: number) => void) =>
      finding.groups.forEach((group, index) => {
        for (const id of group.ids) {
          const at = indexIn(ids, id);
          if (at >= 0) visit(at, index);
        }
      });
    // A group's fields are the finding's: each is counted, then put in its place.
    eachMember((at) => (starts[at + 1]! += 1));
    for (let i = 1; i < starts.length; i += 1) starts[i]! += starts[i - 1]!;
    const next = starts.slice(0, ids.length);
    this.groups = new Int32Array(starts[ids.length]!);
    eachMember((at, group) => (this.groups[next[at]!++] = group));
    this.starts = starts;
  }

  /** The groups that hold the finding's `at`-th field. */
  at(at: number): FindingGroup[] {
    const held: FindingGroup[] = [];
    for (let i = this.starts[at]!; i < this.starts[at + 1]!; i += 1) {
      held.push(this.finding.groups[this.groups[i]!]!);
    }
    return held;
  }
}

/** Where `id` is in ascending `ids`, or -1. */
function indexIn(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return ids[low] === id ? low : -1;
}

/**
 * The findings that hold one field, in the findings' order (as the drawer lists them),
 * each with what it says of the field where it says more than its rule.
 */
export function findingKeysOf(
  findings: Findings,
  fieldId: number,
  memberships: FieldMemberships,
): FieldFindingKeys['findings'] {
  return findingKeys
    .filter((key) => memberships.has(key))
    .map((key) => {
      const note = findings.byKey[key].notes.get(fieldId);
      return note === undefined ? { key } : { key, note };
    });
}
